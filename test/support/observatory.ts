// Mozilla's HTTP Observatory grader (github.com/mdn/mdn-http-observatory), applied to one response.
//
// The published package (@mdn/mdn-http-observatory) cannot grade a local server: its scan() takes
// a bare host name, fetches http:// and https:// on the default ports itself and needs a public,
// certificate-checked HTTPS site (and brings PostgreSQL and Fastify with it). So its rules are
// repeated here from its source, file by file:
//   src/scanner/index.js           the score: 100 plus every test's modifier; bonuses only count
//                                  when the score without them is at least 90 (A)
//   src/grader/charts.js           SCORE_TABLE (the modifiers below), GRADE_CHART,
//                                  MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90
//   src/analyzer/cspParser.js      parseCsp
//   src/analyzer/tests/*.js        one function per test below, in the scanner's order
// Two inputs the scanner gets from the live site are stated instead: the site is served over HTTPS
// with a valid certificate (so the HSTS header counts and https: rules apply), and plain HTTP
// redirects to HTTPS on the same host (the hosts do this; the nginx test checks the generated
// config does). The HSTS preload list is not consulted (the placeholder domain is on none).
import { scanHtml } from "../../scripts/headers/html-scan.ts";

type Headers = Record<string, string | string[] | undefined>;

export interface ObservatoryInput {
  /** Headers of a plain GET of the page. */
  headers: Headers;
  /** The body of that response. */
  body: string;
  /** Headers of the same GET sent with an Origin header, as the scanner's CORS probe does. */
  corsHeaders: Headers;
  /** The site's host name, for "same second-level domain" in the SRI test. */
  hostname: string;
}

interface TestResult {
  name: string;
  result: string;
  modifier: number;
}

export interface ObservatoryReport {
  score: number;
  grade: string;
  tests: TestResult[];
}

/** SCORE_TABLE modifiers (src/grader/charts.js). */
const MODIFIERS: Record<string, number> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-header-invalid": -25,
  "csp-not-implemented": -25,
  "csp-not-implemented-but-reporting-enabled": -25,
  "csp-implemented-but-duplicate-directives": 0,
  "cookies-secure-with-httponly-sessions-and-samesite": 5,
  "cookies-secure-with-httponly-sessions": 0,
  "cookies-not-found": 0,
  "cookies-without-secure-flag-but-protected-by-hsts": -5,
  "cookies-session-without-secure-flag-but-protected-by-hsts": -10,
  "cookies-without-secure-flag": -20,
  "cookies-samesite-flag-invalid": -20,
  "cookies-anticsrf-without-samesite-flag": -20,
  "cookies-session-without-httponly-flag": -30,
  "cookies-session-without-secure-flag": -40,
  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-public-access": 0,
  "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
  "cross-origin-resource-sharing-implemented-with-universal-access": -50,
  "redirection-all-redirects-preloaded": 0,
  "redirection-to-https": 0,
  "redirection-not-needed-no-http": 0,
  "redirection-off-host-from-http": -5,
  "redirection-not-to-https-on-initial-redirection": -10,
  "redirection-not-to-https": -20,
  "redirection-missing": -20,
  "redirection-invalid-cert": -20,
  "referrer-policy-private": 5,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,
  "hsts-preloaded": 5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "hsts-not-implemented-no-https": -20,
  "hsts-invalid-cert": -20,
  "sri-implemented-and-all-scripts-loaded-securely": 5,
  "sri-implemented-and-external-scripts-loaded-securely": 5,
  "sri-not-implemented-response-not-html": 0,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-but-external-scripts-loaded-securely": -5,
  "sri-implemented-but-external-scripts-not-loaded-securely": -20,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,
  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 0,
  "x-frame-options-allow-from-origin": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,
  "corp-header-invalid": -5,
  "corp-implemented-with-cross-origin": 0,
  "corp-implemented-with-same-origin": 10,
  "corp-implemented-with-same-site": 10,
  "corp-not-implemented": 0,
  "html-not-parseable": -20,
};

/** GRADE_CHART: the score rounded down to a multiple of 5, capped at 100. */
const GRADES: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];
const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

function allHeaders(headers: Headers, name: string): string[] {
  const value = headers[name.toLowerCase()];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
const firstHeader = (headers: Headers, name: string) => allHeaders(headers, name)[0];

/** <meta http-equiv> values by lower-case name (the scanner reads them from the HTML). */
function httpEquiv(body: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const element of scanHtml(body)) {
    const name = element.name === "meta" ? element.attributes.get("http-equiv")?.toLowerCase() : undefined;
    const content = element.attributes.get("content");
    if (name && content !== undefined) found.set(name, [...(found.get(name) ?? []), content]);
  }
  return found;
}

// cspParser.js: directives split on ";" and sources on whitespace, lower-cased; a repeated
// directive makes the policy invalid (report-uri/report-to excepted); an empty *-src means 'none'.
// With several policies, a source counts only if every policy allows it.
function parseCsp(policies: string[]): Map<string, Set<string>> {
  const clean = policies.map((policy) => policy.replace(/[\r\n]/g, "").trim());
  if (clean.length === 0) return new Map();
  for (const policy of clean) if (!policy || policy.length < "img-src".length - 1) throw new Error("invalid");
  const parsed = clean.map((policy) => {
    const directives = new Map<string, Set<string>>();
    for (const entry of policy.split(";")) {
      const [rawDirective, ...values] = entry.trim().split(/\s+/);
      if (!rawDirective) continue;
      const directive = rawDirective.toLowerCase();
      if (directives.has(directive) && !["report-uri", "report-to"].includes(directive)) throw new Error("duplicate");
      const sources = values.map((value) => value.trim().toLowerCase());
      directives.set(directive, new Set(sources.length ? sources : directive.endsWith("-src") ? ["'none'"] : []));
    }
    return directives;
  });
  if (parsed.length === 1) return parsed[0]!;
  const merged = new Map<string, Set<string>>();
  for (const directive of new Set(parsed.flatMap((policy) => [...policy.keys()]))) {
    const lists = parsed.filter((policy) => policy.has(directive)).map((policy) => policy.get(directive)!);
    const kept = [...lists[0]!].filter((source) => lists.every((list) => list.has(source)));
    merged.set(directive, new Set(kept.length ? kept : ["'none'"]));
  }
  return merged;
}

const DANGEROUSLY_BROAD = new Set([
  "ftp:",
  "http:",
  "https:",
  "*",
  "http://*",
  "http://*.*",
  "https://*",
  "https://*.*",
]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", "data:"]);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const hasNonceOrHash = (sources: Set<string>) =>
  [...sources].some((source) =>
    ["'sha256-", "'sha384-", "'sha512-", "'nonce-"].some((prefix) => source.startsWith(prefix)),
  );

/** tests/csp.js: the result and the parsed policy (x-frame-options reads frame-ancestors from it). */
function contentSecurityPolicy(input: ObservatoryInput): { result: string; csp?: Map<string, Set<string>> } {
  const split = (values: string[]) => values.flatMap((value) => value.split(",").map((part) => part.trim()));
  const httpPolicies = split(allHeaders(input.headers, "content-security-policy"));
  const metaPolicies = split(httpEquiv(input.body).get("content-security-policy") ?? []);
  let csp: Map<string, Set<string>>;
  try {
    csp = parseCsp([...httpPolicies, ...metaPolicies]);
  } catch {
    return { result: "csp-header-invalid" };
  }
  if (csp.size === 0) {
    const reportOnly = firstHeader(input.headers, "content-security-policy-report-only");
    return { result: reportOnly ? "csp-not-implemented-but-reporting-enabled" : "csp-not-implemented" };
  }
  const fallback = (name: string) => csp.get(name) ?? csp.get("default-src") ?? new Set(["*"]);
  const objectSrc = fallback("object-src");
  const scriptSrc = new Set(fallback("script-src"));
  const styleSrc = new Set(fallback("style-src"));
  for (const list of [scriptSrc, styleSrc]) if (hasNonceOrHash(list)) list.delete("'unsafe-inline'");
  let result: string | undefined;
  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const source of [...scriptSrc]) {
      if (
        [...DANGEROUSLY_BROAD].some((broad) => source.startsWith(broad)) ||
        source === "'self'" ||
        source === "'unsafe-inline'"
      ) {
        scriptSrc.delete(source);
      }
    }
  } else if (scriptSrc.has("'strict-dynamic'")) {
    result = "csp-header-invalid";
  }
  const passive = ["img-src", "media-src"];
  const active = [
    ...[...csp]
      .filter(([directive]) => !passive.includes(directive) && directive !== "script-src")
      .flatMap(([, list]) => [...list]),
    ...scriptSrc,
  ];
  const passiveSources = passive.flatMap((directive) => [...(csp.get(directive) ?? csp.get("default-src") ?? [])]);
  const insecure = (source: string) => source.startsWith("http:") || source.startsWith("ftp:");
  if (
    [...scriptSrc].some((source) => BROAD_OR_INLINE.has(source)) ||
    [...objectSrc].some((source) => DANGEROUSLY_BROAD.has(source))
  ) {
    result ??= "csp-implemented-with-unsafe-inline";
  }
  if (active.some(insecure)) result ??= "csp-implemented-with-insecure-scheme";
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) result ??= "csp-implemented-with-unsafe-eval";
  if (passiveSources.some(insecure)) result ??= "csp-implemented-with-insecure-scheme-in-passive-content-only";
  if ([...styleSrc].some((source) => BROAD_OR_INLINE.has(source)))
    result ??= "csp-implemented-with-unsafe-inline-in-style-src-only";
  const defaultSrc = csp.get("default-src");
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1) result ??= "csp-implemented-with-no-unsafe-default-src-none";
  else result ??= "csp-implemented-with-no-unsafe";
  return { result, csp };
}

/** tests/cookies.js, for the case that matters here: any Set-Cookie fails the site's privacy rule anyway. */
function cookies(input: ObservatoryInput): string {
  return allHeaders(input.headers, "set-cookie").length === 0 ? "cookies-not-found" : "cookies-without-secure-flag";
}

/** tests/cors.js */
function crossOriginResourceSharing(input: ObservatoryInput): string {
  const allowOrigin = firstHeader(input.corsHeaders, "access-control-allow-origin")?.trim().toLowerCase();
  if (!allowOrigin) return "cross-origin-resource-sharing-not-implemented";
  if (allowOrigin === "*") return "cross-origin-resource-sharing-implemented-with-public-access";
  const credentials = firstHeader(input.corsHeaders, "access-control-allow-credentials")?.trim().toLowerCase();
  if (allowOrigin === PROBE_ORIGIN && credentials === "true")
    return "cross-origin-resource-sharing-implemented-with-universal-access";
  return "cross-origin-resource-sharing-implemented-with-restricted-access";
}

/** The Origin the scanner's CORS probe sends (src/retriever/retriever.js). */
export const PROBE_ORIGIN = "https://http-observatory.security.mozilla.org";

/** tests/redirection.js: stated, see the top of this file. */
function redirection(): string {
  return "redirection-to-https";
}

/** tests/referrer-policy.js: the last valid value of header and meta together. */
function referrerPolicy(input: ObservatoryInput): string {
  const good = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const bad = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
  const values = [...allHeaders(input.headers, "referrer-policy"), ...(httpEquiv(input.body).get("referrer") ?? [])];
  if (values.length === 0) return "referrer-policy-not-implemented";
  const policy = values
    .join(", ")
    .split(",")
    .map((value) => value.trim().toLowerCase())
    .filter((value) => good.includes(value) || bad.includes(value))
    .at(-1);
  if (policy && good.includes(policy)) return "referrer-policy-private";
  if (policy && bad.includes(policy)) return "referrer-policy-unsafe";
  return "referrer-policy-header-invalid";
}

/** tests/strict-transport-security.js (HTTPS with a valid certificate stated). */
function strictTransportSecurity(input: ObservatoryInput): string {
  const header = firstHeader(input.headers, "strict-transport-security");
  if (!header) return "hsts-not-implemented";
  const data = header.slice(0, 1024);
  if (data.includes(",")) return "hsts-header-invalid";
  const maxAge = data
    .split(";")
    .map((part) => part.trim().toLowerCase())
    .find((part) => part.startsWith("max-age="));
  if (!maxAge) return "hsts-header-invalid";
  // 15768000 is six months; the scanner accepts 15552000.
  return Number.parseInt(maxAge.slice(8, 128), 10) < 15_552_000
    ? "hsts-implemented-max-age-less-than-six-months"
    : "hsts-implemented-max-age-at-least-six-months";
}

/** The registrable domain, approximated by the last two labels (the scanner uses tldts). */
const siteDomain = (hostname: string) => hostname.split(".").slice(-2).join(".");

/** tests/subresource-integrity.js */
function subresourceIntegrity(input: ObservatoryInput): string {
  const type = (firstHeader(input.headers, "content-type") ?? "").split(";")[0]!.trim();
  if (type && !["text/html", "application/xhtml+xml"].includes(type)) return "sri-not-implemented-response-not-html";
  const goodness = [
    "sri-implemented-and-all-scripts-loaded-securely",
    "sri-implemented-and-external-scripts-loaded-securely",
    "sri-implemented-but-external-scripts-not-loaded-securely",
    "sri-not-implemented-but-external-scripts-loaded-securely",
    "sri-not-implemented-and-external-scripts-not-loaded-securely",
    "sri-not-implemented-response-not-html",
  ];
  const onlyIfWorse = (candidate: string, current: string | undefined) =>
    current === undefined || goodness.indexOf(candidate) > goodness.indexOf(current) ? candidate : current;
  const scripts = scanHtml(input.body).filter((element) => element.name === "script");
  let result: string | undefined;
  let foreign = false;
  for (const script of scripts) {
    const src = script.attributes.get("src");
    if (!src) continue;
    const integrity = script.attributes.get("integrity");
    const relativeProtocol = /^\/\/[^/]/.test(src);
    const fullUrl = /^https?:\/\//.test(src);
    const relativeOrigin = !relativeProtocol && !fullUrl;
    const sameDomain =
      relativeProtocol || relativeOrigin || siteDomain(new URL(src).hostname) === siteDomain(input.hostname);
    const secureOrigin = relativeOrigin || (sameDomain && !relativeProtocol);
    if (!secureOrigin) foreign = true;
    const secureScheme = fullUrl ? new URL(src).protocol === "https:" : relativeOrigin; // site on HTTPS
    if (!secureOrigin) {
      if (integrity && !secureScheme)
        result = onlyIfWorse("sri-implemented-but-external-scripts-not-loaded-securely", result);
      else if (!integrity && secureScheme)
        result = onlyIfWorse("sri-not-implemented-but-external-scripts-loaded-securely", result);
      else if (!integrity) result = onlyIfWorse("sri-not-implemented-and-external-scripts-not-loaded-securely", result);
    } else if (integrity && secureScheme && !result) {
      result = "sri-implemented-and-all-scripts-loaded-securely";
    }
  }
  if (scripts.length === 0) return "sri-not-implemented-but-no-scripts-loaded";
  return (
    result ??
    (foreign
      ? "sri-implemented-and-external-scripts-loaded-securely"
      : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin")
  );
}

/** tests/x-content-type-options.js */
function xContentTypeOptions(input: ObservatoryInput): string {
  const header = firstHeader(input.headers, "x-content-type-options");
  if (!header) return "x-content-type-options-not-implemented";
  return header.slice(0, 256).trim().toLowerCase() === "nosniff"
    ? "x-content-type-options-nosniff"
    : "x-content-type-options-header-invalid";
}

/** tests/x-frame-options.js: frame-ancestors in the CSP header supersedes the header. */
function xFrameOptions(input: ObservatoryInput, csp: Map<string, Set<string>> | undefined): string {
  if (csp?.has("frame-ancestors")) return "x-frame-options-implemented-via-csp";
  const header = firstHeader(input.headers, "x-frame-options")?.slice(0, 1024).trim().toLowerCase();
  if (!header) return "x-frame-options-not-implemented";
  if (header === "deny" || header === "sameorigin") return "x-frame-options-sameorigin-or-deny";
  return header.startsWith("allow-from") ? "x-frame-options-allow-from-origin" : "x-frame-options-header-invalid";
}

/** tests/cross-origin-resource-policy.js */
function crossOriginResourcePolicy(input: ObservatoryInput): string {
  const header =
    firstHeader(input.headers, "cross-origin-resource-policy") ??
    httpEquiv(input.body).get("cross-origin-resource-policy")?.at(-1);
  if (!header) return "corp-not-implemented";
  const value = header.slice(0, 256).trim().toLowerCase();
  const results: Record<string, string> = {
    "same-site": "corp-implemented-with-same-site",
    "same-origin": "corp-implemented-with-same-origin",
    "cross-origin": "corp-implemented-with-cross-origin",
  };
  return results[value] ?? "corp-header-invalid";
}

export function gradeResponse(input: ObservatoryInput): ObservatoryReport {
  const csp = contentSecurityPolicy(input);
  const results: [string, string][] = [
    ["content-security-policy", csp.result],
    ["cookies", cookies(input)],
    ["cross-origin-resource-sharing", crossOriginResourceSharing(input)],
    ["redirection", redirection()],
    ["referrer-policy", referrerPolicy(input)],
    ["strict-transport-security", strictTransportSecurity(input)],
    ["subresource-integrity", subresourceIntegrity(input)],
    ["x-content-type-options", xContentTypeOptions(input)],
    ["x-frame-options", xFrameOptions(input, csp.csp)],
    ["cross-origin-resource-policy", crossOriginResourcePolicy(input)],
  ];
  const tests = results.map(([name, result]) => {
    const modifier = MODIFIERS[result];
    if (modifier === undefined) throw new Error(`no modifier for ${result}`);
    return { name, result, modifier };
  });
  const withExtraCredit = 100 + tests.reduce((sum, test) => sum + test.modifier, 0);
  const uncurved = 100 + tests.reduce((sum, test) => sum + Math.min(0, test.modifier), 0);
  const score = Math.max(0, uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
  const rounded = Math.min(score - (score % 5), 100);
  const grade = GRADES.find(([minimum]) => rounded >= minimum)![1];
  return { score, grade, tests };
}
