// What the last build wrote into an output folder, so that the next one links each file that comes
// out as before instead of compressing and writing it again: kept in memory for the dev server's
// build process, which rebuilds on every save, and in .cache/output/ for the next build in another
// process. A file is linked only while it is still the one that build wrote: same folder, and for
// each file the same inode, size and modification time; anything else is written anew.
import { createHash } from "node:crypto";
import { link, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { writeCacheFile } from "../lib/cache.ts";
import { CACHE_DIR } from "../lib/paths.ts";

/** One output file as a build wrote it: what it held, and each name written for it with its stamp. */
export interface Written {
  fingerprint: string;
  /** The file, then its .br and .gz siblings, if any. */
  names: string[];
  /** For each name, its inode, size and modification time once written. */
  stamps: string[];
}

interface Record {
  /**
   * The output folder's inode: another folder in its place links nothing. (A folder made anew may
   * get the old inode number back; its files then fail their own stamps.)
   */
  folder: number;
  files: [string, Written][];
}

const DEFAULT_CACHE_DIR = path.join(CACHE_DIR, "output");

/**
 * Records kept on disk at most, the least recently written dropped first: one per output folder,
 * and the tests build into a new temporary folder each time.
 */
const RECORDS_KEPT = 16;

/** This process's records, by output folder. */
const inMemory = new Map<string, Record>();

async function inodeOf(dir: string): Promise<number | undefined> {
  return stat(dir).then(
    (info) => info.ino,
    () => undefined,
  );
}

/** What tells a file from one written in its place or changed in place since. */
export async function stampOf(file: string): Promise<string> {
  const { ino, size, mtimeMs } = await stat(file);
  return `${ino} ${size} ${mtimeMs}`;
}

function recordFile(outDir: string, cacheDir: string): string {
  const key = createHash("sha256").update(path.resolve(outDir)).digest("hex").slice(0, 32);
  return path.join(cacheDir, `${key}.json`);
}

/** The files the last build wrote into `outDir`, if it is still the folder that build wrote. */
export async function writtenBefore(outDir: string, cacheDir = DEFAULT_CACHE_DIR): Promise<Map<string, Written>> {
  const folder = await inodeOf(outDir);
  if (folder === undefined) return new Map();
  let record = inMemory.get(outDir);
  if (!record) {
    record = await readFile(recordFile(outDir, cacheDir), "utf8").then(
      (text) => JSON.parse(text) as Record,
      () => undefined,
    );
  }
  return record?.folder === folder ? new Map(record.files) : new Map();
}

/** Remembers what this build wrote into `outDir`, now in place, for the next build. */
export async function rememberWritten(
  outDir: string,
  files: Map<string, Written>,
  cacheDir = DEFAULT_CACHE_DIR,
): Promise<void> {
  const folder = await inodeOf(outDir);
  if (folder === undefined) {
    inMemory.delete(outDir);
    return;
  }
  const record: Record = { folder, files: [...files] };
  inMemory.set(outDir, record);
  try {
    await writeCacheFile(recordFile(outDir, cacheDir), JSON.stringify(record));
    await forgetOldRecords(cacheDir);
  } catch {
    // A read-only checkout still builds; its next build in another process writes every file.
  }
}

async function forgetOldRecords(cacheDir: string): Promise<void> {
  const names = (await readdir(cacheDir)).filter((name) => name.endsWith(".json"));
  if (names.length <= RECORDS_KEPT) return;
  const dated = await Promise.all(
    names.map(async (name) => {
      const file = path.join(cacheDir, name);
      return {
        file,
        time: await stat(file).then(
          (info) => info.mtimeMs,
          () => 0,
        ),
      };
    }),
  );
  dated.sort((a, b) => b.time - a.time);
  await Promise.all(dated.slice(RECORDS_KEPT).map(({ file }) => rm(file, { force: true })));
}

/**
 * Links `from` (a file of the output folder) to `to`, when it is still the file `stamp` describes.
 * Throws when it is not, or when it cannot be linked.
 */
export async function linkUnchanged(from: string, to: string, stamp: string): Promise<void> {
  if ((await stampOf(from)) !== stamp) throw new Error(`${from} changed since it was written`);
  await link(from, to);
}
