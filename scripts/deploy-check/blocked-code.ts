// The code of a page as a host served it, held to the policies it was served with: a host feature
// that rewrites the HTML (Cloudflare's Rocket Loader and e-mail obfuscation add a script of their
// own) leaves code whose hash the build's policy lacks, and the browser blocks it, or the page's
// own code, without a word. The hashes are computed as the build computes them (headers/csp.ts).
// One host feature is told apart: Cloudflare Web Analytics, whose script Cloudflare adds to every
// page when it is turned on, and which the site's policy blocks like any other.
import { inlineCodeOf, type InlineCode } from "../headers/csp.ts";
import { scriptKind, type ScannedElement } from "../headers/html-scan.ts";
import { directivesOf, type Directives } from "./policy-text.ts";
import { quoted } from "./printable.ts";

/** The directive that governs a fetch directive's loads, and its sources: its own, or default-src's when it has none. */
function governing(policy: Directives, directive: string): { name: string; sources: readonly string[] } | undefined {
  const own = policy.get(directive);
  if (own) return { name: directive, sources: own };
  const fallback = policy.get("default-src");
  return fallback && { name: "default-src", sources: fallback };
}

function allowsHash(sources: readonly string[], hash: string): boolean {
  if (sources.includes(hash)) return true;
  // 'unsafe-inline' counts only in a list without hashes or nonces.
  return sources.includes("'unsafe-inline'") && !sources.some((source) => /^'(?:sha\d+|nonce)-/.test(source));
}

/** Whether a source list allows loading `url` into a page at `page`: 'self', a scheme, or an origin and path. */
function allowsUrl(sources: readonly string[], url: URL, page: URL): boolean {
  return sources.some((source) => {
    if (source === "*") return true;
    if (source === "'self'") return url.origin === page.origin;
    if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return url.protocol === source.toLowerCase();
    // An origin, and perhaps a path; the site's policies name no wildcard host, so none is read here.
    const origin = /^(https?:\/\/[^/*]+)(\/.*)?$/i.exec(source);
    if (!origin || !URL.canParse(origin[1]!)) return false;
    const [, host, prefix] = origin;
    if (new URL(host!).origin !== url.origin) return false;
    return !prefix || (prefix.endsWith("/") ? url.pathname.startsWith(prefix) : url.pathname === prefix);
  });
}

const excerpt = (text: string) => quoted(text.replace(/\s+/g, " ").trim(), 60);

/** Why the first of `policies` that blocks an inline <script> or <style> blocks it; undefined when none does. */
function inlineBlocked(code: InlineCode, policies: readonly Directives[]): string | undefined {
  for (const policy of policies) {
    const directive = governing(policy, code.directive);
    if (directive === undefined || allowsHash(directive.sources, code.hash)) continue;
    const element = code.directive === "script-src" ? "script" : "style";
    return `inline <${element}> ${excerpt(code.text)} (${code.hash} is not in ${directive.name})`;
  }
  return undefined;
}

/**
 * Why the first of `policies` that blocks a <script src> blocks it; undefined when none does, or
 * when the element is no script that runs.
 */
function scriptBlocked(element: ScannedElement, policies: readonly Directives[], page: URL): string | undefined {
  const src = element.attributes.get("src");
  if (element.name !== "script" || src === undefined || scriptKind(element) === "data") return undefined;
  const url = URL.parse(src, page);
  if (url === null) return `<script src=${quoted(src)}>, an address no browser can load`;
  for (const policy of policies) {
    const directive = governing(policy, "script-src");
    if (directive !== undefined && !allowsUrl(directive.sources, url, page))
      return `<script src=${quoted(src)}> (not allowed by ${directive.name})`;
  }
  return undefined;
}

/** Where Cloudflare Web Analytics' script comes from. */
const CLOUDFLARE_BEACON_HOST = "static.cloudflareinsights.com";

/**
 * Whether a <script> is Cloudflare Web Analytics' (its "beacon"), as Cloudflare adds it to a page
 * before </body>: Pages adds `<script defer src='https://static.cloudflareinsights.com/beacon.min.js'
 * data-cf-beacon='{"token": "…"}'>`, its proxy's automatic setup a script from the same host with
 * an integrity of its own; an inline script that loads it names that host.
 */
function isCloudflareBeacon(element: ScannedElement, page: URL): boolean {
  if (element.name !== "script") return false;
  if (element.attributes.has("data-cf-beacon")) return true;
  const src = element.attributes.get("src");
  if (src !== undefined) return URL.parse(src, page)?.hostname === CLOUDFLARE_BEACON_HOST;
  return element.text.includes(CLOUDFLARE_BEACON_HOST);
}

/** The code of a page as served that its policies block. */
export interface BlockedCode {
  /** Each inline <script> or <style> and each <script src> a policy blocks, in a few words, in the page's order; Cloudflare Web Analytics' script is not among them. */
  code: string[];
  /** Whether Cloudflare added its Web Analytics script to the page, and a policy blocks it. */
  cloudflareAnalytics: boolean;
}

/**
 * The inline code and the scripts of a page (its `elements`, as served at `page`) that one of the
 * `policies` it was served with blocks; none when every one may run.
 */
export function blockedCode(elements: readonly ScannedElement[], policies: readonly string[], page: URL): BlockedCode {
  const parsed = policies.map(directivesOf);
  const blocked: BlockedCode = { code: [], cloudflareAnalytics: false };
  for (const element of elements) {
    // The element's inline code, if it has any, by the rule the build computes the policy with.
    const [inline] = inlineCodeOf([element]);
    const why = inline ? inlineBlocked(inline, parsed) : scriptBlocked(element, parsed, page);
    if (why === undefined) continue;
    if (isCloudflareBeacon(element, page)) blocked.cloudflareAnalytics = true;
    else blocked.code.push(why);
  }
  return blocked;
}
