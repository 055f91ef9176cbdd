// The README's test command is enough on a fresh machine: `npm test` first runs the installer of
// the tools the tests use beyond npm (test/tools/install.ts), which says what it cannot install
// and stops; CI runs that same command. Every tool is found here, so no test skips for want of one.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/paths.ts";
import { HOST_TOOLS_DIR, missingToolsReport, staleObservatory, stalePackages, SYSTEM_TOOLS } from "./support/tools.ts";

describe("the tools the tests use", () => {
  it("are installed by the first step of `npm test`", async () => {
    const { scripts } = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.pretest).toBe("tsx test/tools/install.ts");
    expect(scripts["test:tools"]).toBe(scripts.pretest);
  });

  it("are all here, the hosts' runtimes and the Observatory's scanner at their pinned versions", () => {
    expect(SYSTEM_TOOLS.filter((tool) => !tool.find()).map((tool) => tool.name)).toEqual([]);
    expect(stalePackages(HOST_TOOLS_DIR)).toEqual([]);
    expect(staleObservatory()).toEqual([]);
  });

  it("are named with how to get each, when missing, before any test runs", () => {
    const report = missingToolsReport(SYSTEM_TOOLS, ["wrangler@4.164.0"], ["@mdn/mdn-http-observatory@1.4.8"]);
    for (const tool of SYSTEM_TOOLS) {
      expect(report).toContain(tool.name);
      expect(report).toContain(`apt-get install ${tool.apt[0]}`);
      expect(report).toContain(tool.elsewhere);
    }
    expect(report).toContain("npm install --prefix test/tools/hosts");
    expect(report).toContain("Mozilla's HTTP Observatory scanner: @mdn/mdn-http-observatory@1.4.8");
    expect(report).toMatch(/No test was run/);
  });

  it("are what CI installs too: it runs the README's test command and nothing else", async () => {
    const [readme, ci] = await Promise.all([
      readFile(path.join(ROOT, "README.md"), "utf8"),
      readFile(path.join(ROOT, ".ci", "run"), "utf8"),
    ]);
    const section = readme.slice(readme.indexOf("## Run the tests"));
    expect(section).toMatch(/```sh\nnpm install && npm test\n```/);
    expect(ci).toMatch(/^npm install /m);
    expect(ci).toMatch(/^npm test -- /m);
    expect(ci).not.toMatch(/apt-get/);
  });
});
