// A build for Netlify, read with Netlify's own code the way Netlify's servers read it, where
// `netlify dev` (test/netlify.test.ts) behaves differently:
// - headers: `netlify dev` matches header rules against the file it serves ("/contact.html");
//   Netlify's servers match the address ("/contact"). The build carries a rule for both, and here
//   Netlify's header parser and its path patterns give every address the headers of our policy.
// - redirects: `netlify dev` runs Netlify's redirect engine (netlify-redirector, the engine of its
//   servers), but a loop shows only as a browser that never arrives. Here the engine is asked about
//   every row of the table, and about the target of every rule, which must not match a rule again.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../scripts/pipeline/generate.ts";
import { HEADERS_FILE, parseHeadersFile } from "../scripts/headers/headers-file.ts";
import { REDIRECTS_FILE } from "../scripts/headers/redirects-file.ts";
import { headersForPath, type HeaderRule } from "../scripts/headers/rules.ts";
import { ADMIN_FILE, ADMIN_PATH, fileForPath, NOT_FOUND_FILE } from "../scripts/site/urls.ts";
import { ADDRESS_CASES, expectedOn } from "./support/addresses.ts";
import { loadSitePages, NOT_FOUND_PROBE } from "./support/pages.ts";
import { DATA_DIR } from "./support/paths.ts";
import { filledInData } from "./support/filled-in.ts";
import { HOST_TOOLS_DIR } from "./support/tools.ts";

interface NetlifyHeader {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}
interface NetlifyRedirect {
  from: string;
  to: string;
  status: number;
  force: boolean;
}
interface Match {
  to: string;
  status: number;
  force: boolean;
}
interface Matcher {
  match(request: Record<string, unknown>): Match | null;
}

const hostRequire = createRequire(path.join(HOST_TOOLS_DIR, "package.json"));
const hostModule = <T>(name: string): Promise<T> => import(pathToFileURL(hostRequire.resolve(name)).href) as Promise<T>;

let tmp: string;
let dist: string;
let rules: HeaderRule[];
let netlifyHeaders: NetlifyHeader[];
let headerErrors: Error[];
let redirects: NetlifyRedirect[];
let redirectErrors: Error[];
let engine: Matcher;
let pagePaths: string[];

/** What Netlify's redirect engine does with a request for `urlPath`. */
function matchOf(urlPath: string): Match | null {
  const [pathname = "", query = ""] = urlPath.split("?");
  return engine.match({
    scheme: "https",
    host: "www.example.com",
    path: pathname,
    query,
    headers: {},
    cookieValues: {},
    getHeader: () => "",
    getCookie: () => "",
  });
}

/** The headers Netlify gives a path: every matching rule, in order, a later value replacing an earlier one. */
function netlifyHeadersFor(urlPath: string): Record<string, string> {
  return Object.assign({}, ...netlifyHeaders.filter((rule) => rule.forRegExp.test(urlPath)).map((rule) => rule.values));
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "site-netlify-rules-"));
  dist = path.join(tmp, "dist");
  // A build for a host refuses placeholders: the shipped data with them filled in, as the owner's will be.
  await generate({ dataDir: await filledInData(DATA_DIR), outDir: dist, host: "netlify" });
  rules = parseHeadersFile(await readFile(path.join(dist, HEADERS_FILE), "utf8"));
  const { parseAllHeaders } = await hostModule<{
    parseAllHeaders(options: object): Promise<{ headers: NetlifyHeader[]; errors: Error[] }>;
  }>("@netlify/headers-parser");
  const { parseAllRedirects } = await hostModule<{
    parseAllRedirects(options: object): Promise<{ redirects: NetlifyRedirect[]; errors: Error[] }>;
  }>("@netlify/redirect-parser");
  ({ headers: netlifyHeaders, errors: headerErrors } = await parseAllHeaders({
    headersFiles: [path.join(dist, HEADERS_FILE)],
    configHeaders: [],
    minimal: false,
  }));
  ({ redirects, errors: redirectErrors } = await parseAllRedirects({
    redirectsFiles: [path.join(dist, REDIRECTS_FILE)],
    configRedirects: [],
    minimal: false,
  }));
  const redirector = hostRequire("netlify-redirector") as {
    parsePlain(text: string, options: object): Promise<Matcher>;
  };
  engine = await redirector.parsePlain(await readFile(path.join(dist, REDIRECTS_FILE), "utf8"), {});
  pagePaths = (await loadSitePages()).pages.filter((page) => page.status === 200).map((page) => page.path);
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("_headers, as Netlify reads it", () => {
  it("parses without an error, to the rules our own reader finds", () => {
    expect(headerErrors.map((error) => error.message)).toEqual([]);
    expect(netlifyHeaders.map((rule) => [rule.for, rule.values])).toEqual(
      rules.map((rule) => [rule.path, rule.headers]),
    );
  });

  it("gives every page, at its address and at its file's name, the headers of our policy", () => {
    for (const urlPath of [...pagePaths, ADMIN_PATH]) {
      const expected = headersForPath(rules, urlPath);
      expect(netlifyHeadersFor(urlPath), urlPath).toEqual(expected);
      const file = urlPath === ADMIN_PATH ? ADMIN_FILE : fileForPath(urlPath);
      expect(netlifyHeadersFor(`/${file}`), file).toEqual(expected);
    }
  });

  it("gives an unknown path, the editor's folder included, the not-found page's headers", () => {
    for (const urlPath of [NOT_FOUND_PROBE, "/admin/nope", "/towns/nope/"]) {
      expect(netlifyHeadersFor(urlPath), urlPath).toEqual(headersForPath(rules, `/${NOT_FOUND_FILE}`));
    }
  });
});

describe("_redirects, as Netlify's redirect engine reads it", () => {
  it("parses without an error", () => {
    expect(redirectErrors.map((error) => error.message)).toEqual([]);
    expect(redirects.length).toBeGreaterThan(40);
  });

  it.each(ADDRESS_CASES)("answers $path as the table says, where a rule answers", (address) => {
    const expected = expectedOn("netlify", address);
    const match = matchOf(address.path);
    if (expected.status === 301) {
      expect(match).toMatchObject({ status: 301, force: true, to: expected.location!.split("?")[0] });
    } else if (expected.status === 200) {
      expect(match).toBeNull();
    } else if (match) {
      // A 404 from a rule (the not-found page's own names, the host's files) or from no rule at all.
      expect(match).toMatchObject({ status: 404, force: true, to: `/${NOT_FOUND_FILE}` });
    }
  });

  it("never sends a visitor where a rule sends them on again", () => {
    for (const rule of redirects.filter((redirect) => redirect.status === 301)) {
      expect(matchOf(rule.to), `${rule.from} → ${rule.to}`).toBeNull();
    }
  });
});
