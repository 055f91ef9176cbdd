// The code base's own checks: knip finds no unused file, export, dependency or type (knip.jsonc),
// and every file is in Prettier's form (.prettierrc.json; `npm run format` fixes it).
import { execFile } from "node:child_process";
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
  }, 120_000);

  it("is formatted by Prettier", async () => {
    const result = await run("prettier", ["--check", "--log-level", "warn", "."]);
    expect(result.output.trim()).toBe("");
    expect(result.ok).toBe(true);
  }, 120_000);
});
