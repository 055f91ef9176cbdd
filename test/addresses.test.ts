// One address per page: `sitegen serve` answers each kind of address as ADDRESS_CASES says (the dev
// server is held to `sitegen serve` in dev-parity.test.ts, nginx in nginx.test.ts), and the
// _redirects file the static hosts read says the same.
import { isSitePageFile } from "../scripts/site/urls.ts";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerFor } from "../scripts/site/urls.ts";
import { ADDRESS_CASES } from "./support/addresses.ts";
import { fetchRaw } from "./support/http.ts";
import { buildAndServe, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;

beforeAll(async () => {
  site = await buildAndServe();
});

afterAll(async () => {
  await site?.close();
});

describe("the rule of addresses", () => {
  it("gives each page one address, and its file's own name a redirect there", () => {
    expect(answerFor("/")).toEqual({ kind: "file", file: "index.html" });
    expect(answerFor("/towns/paris")).toEqual({ kind: "file", file: "towns/paris.html" });
    expect(answerFor("/towns/paris.html")).toEqual({
      kind: "redirect",
      location: "/towns/paris",
      ifFile: "towns/paris.html",
    });
    expect(answerFor("/index")).toEqual({ kind: "redirect", location: "/", ifFile: "index.html" });
    expect(answerFor("/index.html")).toEqual({ kind: "redirect", location: "/", ifFile: "index.html" });
    expect(answerFor("/sitemap.xml")).toEqual({ kind: "file", file: "sitemap.xml" });
    for (const urlPath of ["/404", "/404.html", "/contact.html.gz", "/sitemap.xml.br"]) {
      expect(answerFor(urlPath), urlPath).toEqual({ kind: "not-found" });
    }
  });
});

describe("sitegen serve", () => {
  it.each(ADDRESS_CASES)("answers $path with $status", async ({ path: urlPath, status, location }) => {
    const response = await fetchRaw(`${site.url}${urlPath}`);
    expect(response.status).toBe(status);
    expect(response.headers.location).toBe(location);
    if (status === 404) expect(response.body.toString()).toContain("Oops! Page not found");
    if (status === 301) expect(response.headers["strict-transport-security"]).toBeDefined();
  });
});

describe("dist/_redirects", () => {
  it("forces every redirect and 404 of the rule, as Netlify reads it", async () => {
    const text = await readFile(path.join(site.dir, "_redirects"), "utf8");
    const rules = new Map(
      text
        .split("\n")
        .filter((line) => line && !line.startsWith("#"))
        .map((line) => {
          const [from = "", to = "", code = ""] = line.split(/\s+/);
          return [from, { to, code }] as const;
        }),
    );
    for (const { path: urlPath, status, location } of ADDRESS_CASES) {
      const bare = urlPath.split("?")[0]!;
      if (status === 301) expect(rules.get(bare), urlPath).toEqual({ to: location!.split("?")[0], code: "301!" });
      if (status === 404 && /^\/404(\.html)?$/.test(bare))
        expect(rules.get(bare), urlPath).toEqual({ to: "/404.html", code: "404!" });
      if (status === 200) expect(rules.has(bare), urlPath).toBe(false);
    }
    // Every page's file (the 43 routes), and nothing else.
    expect([...rules.keys()].filter((from) => isSitePageFile(from.slice(1)) && from !== "/404.html")).toHaveLength(43);
  });
});
