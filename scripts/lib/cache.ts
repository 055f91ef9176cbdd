// Putting a file into one of the build's caches under .cache/ (brotli output, photos, preview
// cards, fonts): each is named by a hash of what made it, so a file found there is whole and right.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Makes `file` with `write`, which writes the temporary name it is given: written under that name
 * and renamed, so a parallel build never reads half a file. Throws when the folder is read-only.
 */
export async function intoCache(file: string, write: (temporary: string) => Promise<unknown>): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await mkdir(path.dirname(file), { recursive: true });
  await write(temporary);
  await rename(temporary, file);
}

/** `intoCache()` for bytes already made. */
export function writeCacheFile(file: string, bytes: Uint8Array): Promise<void> {
  return intoCache(file, (temporary) => writeFile(temporary, bytes));
}
