// The site editor's files in dist/admin/ and the headers they get: its own policy (no
// 'unsafe-eval', GitHub's API the only other origin), noindex, the CMS's script asking no CDN, and
// every public page's policy left as it was; and the CMS's package pinned to one version.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { renderSite, type RenderedSite } from "../scripts/pipeline/generate.ts";
import { parseHeadersFile } from "../scripts/headers/headers-file.ts";
import { headersForPath, type HeaderRule } from "../scripts/headers/rules.ts";
import { outputText } from "../scripts/lib/output.ts";
import { DATA_DIR, ROOT } from "./support/paths.ts";

let site: RenderedSite;
let rules: HeaderRule[];

beforeAll(async () => {
  site = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
  rules = parseHeadersFile(outputText(site.files.get("_headers")!));
}, 120_000); // a build of the shipped data in memory (15 s cold alone, 2 s with the cache)

const directives = (policy: string) =>
  new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...sources]) => [name, sources]),
  );

describe("the site editor's files and headers", () => {
  it("has its own Content-Security-Policy: no 'unsafe-eval', and GitHub's API the only other origin", () => {
    const headers = headersForPath(rules, "/admin/");
    const policy = directives(headers["Content-Security-Policy"]!);
    const sources = [...policy.values()].flat();
    expect(sources).not.toContain("'unsafe-eval'");
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(sources.filter((source) => source.startsWith("https://")).sort()).toEqual([
      "https://api.github.com",
      "https://avatars.githubusercontent.com",
    ]);
    expect(policy.get("connect-src")).toContain("https://api.github.com");
    expect(headers["X-Robots-Tag"]).toBe("noindex, nofollow");
    // Signing in opens GitHub in a window that reports back.
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
    // The policy is the page's: the editor's files, and unknown paths below it, get the site's
    // headers, so that a not-found page there can run its own script.
    for (const file of ["admin/config.yml", "admin/sveltia-cms.js", "admin/editor.js", "admin/nope"]) {
      expect(headersForPath(rules, `/${file}`), file).toEqual(headersForPath(rules, "/404.html"));
    }
  });

  it("leaves every public page's policy as it was: nothing of GitHub, same-origin opener", () => {
    for (const route of site.routes) {
      const headers = headersForPath(rules, route.path);
      expect(headers["Content-Security-Policy"], route.path).not.toMatch(/github|unsafe-eval/);
      expect(headers["Cross-Origin-Opener-Policy"], route.path).toBe("same-origin");
      expect(headers["X-Robots-Tag"], route.path).toBeUndefined();
    }
  });

  it("is a page that says noindex and loads only its own scripts, the editor's first", () => {
    const html = outputText(site.files.get("admin/index.html")!);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect([...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1])).toEqual([
      "/admin/editor.js",
      "/admin/sveltia-cms.js",
    ]);
  });

  it("ships the CMS's script asking no CDN: its fonts and update check point at files of this build", () => {
    const script = outputText(site.files.get("admin/sveltia-cms.js")!);
    expect(script).not.toMatch(/cdn\.jsdelivr\.net|unpkg\.com\/@sveltia\/cms[`/]|githubstatus\.com\/api/);
    for (const [, file] of script.matchAll(/url\((\/admin\/fonts\/[^)]+)\)/g)) {
      expect(site.files.has(file!.slice(1)), file).toBe(true);
    }
    expect(JSON.parse(outputText(site.files.get("admin/cms/package.json")!)).version).toMatch(/^\d+\.\d+\.\d+$/);
    expect([...site.files.keys()].filter((file) => file.startsWith("admin/fonts/"))).toHaveLength(3);
  });
});

describe("the site editor's package", () => {
  it("is pinned to one exact version of @sveltia/cms: the build rewrites the CMS's script, and a new release could break that unseen", async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies["@sveltia/cms"]).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
