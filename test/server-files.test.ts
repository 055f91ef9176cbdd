// How the local server sends files: validators and conditional requests, byte ranges, content
// types, and files that change under it, as when a new build replaces dist/ while it serves.
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRaw } from "./support/http.ts";
import { buildAndServe, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
const identity = { "Accept-Encoding": "identity" };

beforeAll(async () => {
  site = await buildAndServe();
});

afterAll(async () => {
  await site?.close();
});

describe("the local server's files", () => {
  it("sends an ETag and answers a request that repeats it with 304 and no body", async () => {
    const first = await fetchRaw(`${site.url}/robots.txt`, { headers: identity });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["last-modified"]).toBeTruthy();
    const again = await fetchRaw(`${site.url}/robots.txt`, { headers: { ...identity, "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Each encoding is its own representation, with its own validator.
    const brotli = await fetchRaw(`${site.url}/robots.txt`, { headers: { "Accept-Encoding": "br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.etag).not.toBe(etag);
    const stale = await fetchRaw(`${site.url}/robots.txt`, {
      headers: { "Accept-Encoding": "br", "If-None-Match": etag },
    });
    expect(stale.status).toBe(200);
  });

  it("sends one byte range with 206, and refuses a range past the end with 416", async () => {
    const robots = await readFile(path.join(site.dir, "robots.txt"));
    const partial = await fetchRaw(`${site.url}/robots.txt`, { headers: { ...identity, Range: "bytes=2-11" } });
    expect(partial.status).toBe(206);
    expect(partial.headers["content-range"]).toBe(`bytes 2-11/${robots.length}`);
    expect(partial.body.equals(robots.subarray(2, 12))).toBe(true);
    const tail = await fetchRaw(`${site.url}/robots.txt`, { headers: { ...identity, Range: "bytes=5-" } });
    expect(tail.body.equals(robots.subarray(5))).toBe(true);
    const past = await fetchRaw(`${site.url}/robots.txt`, {
      headers: { ...identity, Range: `bytes=${robots.length}-` },
    });
    expect(past.status).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${robots.length}`);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = await fetchRaw(`${site.url}/og/site.png`);
    const head = await fetchRaw(`${site.url}/og/site.png`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.headers["content-type"]).toBe("image/png");
  });

  it("names the type of every kind of file, and varies by encoding only for text", async () => {
    const expected: Record<string, RegExp> = {
      "/": /^text\/html; charset=utf-8$/,
      "/sitemap.xml": /^text\/xml; charset=utf-8$/,
      "/llms.txt": /^text\/plain; charset=utf-8$/,
      "/favicon.svg": /^image\/svg\+xml; charset=utf-8$/,
      "/og/site.png": /^image\/png$/,
    };
    for (const [urlPath, type] of Object.entries(expected)) {
      const response = await fetchRaw(`${site.url}${urlPath}`);
      expect(response.headers["content-type"], urlPath).toMatch(type);
      expect(response.headers.vary, urlPath).toBe(urlPath.endsWith(".png") ? undefined : "Accept-Encoding");
    }
  });

  it("keeps serving when files change under it: a removed page is not found, a rewritten one is sent new", async () => {
    const casey = path.join(site.dir, "towns", "casey.html");
    expect((await fetchRaw(`${site.url}/towns/casey`)).status).toBe(200);
    await Promise.all(["", ".br", ".gz"].map((suffix) => rm(`${casey}${suffix}`)));
    for (const encoding of ["identity", "gzip", "br"]) {
      const gone = await fetchRaw(`${site.url}/towns/casey`, { headers: { "Accept-Encoding": encoding } });
      expect(gone.status, encoding).toBe(404);
    }
    await writeFile(casey, "<!DOCTYPE html><title>Casey</title><p>Rewritten</p>");
    const rewritten = await fetchRaw(`${site.url}/towns/casey`, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(rewritten.status).toBe(200);
    expect(rewritten.headers["content-encoding"]).toBeUndefined();
    expect(rewritten.body.toString()).toContain("Rewritten");
    expect((await fetchRaw(`${site.url}/`)).status).toBe(200);
  });

  it("sends the policy of the build now on disk, after a new build replaced _headers", async () => {
    const file = path.join(site.dir, "_headers");
    const before = await readFile(file, "utf8");
    const policy = (await fetchRaw(`${site.url}/towns/casey`)).headers["content-security-policy"] as string;
    const changed = before.replaceAll(policy, `${policy}; report-to build-2`);
    await writeFile(file, changed);
    expect((await fetchRaw(`${site.url}/towns/casey`)).headers["content-security-policy"]).toBe(
      `${policy}; report-to build-2`,
    );
    await writeFile(file, before);
  });
});
