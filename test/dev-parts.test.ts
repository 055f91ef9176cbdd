// The pure parts of `sitegen dev`: which saves count, how pages get the reload script, which file a
// path is served from, and the error page's text.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findPageFile, isPagePath } from "../scripts/dev/dev-server.ts";
import { describeFailure, renderErrorPage } from "../scripts/dev/error-page.ts";
import { injectReloadScript, reloadScriptTag } from "../scripts/dev/live-reload.ts";
import { isRelevantChange } from "../scripts/dev/watch.ts";

describe("isRelevantChange", () => {
  it("counts YAML in data/ and any code file, not editors' leftovers", () => {
    expect(isRelevantChange("data", "towns.yaml")).toBe(true);
    expect(isRelevantChange("data", "notes.txt")).toBe(false);
    expect(isRelevantChange("data", ".towns.yaml.swp")).toBe(false);
    expect(isRelevantChange("data", "towns.yaml~")).toBe(false);
    expect(isRelevantChange("code", "pages/TownPage.tsx")).toBe(true);
    expect(isRelevantChange("code", "styles.css")).toBe(true);
    expect(isRelevantChange("code", "pages/4913")).toBe(false);
    expect(isRelevantChange("code", "parts/#Footer.tsx#")).toBe(false);
    expect(isRelevantChange("code", "parts/Footer.tsx.tmp")).toBe(false);
  });
});

describe("injectReloadScript", () => {
  it("adds the script tag with the page's build number at the end of <head>", () => {
    const html = "<!DOCTYPE html><html><head><title>x</title></head><body></body></html>";
    expect(injectReloadScript(html, 7)).toBe(
      `<!DOCTYPE html><html><head><title>x</title>${reloadScriptTag(7)}</head><body></body></html>`,
    );
    expect(reloadScriptTag(7)).toBe('<script src="/__sitegen/reload.js" data-build="7" defer></script>');
  });

  it("falls back to the end of <body>, then to the end", () => {
    expect(injectReloadScript("<body>x</body>", 1)).toBe(`<body>x${reloadScriptTag(1)}</body>`);
    expect(injectReloadScript("x", 1)).toBe(`x${reloadScriptTag(1)}`);
  });
});

describe("serving pages", () => {
  it("tells pages from files", () => {
    expect(isPagePath("/")).toBe(true);
    expect(isPagePath("/towns/mattoon")).toBe(true);
    expect(isPagePath("/towns/mattoon.html")).toBe(true);
    expect(isPagePath("/sitemap.xml")).toBe(false);
    expect(isPagePath("/og/home.png")).toBe(false);
  });

  it("finds the HTML file of a clean URL, and nothing outside the folder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "site-dev-"));
    await mkdir(path.join(dir, "towns"));
    await writeFile(path.join(dir, "index.html"), "home");
    await writeFile(path.join(dir, "towns.html"), "towns");
    await writeFile(path.join(dir, "towns", "mattoon.html"), "mattoon");
    await writeFile(path.join(path.dirname(dir), "secret.html"), "secret");
    expect(await findPageFile(dir, "/")).toBe(path.join(dir, "index.html"));
    expect(await findPageFile(dir, "/towns")).toBe(path.join(dir, "towns.html"));
    expect(await findPageFile(dir, "/towns/mattoon")).toBe(path.join(dir, "towns", "mattoon.html"));
    expect(await findPageFile(dir, "/towns/nowhere")).toBeUndefined();
    expect(await findPageFile(dir, "/../secret")).toBeUndefined();
    expect(await findPageFile(dir, "/%2e%2e/secret")).toBeUndefined();
    expect(await findPageFile(dir, "/%E0%A4%A")).toBeUndefined();
  });
});

describe("the error page", () => {
  const failure = {
    kind: "data" as const,
    problems: [
      { file: "data/services.yaml", line: 6, column: 11, field: "services[0].icon", found: '"<dropletz>"', expected: "a Lucide icon name", hint: "did you mean 'droplets'?" },
    ],
  };

  it("lists each problem as the terminal prints it, escaped", () => {
    const html = renderErrorPage(failure, 3, "dist/");
    expect(describeFailure(failure).lines).toEqual([
      `data/services.yaml:6:11 services[0].icon: found "<dropletz>", expected a Lucide icon name; did you mean 'droplets'?`,
    ]);
    expect(html).toContain("data/services.yaml:6:11 services[0].icon: found &quot;&lt;dropletz&gt;&quot;");
    expect(html).not.toContain("<dropletz>");
    expect(html).toContain("<h1>The data has 1 problem: the site was not rebuilt</h1>");
    expect(html).toContain("the last good build is still in <code>dist/</code>");
    expect(html).toContain(reloadScriptTag(3));
  });

  it("shows a render failure's message", () => {
    expect(describeFailure({ kind: "render", message: "Rendering / failed: boom" })).toEqual({
      heading: "A page failed to render",
      lines: ["Rendering / failed: boom"],
    });
  });
});
