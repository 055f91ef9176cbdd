// The Content-Security-Policy of a page, worked out from the page itself: the sha256 of every
// inline <script> and <style> it carries, and the origin of everything it loads. Nothing is
// allowed that a page does not use, and a page that would load from anywhere but this site or the
// lead-form provider named in data/site.yaml stops the build.
import { UPGRADE_INSECURE_REQUESTS } from "./plain-http.ts";
import { createHash } from "node:crypto";
import { PolicyError } from "./policy-error.ts";
import { scanHtml, scriptKind, type ScannedElement } from "./html-scan.ts";

/** The directives a page's own content decides. */
type FetchDirective =
  | "script-src"
  | "style-src"
  | "img-src"
  | "font-src"
  | "media-src"
  | "manifest-src"
  | "frame-src"
  | "connect-src"
  | "worker-src"
  | "object-src"
  | "form-action";

/** Serialization order; the fixed directives follow them. */
const FETCH_DIRECTIVES: readonly FetchDirective[] = [
  "script-src",
  "style-src",
  "img-src",
  "font-src",
  "media-src",
  "manifest-src",
  "frame-src",
  "connect-src",
  "worker-src",
  "object-src",
  "form-action",
];

/** Sources per directive; a directive absent from the map falls back to default-src 'none'. */
export type PolicySources = Map<FetchDirective, Set<string>>;

export interface PageContext {
  /** The page's file in dist/, for messages. */
  file: string;
  /** The site's own origin (site.yaml url): absolute links to it count as 'self'. */
  siteOrigin: string;
  /** Third-party origins a page may load from: the lead-form provider's. */
  allowedOrigins: ReadonlySet<string>;
}

/**
 * The hash source for an inline element's text, as a browser computes it: the parser turns CR LF
 * and lone CR into LF, and NUL into U+FFFD, before the text is hashed.
 */
export function inlineHash(text: string): string {
  const parsed = text.replace(/\r\n?/g, "\n").replace(/\0/g, "\uFFFD");
  return `'sha256-${createHash("sha256").update(parsed, "utf8").digest("base64")}'`;
}

/** Whether a <script> runs (as code, an import map or speculation rules); data blocks never do. */
function scriptRuns(element: ScannedElement): boolean {
  return scriptKind(element) !== "data";
}

/** Which directive a <link> fetch falls under, by its rel (and as, for preloads). */
function linkDirective(element: ScannedElement): FetchDirective | undefined {
  const rels = (element.attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
  if (rels.includes("stylesheet")) return "style-src";
  if (rels.some((rel) => rel === "icon" || rel === "apple-touch-icon" || rel === "mask-icon")) return "img-src";
  if (rels.includes("manifest")) return "manifest-src";
  if (rels.includes("modulepreload")) return "script-src";
  if (rels.includes("preload")) {
    const as = element.attributes.get("as")?.toLowerCase();
    const byAs: Record<string, FetchDirective> = {
      script: "script-src",
      style: "style-src",
      image: "img-src",
      font: "font-src",
      fetch: "connect-src",
    };
    return as ? byAs[as] : undefined;
  }
  return undefined; // canonical, alternate, preconnect...: nothing is fetched under a fetch directive
}

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

/** Every URL a stylesheet loads, with the directive that governs it (fonts inside @font-face). */
function cssUrls(css: string): { directive: FetchDirective; url: string }[] {
  const found: { directive: FetchDirective; url: string }[] = [];
  const fontFaces = [...css.matchAll(/@font-face\s*\{[^}]*\}/gi)].map((match) => match[0]);
  const urlsIn = (text: string) =>
    [...text.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
  for (const face of fontFaces) for (const url of urlsIn(face)) found.push({ directive: "font-src", url });
  let rest = css;
  for (const face of fontFaces) rest = rest.replace(face, "");
  for (const url of urlsIn(rest)) if (!url.startsWith("#")) found.push({ directive: "img-src", url });
  for (const match of rest.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)) {
    found.push({ directive: "style-src", url: match[1] ?? match[2] ?? "" });
  }
  return found;
}

/** The URLs one element loads, with their directives. */
function elementFetches(element: ScannedElement): { directive: FetchDirective; url: string }[] {
  const get = (name: string) => element.attributes.get(name);
  const fetches: { directive: FetchDirective; url: string }[] = [];
  const add = (directive: FetchDirective, url: string | undefined) => {
    // about:blank and fragments fetch nothing.
    if (url !== undefined && url.trim() !== "" && !/^(about:|#)/i.test(url.trim()))
      fetches.push({ directive, url: url.trim() });
  };
  switch (element.name) {
    case "script":
      if (scriptRuns(element)) add("script-src", get("src"));
      break;
    case "link": {
      const directive = linkDirective(element);
      if (directive) add(directive, get("href"));
      break;
    }
    case "iframe":
    case "frame":
      add("frame-src", get("src"));
      break;
    case "img":
    case "source":
    case "video":
    case "audio":
    case "track": {
      const media = element.name === "img" ? "img-src" : "media-src";
      // <source> inside <picture> is an image; inside <video>/<audio> it is media. The scanner
      // keeps no parent, so a <source> with srcset is an image and one with src is media.
      add(element.name === "source" && get("srcset") ? "img-src" : media, get("src"));
      for (const url of srcsetUrls(get("srcset") ?? "")) add("img-src", url);
      if (element.name === "video") add("img-src", get("poster"));
      break;
    }
    case "object":
    case "embed":
      add("object-src", get("data") ?? get("src"));
      break;
    case "form":
      // A form without an action submits to the page itself.
      fetches.push({ directive: "form-action", url: get("action")?.trim() || "/" });
      break;
    case "style":
      fetches.push(...cssUrls(element.text));
      break;
    case "image":
    case "use": {
      // SVG: <use href="#icon"> points inside the document; anything else is fetched.
      const href = get("href") ?? get("xlink:href");
      if (href && !href.trim().startsWith("#")) add("img-src", href);
      break;
    }
  }
  return fetches;
}

/** The CSP source that allows `url` from a page, or a PolicyError naming the page. */
function sourceFor(url: string, directive: FetchDirective, context: PageContext): string {
  let parsed: URL;
  try {
    parsed = new URL(url, `${context.siteOrigin}/`);
  } catch {
    throw new PolicyError(`${context.file}: cannot read the address ${JSON.stringify(url)} (${directive})`);
  }
  if (parsed.protocol === "data:") return "data:";
  if (parsed.origin === context.siteOrigin) return "'self'";
  if (context.allowedOrigins.has(parsed.origin)) return parsed.origin;
  throw new PolicyError(
    `${context.file}: ${directive} would load ${url}; a page may load only from this site and the ` +
      `lead-form provider in data/site.yaml (${[...context.allowedOrigins].join(", ")})`,
  );
}

/** Markup a strict policy blocks without a word: style attributes, on* handlers, javascript: URLs. */
function inlineMarkupProblems(elements: ScannedElement[]): string[] {
  const problems: string[] = [];
  for (const element of elements) {
    for (const [name, value] of element.attributes) {
      if (name === "style") problems.push(`<${element.name} style="…">`);
      else if (/^on[a-z]+$/.test(name)) problems.push(`<${element.name} ${name}="…">`);
      else if (/^\s*javascript:/i.test(value)) problems.push(`<${element.name} ${name}="javascript:…">`);
    }
  }
  return problems;
}

/** What one page needs allowed: hashes of its inline code and the origins it loads from. */
export function pageSources(html: string, context: PageContext): PolicySources {
  const elements = scanHtml(html);
  const problems = inlineMarkupProblems(elements);
  if (problems.length > 0) {
    throw new PolicyError(
      `${context.file}: inline ${problems.join(", ")} cannot run under the site's Content-Security-Policy; ` +
        `use a class and the stylesheet, or the bundled script, instead`,
    );
  }
  const sources: PolicySources = new Map();
  const allow = (directive: FetchDirective, source: string) => {
    const set = sources.get(directive) ?? new Set<string>();
    set.add(source);
    sources.set(directive, set);
  };
  for (const code of inlineCodeOf(elements)) allow(code.directive, code.hash);
  for (const element of elements) {
    for (const { directive, url } of elementFetches(element)) allow(directive, sourceFor(url, directive, context));
  }
  return sources;
}

/** A piece of a page's inline code, which its policy allows by the hash of its text. */
export interface InlineCode {
  directive: "script-src" | "style-src";
  hash: string;
  /** The <script> or <style> element's text, as hashed. */
  text: string;
}

/**
 * The inline code among a page's elements: every <script> that runs and has no src, and every
 * <style>. What the policy must list by hash, as the build computes it and as `sitegen
 * check-deploy` checks the page a host serves.
 */
export function inlineCodeOf(elements: readonly ScannedElement[]): InlineCode[] {
  const code: InlineCode[] = [];
  for (const element of elements) {
    if (element.name === "script" && scriptRuns(element) && !element.attributes.has("src")) {
      code.push({ directive: "script-src", hash: inlineHash(element.text), text: element.text });
    }
    if (element.name === "style")
      code.push({ directive: "style-src", hash: inlineHash(element.text), text: element.text });
  }
  return code;
}

/** Merges source lists directive by directive. */
export function mergeSources(...lists: PolicySources[]): PolicySources {
  const merged: PolicySources = new Map();
  for (const list of lists) {
    for (const [directive, sources] of list) {
      merged.set(directive, new Set([...(merged.get(directive) ?? []), ...sources]));
    }
  }
  return merged;
}

/** Keywords first, then origins and schemes, then hashes: stable from build to build. */
function sortSources(sources: Iterable<string>): string[] {
  const rank = (source: string) => (source.startsWith("'sha") ? 2 : source.startsWith("'") ? 0 : 1);
  return [...sources].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The policy text. default-src 'none' blocks everything not listed; base-uri, form-action and
 * frame-ancestors do not fall back to default-src, so they are always written.
 */
export function serializePolicy(sources: PolicySources): string {
  const directives = ["default-src 'none'"];
  for (const directive of FETCH_DIRECTIVES) {
    if (directive === "form-action") continue;
    const list = sources.get(directive);
    if (list && list.size > 0) directives.push(`${directive} ${sortSources(list).join(" ")}`);
  }
  const formAction = sources.get("form-action");
  directives.push(`form-action ${formAction && formAction.size > 0 ? sortSources(formAction).join(" ") : "'none'"}`);
  directives.push("base-uri 'none'", "frame-ancestors 'none'", UPGRADE_INSECURE_REQUESTS);
  return directives.join("; ");
}
