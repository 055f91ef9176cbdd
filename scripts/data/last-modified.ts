// The date the data last changed, for the sitemap's lastmod: the data folder's last commit, or the
// newest file time outside a git checkout.
import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { DATA_FILES } from "./schema.ts";

/** The date the data last changed: its last commit, or the newest file time outside git. */
export async function dataLastModified(dataDir: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)("git", ["log", "-1", "--format=%cs", "--", "."], {
      cwd: dataDir,
    });
    const date = stdout.trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  } catch {
    // Not a git checkout: fall back to the files' own times.
  }
  const times = await Promise.all(
    Object.values(DATA_FILES).map(async ({ file, optional }) => {
      const stats = await stat(path.join(dataDir, file)).catch((error: unknown) => {
        if (optional) return undefined;
        throw error;
      });
      return stats?.mtime ?? new Date(0);
    }),
  );
  const newest = new Date(Math.max(...times.map((time) => time.getTime())));
  return newest.toISOString().slice(0, 10);
}
