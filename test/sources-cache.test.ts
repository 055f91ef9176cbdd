// The pages' policy sources kept between builds (headers/sources-cache.ts): a page read once is not
// read again, in this process or the next, unless it, its context or the reading code changed.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { PolicySources } from "../scripts/headers/csp.ts";

const dir = await mkdtemp(path.join(tmpdir(), "sources-cache-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The module as a new process loads it: nothing in memory. */
async function freshCache() {
  vi.resetModules();
  return (await import("../scripts/headers/sources-cache.ts")).cachedPageSources;
}

const context = { file: "towns/lerna.html", siteOrigin: "https://example.com", allowedOrigins: new Set<string>() };
const html = "<!doctype html><title>Lerna</title><script>go()</script>";
const sources: PolicySources = new Map([["script-src", new Set(["'sha256-abc'"])]]);

describe("the policy sources cache", () => {
  it("reads a page once, then answers from memory and, in a new process, from .cache/policy/", async () => {
    const read = vi.fn(() => sources);
    const first = await freshCache();
    expect(first(html, context, read, dir)).toEqual(sources);
    expect(first(html, context, read, dir)).toEqual(sources);
    expect(read).toHaveBeenCalledTimes(1);
    expect(await readdir(dir)).toHaveLength(1);

    const next = await freshCache();
    expect(next(html, context, read, dir)).toEqual(sources);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("reads again when the page, its file or the origins it may load from differ", async () => {
    const cached = await freshCache();
    const read = vi.fn(() => sources);
    cached(`${html} `, context, read, dir);
    cached(html, { ...context, file: "towns/gays.html" }, read, dir);
    cached(html, { ...context, allowedOrigins: new Set(["https://forms.example"]) }, read, dir);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("keeps nothing of a page it refuses", async () => {
    const cached = await freshCache();
    const before = (await readdir(dir)).length;
    const refused = () => {
      throw new Error("inline handler");
    };
    expect(() => cached("<p onclick=x()>", context, refused, dir)).toThrow("inline handler");
    expect(await readdir(dir)).toHaveLength(before);
  });
});
