// The build's cache: what a build can reuse (compressed copies, preview cards, photos, fonts), kept
// in .cache/ (generate's cacheDir) between builds, one folder per kind. An entry is named by its
// key, a hash of everything that made it, so a change to any input is a new key; and it carries a
// hash of its own bytes, so an entry damaged since it was written (a disk error, a careless edit)
// is found when it is read and made again, never served. A build copies an entry's bytes out:
// nothing in dist/ is ever a link into the cache.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** What an entry's bytes are checked against: its first bytes, the SHA-256 of the rest. */
const DIGEST_BYTES = 32;

const sha256 = (bytes: string | Uint8Array) => createHash("sha256").update(bytes);

/** The SHA-256 of `bytes`, as hex: for a part of a key that is itself large. */
export function digestOf(bytes: string | Uint8Array): string {
  return sha256(bytes).digest("hex");
}

/**
 * The key of what `parts` make: the one recipe of every cache entry. Each part is hashed with its
 * length, so that no two lists of parts give the same key.
 */
export function cacheKey(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) {
    const bytes = typeof part === "string" ? Buffer.from(part, "utf8") : part;
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest("hex");
}

export class BuildCache {
  /** Why writing stopped, once an entry could not be written; the build goes on without writing. */
  unwritable: string | undefined;

  /** A cache in `dir`, or none at all (false: `sitegen generate --no-cache`), where every entry is made. */
  constructor(readonly dir: string | false) {}

  private fileOf(folder: string, key: string): string | undefined {
    return this.dir === false ? undefined : path.join(this.dir, folder, key);
  }

  /** The entry's bytes, when it is there and whole; undefined when it is missing or damaged. */
  async read(folder: string, key: string): Promise<Uint8Array | undefined> {
    const file = this.fileOf(folder, key);
    if (file === undefined) return undefined;
    const entry = await readFile(file).catch(() => undefined);
    if (entry === undefined || entry.length < DIGEST_BYTES) return undefined;
    const bytes = entry.subarray(DIGEST_BYTES);
    return sha256(bytes).digest().equals(entry.subarray(0, DIGEST_BYTES)) ? bytes : undefined;
  }

  /**
   * Keeps `bytes` as the entry, whole or not at all: written under a name of this process's, then
   * renamed over any entry of that key. The one rule for a cache that cannot be written (a
   * read-only checkout, a full disk): it is no failure of the build, which goes on making what it
   * needs; the first refusal stops writing for the rest of the build and is kept in `unwritable`.
   */
  async write(folder: string, key: string, bytes: Uint8Array): Promise<void> {
    const file = this.fileOf(folder, key);
    if (file === undefined || this.unwritable !== undefined) return;
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temporary, Buffer.concat([sha256(bytes).digest(), bytes]));
      await rename(temporary, file);
    } catch (error) {
      this.unwritable ??= error instanceof Error ? error.message : String(error);
      await rm(temporary, { force: true }).catch(() => {});
    }
  }

  /** The entry's bytes, or `make`'s, kept as the entry when the cache did not hold them whole. */
  async entry(folder: string, key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const kept = await this.read(folder, key);
    if (kept !== undefined) return kept;
    const bytes = await make();
    await this.write(folder, key, bytes);
    return bytes;
  }
}
