// `npm start` serves the site as production does: each path with the headers dist/_headers gives
// it, the 404 page with status 404, correct content types, and nothing but the site's files.
import { readFile } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersForPath, type HeaderRule } from "../scripts/headers/rules.ts";
import { HEADERS_FILE, parseHeadersFile } from "../scripts/headers/headers-file.ts";
import { withPlainHttpPolicy } from "../scripts/serve/plain-http-policy.ts";
import { servablePath, usableRange } from "../scripts/serve/request-guard.ts";
import { fetchRaw } from "./support/http.ts";
import { loadSitePages, NOT_FOUND_PROBE, type SitePages } from "./support/pages.ts";
import { serveSharedSite, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
let pages: SitePages;
let rules: HeaderRule[];

beforeAll(async () => {
  [site, pages] = await Promise.all([serveSharedSite(), loadSitePages()]);
  rules = parseHeadersFile(await readFile(path.join(site.dir, HEADERS_FILE), "utf8"));
});

afterAll(async () => {
  await site?.close();
});

/** A policy without upgrade-insecure-requests, which the local server leaves out over plain HTTP. */
const withoutUpgrade = (policy: string) => policy.replace(/; upgrade-insecure-requests(?=;|$)/, "");

function expectPolicyHeaders(headers: Record<string, string | string[] | undefined>, urlPath: string, label = urlPath) {
  const expected = headersForPath(rules, urlPath);
  const policy = expected["Content-Security-Policy"];
  if (policy) expected["Content-Security-Policy"] = withoutUpgrade(policy);
  expect(Object.keys(expected).length).toBeGreaterThan(5);
  for (const [name, value] of Object.entries(expected))
    expect(headers[name.toLowerCase()], `${label} ${name}`).toBe(value);
}

describe("the local server", () => {
  it("sends every page with status 200, HTML content type and the headers of its path", async () => {
    for (const page of pages.pages) {
      const response = await fetchRaw(`${site.url}${page.path}`);
      expect(response.status, page.path).toBe(page.status);
      expect(response.headers["content-type"], page.path).toMatch(/^text\/html; ?charset=utf-8$/);
      expectPolicyHeaders(response.headers, page.status === 404 ? "/404.html" : page.path);
    }
  });

  it("gives the contact page its own policy, and its .html name a redirect to it", async () => {
    const response = await fetchRaw(`${site.url}/contact`);
    expect(response.status).toBe(200);
    expect(response.headers["content-security-policy"]).toBe(
      withoutUpgrade(headersForPath(rules, "/contact")["Content-Security-Policy"]!),
    );
    expect(response.headers["content-security-policy"]).toContain("frame-src https://");
    const redirect = await fetchRaw(`${site.url}/contact.html`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("/contact");
    const home = await fetchRaw(`${site.url}/`);
    expect(home.headers["content-security-policy"]).not.toContain("frame-src");
  });

  it("answers unknown paths, folders and host files with the 404 page and status 404", async () => {
    const notFound = await readFile(path.join(site.dir, "404.html"));
    for (const urlPath of [
      NOT_FOUND_PROBE,
      "/towns/nowhere/",
      "/services/nope/",
      "/contact.html/",
      "/_headers",
      "/towns/nowhere",
      "/%zz",
      "/.env",
    ]) {
      const response = await fetchRaw(`${site.url}${urlPath}`, { headers: { "Accept-Encoding": "identity" } });
      expect(response.status, urlPath).toBe(404);
      expect(response.body.equals(notFound), urlPath).toBe(true);
      expectPolicyHeaders(response.headers, "/404.html", urlPath);
    }
  });

  it("names the content type of every kind of file, with the charset of text", async () => {
    const expected: Record<string, RegExp> = {
      "/favicon.svg": /^image\/svg\+xml; charset=utf-8$/,
      "/robots.txt": /^text\/plain; charset=utf-8$/,
      "/sitemap.xml": /^(text|application)\/xml; charset=utf-8$/,
    };
    for (const [urlPath, type] of Object.entries(expected)) {
      const response = await fetchRaw(`${site.url}${urlPath}`);
      expect(response.status, urlPath).toBe(200);
      expect(response.headers["content-type"], urlPath).toMatch(type);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expectPolicyHeaders(response.headers, urlPath);
    }
  });

  it("allows GET and HEAD only, and still sends the security headers on a refusal", async () => {
    const head = await fetchRaw(`${site.url}/towns/paris`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) {
      const response = await fetchRaw(`${site.url}/`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD");
      expect(response.headers["content-security-policy"]).toBeTruthy();
    }
  });

  it("leaves upgrade-insecure-requests out of the policy on 127.0.0.1, where dist/_headers has it", async () => {
    for (const page of pages.pages) {
      const fromFile = headersForPath(rules, page.status === 404 ? "/404.html" : page.path)["Content-Security-Policy"]!;
      expect(fromFile, page.path).toMatch(/; upgrade-insecure-requests$/);
      const served = (await fetchRaw(`${site.url}${page.path}`)).headers["content-security-policy"];
      expect(served, page.path).not.toContain("upgrade-insecure-requests");
      expect(served, page.path).toBe(withoutUpgrade(fromFile));
    }
  });

  it("keeps upgrade-insecure-requests only where a request came over TLS", () => {
    const policy = {
      "Content-Security-Policy": "default-src 'none'; upgrade-insecure-requests",
      "X-Frame-Options": "DENY",
    };
    const request = (socket: object) => ({ socket }) as IncomingMessage;
    // Loopback, and a phone on the same network opening the computer's address.
    for (const localAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "192.168.1.20", "10.0.0.5"])
      expect(withPlainHttpPolicy(policy, request({ localAddress })), localAddress).toEqual({
        "Content-Security-Policy": "default-src 'none'",
        "X-Frame-Options": "DENY",
      });
    expect(withPlainHttpPolicy(policy, request({ localAddress: "127.0.0.1", encrypted: true })), "TLS").toBe(policy);
  });

  it("sets no cookie and allows no cross-origin reads", async () => {
    const response = await fetchRaw(`${site.url}/`, { headers: { Origin: "https://elsewhere.example" } });
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("what reaches the static handler", () => {
  it("is a decoded path inside the site, or nothing", () => {
    expect(servablePath("/")).toBe("/");
    expect(servablePath("/towns/paris?x=1#y")).toBe("/towns/paris");
    expect(servablePath("/contac%74")).toBe("/contact");
    // What a trailing slash names is the address rule's to say (a redirect to the page).
    expect(servablePath("/towns/")).toBe("/towns/");
    for (const target of [
      "",
      "*",
      "http://a/b",
      "//evil",
      "/../x",
      "/a/../b",
      "/%2e%2e/x",
      "/.env",
      "/a/.git/config",
      "/_headers",
      "/%zz",
      "/a%00",
      "/a\\b",
      "/a%5cb",
    ]) {
      expect(servablePath(target), target).toBeUndefined();
    }
  });

  it("keeps a Range only when it is one forward byte range", () => {
    expect(usableRange("bytes=0-9")).toBe("bytes=0-9");
    expect(usableRange("bytes=5-")).toBe("bytes=5-");
    for (const range of [
      undefined,
      "bytes=9-0",
      "bytes=-5",
      "bytes=0-1,3-4",
      "items=0-1",
      "bytes=a-b",
      "bytes=1234567890123456-",
    ]) {
      expect(usableRange(range), range).toBeUndefined();
    }
  });
});
