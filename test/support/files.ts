import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Every file below dir, by relative path, with its contents. */
export async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((e) => e.isFile())) {
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, absolute), await readFile(absolute));
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}
