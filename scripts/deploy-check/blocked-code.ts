// The code of a page as a host served it, held to the policies it was served with: a host feature
// that rewrites the HTML (Cloudflare's Rocket Loader and e-mail obfuscation add a script of their
// own) leaves code whose hash the build's policy lacks, and the browser blocks it, or the page's
// own code, without a word. The hashes are computed as the build computes them (headers/csp.ts).
import { inlineCodeOf } from "../headers/csp.ts";
import { scriptKind, type ScannedElement } from "../headers/html-scan.ts";
import { directivesOf, type Directives } from "./policy-text.ts";
import { quoted } from "./printable.ts";

/** The sources a fetch directive allows: its own, or default-src's when it has none. */
function sourcesFor(policy: Directives, directive: string): readonly string[] | undefined {
  return policy.get(directive) ?? policy.get("default-src");
}

function allowsHash(sources: readonly string[] | undefined, hash: string): boolean {
  if (sources === undefined) return true;
  if (sources.includes(hash)) return true;
  // 'unsafe-inline' counts only in a list without hashes or nonces.
  return sources.includes("'unsafe-inline'") && !sources.some((source) => /^'(?:sha\d+|nonce)-/.test(source));
}

/** Whether a source list allows loading `url` into a page at `page`: 'self', a scheme, or an origin and path. */
function allowsUrl(sources: readonly string[] | undefined, url: URL, page: URL): boolean {
  if (sources === undefined) return true;
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

/**
 * The inline code and the scripts of a page (its `elements`, as served at `page`) that one of the
 * `policies` it was served with blocks, each said in a few words; empty when every one may run.
 */
export function blockedCode(elements: readonly ScannedElement[], policies: readonly string[], page: URL): string[] {
  const parsed = policies.map(directivesOf);
  const blocked: string[] = [];
  for (const code of inlineCodeOf(elements)) {
    if (parsed.every((policy) => allowsHash(sourcesFor(policy, code.directive), code.hash))) continue;
    const element = code.directive === "script-src" ? "script" : "style";
    blocked.push(`inline <${element}> ${excerpt(code.text)} (${code.hash} is not in ${code.directive})`);
  }
  for (const element of elements) {
    const src = element.attributes.get("src");
    if (element.name !== "script" || src === undefined || scriptKind(element) === "data") continue;
    let url: URL;
    try {
      url = new URL(src, page);
    } catch {
      blocked.push(`<script src=${quoted(src)}>, an address no browser can load`);
      continue;
    }
    if (parsed.every((policy) => allowsUrl(sourcesFor(policy, "script-src"), url, page))) continue;
    blocked.push(`<script src=${quoted(src)}> (not allowed by script-src)`);
  }
  return blocked;
}
