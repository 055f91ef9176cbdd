// The code base's own checks: knip finds no unused file, export, dependency or type (knip.jsonc),
// every file is in Prettier's form (.prettierrc.json; `npm run format` fixes it), and every
// package's install script was reviewed (package.json's allowScripts).
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/paths.ts";

async function run(tool: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  return promisify(execFile)(path.join(ROOT, "node_modules", ".bin", tool), args, { cwd: ROOT }).then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (error: { stdout?: string; stderr?: string }) => ({
      ok: false,
      output: `${error.stdout ?? ""}${error.stderr ?? ""}`,
    }),
  );
}

describe("the code base", () => {
  it("has nothing unused, by knip", async () => {
    const result = await run("knip", ["--no-progress"]);
    expect(result.output.trim()).toBe("");
    expect(result.ok).toBe(true);
  }, 120_000); // knip reads the whole project

  it("is formatted by Prettier", async () => {
    const result = await run("prettier", ["--check", "--log-level", "warn", "."]);
    expect(result.output.trim()).toBe("");
    expect(result.ok).toBe(true);
  }, 120_000); // Prettier reads every file of the project

  it("says, for every package with an install script, whether npm may run it", async () => {
    // npm 11 warns on every install about an install script allowScripts does not cover. esbuild's
    // puts its binary in place; vnu-jar's would download a Java runtime, where the tests use the
    // system's Java that `npm run test:tools` installs.
    const manifest = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as {
      allowScripts?: Record<string, boolean>;
    };
    const lock = JSON.parse(await readFile(path.join(ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.sort()).toEqual(Object.keys(manifest.allowScripts ?? {}).sort());
    expect(manifest.allowScripts).toEqual({ esbuild: true, "vnu-jar": false });
  });
});
