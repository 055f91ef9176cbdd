// Putting a file into one of the build's caches under .cache/ (brotli output, photos, preview
// cards, fonts): each is named by a hash of what made it, so a file found
// there is whole and right.
import { access, chmod, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { threadId } from "node:worker_threads";

/** A name of its own for each process and thread writing beside `file`. */
function temporaryFor(file: string): string {
  return `${file}.${process.pid}-${threadId}.tmp`;
}

/** Cache files are read-only: dist/ links some of them (pipeline/staged-output.ts), and an edit there must not reach the cache. */
const READ_ONLY = 0o444;

/**
 * Makes `file` with `write`, which writes the temporary name it is given: written under that name
 * and renamed, so a parallel build never reads half a file. Throws when the folder is read-only.
 */
export async function intoCache(file: string, write: (temporary: string) => Promise<unknown>): Promise<void> {
  const temporary = temporaryFor(file);
  await mkdir(path.dirname(file), { recursive: true });
  await write(temporary);
  await chmod(temporary, READ_ONLY);
  await rename(temporary, file);
}

/** `intoCache()` for text or bytes already made. */
export function writeCacheFile(file: string, contents: string | Uint8Array): Promise<void> {
  return intoCache(file, (temporary) => writeFile(temporary, contents));
}

/** Whether the cache holds `file`: a file there is whole, since it is put there by a rename. */
export async function isInCache(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
