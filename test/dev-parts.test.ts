// The pure parts of `sitegen dev`: which saves count, how pages get the reload script and the policy
// that allows it, and the error page's text.
import { describe, expect, it } from "vitest";
import { allowReloadScript } from "../scripts/dev/dev-server.ts";
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

describe("the dev server's policy", () => {
  it("allows the reload script from this server, and nothing else besides the page's own policy", () => {
    const headers = {
      "Content-Security-Policy": "default-src 'none'; script-src 'sha256-abc='; style-src 'sha256-def='",
      "X-Frame-Options": "DENY",
    };
    expect(allowReloadScript(headers, "127.0.0.1:4321")).toEqual({
      "Content-Security-Policy":
        "default-src 'none'; script-src 'sha256-abc=' http://127.0.0.1:4321/__sitegen/reload.js; style-src 'sha256-def='",
      "X-Frame-Options": "DENY",
    });
    expect(
      allowReloadScript({ "Content-Security-Policy": "default-src 'none'; img-src 'self'" }, "localhost:9"),
    ).toEqual({
      "Content-Security-Policy":
        "default-src 'none'; script-src http://localhost:9/__sitegen/reload.js; img-src 'self'",
    });
    expect(allowReloadScript({ "X-Frame-Options": "DENY" }, "localhost:9")).toEqual({ "X-Frame-Options": "DENY" });
  });
});

describe("the error page", () => {
  const failure = {
    kind: "data" as const,
    problems: [
      {
        file: "data/services.yaml",
        line: 6,
        column: 11,
        field: "services[0].icon",
        found: '"<dropletz>"',
        expected: "a Lucide icon name",
        hint: "did you mean 'droplets'?",
      },
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
