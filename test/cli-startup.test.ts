// Each command of the site tool loads only what it runs: `sitegen --help` and `sitegen serve` start
// without React, the templates, the map or the HTML parser (measured before this rule: about 0.7 s
// and 140 MB to start serving; after it, about 0.15 s and 75 MB).
import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./support/paths.ts";
import { sharedBuild } from "./support/site.ts";

const RECORDER = path.join(ROOT, "test", "support", "record-modules.mjs");
const CLI = path.join(ROOT, "bin", "sitegen.js");

/** What a command may not load: the rendering side of the generator. */
const HEAVY = [
  /\/node_modules\/react(-dom)?\//,
  /\/node_modules\/(lucide-react|satori|@resvg|d3-geo|topojson-client|parse5|zod|yaml)\//,
  /\/templates\//,
  /\/scripts\/(map|pages\/routes|seo|pipeline\/generate)/,
];

let tmp: string;
let dist: string;

const heavyModules = (modules: string[]) => modules.filter((url) => HEAVY.some((pattern) => pattern.test(url)));

async function recorded(file: string): Promise<string[]> {
  return (await readFile(file, "utf8")).split("\n").filter(Boolean);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "site-startup-"));
  dist = await sharedBuild();
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("the command line", () => {
  it("prints --help without loading the generator", async () => {
    const record = path.join(tmp, "help.txt");
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", RECORDER, CLI, "--help"], {
      env: { ...process.env, RECORD_MODULES: record },
    });
    expect(stdout).toContain("Usage: sitegen");
    const modules = await recorded(record);
    expect(modules.some((url) => url.endsWith("/bin/cli.ts"))).toBe(true);
    expect(heavyModules(modules)).toEqual([]);
  });

  it("serves without loading the generator", async () => {
    const record = path.join(tmp, "serve.txt");
    const child = spawn(process.execPath, ["--import", RECORDER, CLI, "serve", "--port", "0", "--out", dist], {
      env: { ...process.env, RECORD_MODULES: record },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Serving")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`serve exited (${code}): ${output}`)));
    });
    child.kill("SIGTERM");
    await exited;
    const modules = await recorded(record);
    expect(modules.some((url) => url.endsWith("/scripts/serve/server.ts"))).toBe(true);
    expect(heavyModules(modules)).toEqual([]);
  });

  it("would notice a heavy module", () => {
    expect(
      heavyModules([
        "file:///x/node_modules/react/index.js",
        "file:///x/templates/Layout.tsx",
        "file:///x/scripts/serve/server.ts",
      ]),
    ).toHaveLength(2);
  });
});
