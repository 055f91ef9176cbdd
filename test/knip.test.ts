// knip finds no unused file, export, dependency or type (its configuration: knip.jsonc).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/paths.ts";

describe("knip", () => {
  it("finds nothing unused", async () => {
    const knip = path.join(ROOT, "node_modules", ".bin", "knip");
    const result = await promisify(execFile)(knip, ["--no-progress"], { cwd: ROOT }).then(
      ({ stdout }) => ({ ok: true, output: stdout }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ""}${error.stderr ?? ""}` }),
    );
    expect(result.output.trim()).toBe("");
    expect(result.ok).toBe(true);
  }, 120_000);
});
