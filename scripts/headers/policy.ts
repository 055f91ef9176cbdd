// The site's one header policy: every HTTP response header it needs, per URL path, built from
// data/site.yaml and the rendered pages. dist/_headers is written from it (Netlify and Cloudflare
// Pages read that file), `npm start` serves with it, and the nginx config is generated from it.
import type { Business } from "../data/model.ts";
import { eventsAddressProblem } from "../data/events-address.ts";
import { isHostName } from "../data/web-address.ts";
import { GIT_HOST } from "../site/editor.ts";
import { ADMIN_FILE, NOT_FOUND_FILE, pathForFile } from "../site/urls.ts";
import { mergeSources, pageSources, serializePolicy, type PageContext, type PolicySources } from "./csp.ts";
import { PolicyError } from "./policy-error.ts";
import type { HeaderRule, HeaderSet } from "./rules.ts";

/** The rule every response gets. */
const SITE_WIDE = "/*";

/** Where content-hashed files live; they never change under one name. */
const HASHED_ASSETS = "/assets/*";

const CACHE_REVALIDATE = "no-cache";
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Powerful features the site never uses, denied to it and to the form provider's frame. Only
 * names Chromium recognises on every platform: an unknown name is logged as a console warning on
 * every page (Debian's Chromium knows neither bluetooth, web-share nor attribution-reporting).
 */
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "gamepad",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "local-fonts",
  "magnetometer",
  "microphone",
  "midi",
  "otp-credentials",
  "payment",
  "picture-in-picture",
  "publickey-credentials-create",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "window-management",
  "xr-spatial-tracking",
] as const;

/** Headers every response carries, whatever its path. */
export const SITE_HEADERS: HeaderSet = {
  // Two years, the value the HSTS preload list asks for; every subdomain is HTTPS-only too.
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": DENIED_FEATURES.map((feature) => `${feature}=()`).join(", "),
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  // frame-ancestors 'none' says the same to current browsers; this is for older ones.
  "X-Frame-Options": "DENY",
};

function thirdPartyOnly(sources: PolicySources): PolicySources {
  const thirdParty: PolicySources = new Map();
  for (const [directive, list] of sources) {
    const origins = [...list].filter((source) => /^https?:\/\//.test(source));
    if (origins.length > 0) thirdParty.set(directive, new Set(origins));
  }
  return thirdParty;
}

function firstPartyOnly(sources: PolicySources): PolicySources {
  const firstParty: PolicySources = new Map();
  for (const [directive, list] of sources) {
    const own = [...list].filter((source) => !/^https?:\/\//.test(source));
    if (own.length > 0) firstParty.set(directive, new Set(own));
  }
  return firstParty;
}

/**
 * Same-site fetches every page allows: agents and auditors working inside a page (Lighthouse's
 * robots.txt and llms.txt checks among them) fetch /robots.txt and /llms.txt from the page's own
 * context, which connect-src governs. Reading the site's own public files exposes nothing.
 */
const SITE_FETCHES: PolicySources = new Map([["connect-src", new Set(["'self'"])]]);

/** Every page registers the site's service worker (browser/service-worker.ts), a script of its own origin. */
const SITE_WORKER: PolicySources = new Map([["worker-src", new Set(["'self'"])]]);

/**
 * An origin the policy may name: https:// and a host name by data/'s one rule (web-address.ts). The
 * form's addresses kept that rule when the data was checked; it is held again here, where the
 * policy's text is made, so that nothing else can put a "*" or a ";" into a page's policy.
 */
function policyOrigin(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed || parsed.origin !== `https://${parsed.hostname}` || !isHostName(parsed.hostname))
    throw new PolicyError(`The policy cannot name ${JSON.stringify(url)}: expected an https:// address on a host name`);
  return parsed.origin;
}

/**
 * A source a feature adds to every page's policy (features/), held to what a feature may add: in
 * script-src, a script's hash (its code, which the site serves itself), and in connect-src, one
 * https address on a host name with a plain path, such as the events address the counting script
 * sends to (site.yaml's plausible.endpoint, held again here to data/'s rule, events-address.ts). Nothing
 * else: no origin to load code or frames from, no form target, so that no page loads a third party
 * but the estimate form's.
 */
function featureSource(directive: string, source: string): string {
  const hash = /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/.test(source);
  if (directive === "script-src" && hash) return source;
  if (directive === "connect-src" && eventsAddressProblem(source) === undefined) return source;
  throw new PolicyError(
    `A feature cannot add ${JSON.stringify(source)} to ${directive}: expected a script's hash in script-src, or an https:// address on a host name with a plain path in connect-src`,
  );
}

/** The lead-form provider's origins, the only third parties a page may load. */
function providerOrigins(business: Pick<Business, "leadForm">): Set<string> {
  return new Set([business.leadForm.frameUrl, business.leadForm.scriptUrl].map(policyOrigin));
}

/**
 * The site editor's policy, its own: the CMS is one script of its own origin that injects its
 * styles (hence 'unsafe-inline' for styles only; never 'unsafe-eval'), and it talks to the git
 * host's API once the owner has signed in, or to the editor's sign-in service (site.yaml's
 * editor.signInUrl, scripts/sign-in/), which passes its calls on: that origin and nothing else of
 * another. Signing in opens the git host's or the service's sign-in in a window that reports back
 * to the editor, which "same-origin" would cut off; and search engines are told to leave the
 * editor alone.
 */
function adminHeaders(signInUrl: string | undefined): HeaderSet {
  const signIn = signInUrl === undefined ? "" : ` ${new URL(signInUrl).origin}`;
  return {
    "Content-Security-Policy": [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${GIT_HOST.avatars}`,
      "font-src 'self'",
      // data: and blob: are the CMS's own images and uploads, read back in the page.
      `connect-src 'self' data: blob: ${GIT_HOST.api}${signIn}`,
      "media-src 'self' blob:",
      "form-action 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "X-Robots-Tag": "noindex, nofollow",
  };
}

/**
 * The rules of one page's own headers: at its address, and at its file's name too, because
 * `netlify dev` matches header rules against the file it serves ("/contact.html") where Netlify
 * itself, Cloudflare and the local servers match the address ("/contact"). The file's name only
 * ever answers with a redirect, so the second rule changes nothing elsewhere. Exact paths only:
 * an unknown path below a page's folder ("/admin/nope") gets the not-found page's headers.
 */
function pageRules(file: string, headers: HeaderSet): HeaderRule[] {
  return [
    { path: pathForFile(file), headers },
    { path: `/${file}`, headers },
  ];
}

/** What one page loads and runs, by CSP directive: all the policy needs to keep of a page. */
export interface PagePolicy {
  file: string;
  sources: PolicySources;
}

/** What a page of the site is read against: the site's origin and the origins it may load from. */
export function pageContext(business: Pick<Business, "url" | "leadForm">, file: string): PageContext {
  return { siteOrigin: new URL(business.url).origin, allowedOrigins: providerOrigins(business), file };
}

/** Reads one rendered page; throws PolicyError when it holds code the policy could never allow. */
export function pagePolicy(business: Pick<Business, "url" | "leadForm">, file: string, html: string): PagePolicy {
  return { file, sources: pageSources(html, pageContext(business, file)) };
}

/**
 * What an SVG picture of the site holds (dist/service-area-map.svg): its inline stylesheet, and
 * nothing it loads or runs, or the build stops. Shown by <img> it runs no script and loads nothing
 * in any browser; its policy is for a browser that applies the picture's own headers to it, and for
 * anyone who opens it by its address.
 */
export function picturePolicy(business: Pick<Business, "url">, file: string, svg: string): PagePolicy {
  const context = { siteOrigin: new URL(business.url).origin, allowedOrigins: new Set<string>(), file };
  const sources = pageSources(svg, context);
  const loads = [...sources].filter(([directive]) => directive !== "style-src");
  if (loads.length > 0) {
    throw new PolicyError(
      `${file}: a picture may hold its own stylesheet and nothing else, not ${loads.map(([d]) => d).join(", ")}`,
    );
  }
  return { file, sources };
}

/**
 * The policy of a picture served as it was given (a feature's: the owner's SVG logo or icon,
 * features/brand/): the feature has refused any that runs or loads anything, and this says so again
 * to a browser that opens it at its address. Its own styles may apply (drawing programs write style
 * attributes), and pictures inside it as data: addresses; nothing else.
 */
const GIVEN_PICTURE_SOURCES: PolicySources = new Map([
  ["style-src", new Set(["'unsafe-inline'"])],
  ["img-src", new Set(["data:"])],
]);

/** A picture served as it was given, with the policy that lets it run and load nothing. */
export function givenPicturePolicy(file: string): PagePolicy {
  return { file, sources: GIVEN_PICTURE_SOURCES };
}

/**
 * The header policy from every page's sources. Every page may run the inline code of any page (it
 * is the same head and body script everywhere); only the pages that embed the lead form get its
 * origins, in a rule of their own, so every other page refuses the provider outright. `everyPage`:
 * the sources the features that are on add to every page's policy, the 404 page's too (features/),
 * such as the counting script's hash and the address it sends to. `pictures`: each picture with its
 * own policy (the service-area map's, picturePolicy(); a feature's given picture's, givenPicturePolicy()).
 */
export function headerPolicyFor(
  pages: readonly PagePolicy[],
  pictures: readonly PagePolicy[] = [],
  {
    everyPage = new Map(),
    editorSignIn,
    preview = false,
  }: { everyPage?: PolicySources; editorSignIn?: string; preview?: boolean } = {},
): HeaderRule[] {
  const featureSources: PolicySources = new Map(
    [...everyPage].map(([directive, sources]) => [
      directive,
      new Set([...sources].map((source) => featureSource(directive, source))),
    ]),
  );
  const firstParty = mergeSources(
    SITE_FETCHES,
    SITE_WORKER,
    featureSources,
    ...pages.map((page) => firstPartyOnly(page.sources)),
  );
  const notFound = pages.find((page) => page.file === NOT_FOUND_FILE);
  // Unknown paths answer with the 404 page, so the catch-all rule is the 404 page's policy.
  const defaultPolicy = serializePolicy(mergeSources(firstParty, thirdPartyOnly(notFound?.sources ?? new Map())));

  const rules: HeaderRule[] = [
    {
      path: SITE_WIDE,
      headers: {
        ...SITE_HEADERS,
        "Content-Security-Policy": defaultPolicy,
        "Cache-Control": CACHE_REVALIDATE,
        // A draft's preview is no page for a search engine to keep.
        ...(preview ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
      },
    },
  ];
  for (const page of pages) {
    const policy = serializePolicy(mergeSources(firstParty, thirdPartyOnly(page.sources)));
    if (policy === defaultPolicy || page.file === NOT_FOUND_FILE) continue;
    rules.push(...pageRules(page.file, { "Content-Security-Policy": policy }));
  }
  rules.push(...pageRules(ADMIN_FILE, adminHeaders(editorSignIn)));
  // A picture's policy is its own: the pages' inline code is not its to run.
  for (const picture of pictures) {
    rules.push({
      path: pathForFile(picture.file),
      headers: { "Content-Security-Policy": serializePolicy(picture.sources) },
    });
  }
  rules.push({ path: HASHED_ASSETS, headers: { "Cache-Control": CACHE_IMMUTABLE } });
  return rules;
}

/** The policy of every page without a rule of its own (the "/*" rule's): what the offline page is sent with. */
export function siteWidePolicy(rules: readonly HeaderRule[]): string {
  const policy = rules.find((rule) => rule.path === SITE_WIDE)?.headers["Content-Security-Policy"];
  if (policy === undefined) throw new Error("The header policy has no site-wide Content-Security-Policy");
  return policy;
}
