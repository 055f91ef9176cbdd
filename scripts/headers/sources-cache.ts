// The sources of pages read before (csp.ts `pageSources`), kept by a hash of the page, of what it
// is read against, and of the code that reads it: most pages of a build come out as the last build
// left them, and reading every page with parse5 again was the largest part of a warm build (2.9 of
// 10.3 s with 2,700 town pages) and a third of each rebuild of the dev server. Kept in memory for
// the life of the process, and on disk in .cache/policy/, one small file per page, for the next
// build in another process.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { writeCacheFileSync } from "../lib/cache.ts";
import { CACHE_DIR } from "../lib/paths.ts";
import type { PageContext, PolicySources } from "./csp.ts";

const DEFAULT_CACHE_DIR = path.join(CACHE_DIR, "policy");

/** Pages kept in memory at most, the oldest dropped first. */
const KEPT_IN_MEMORY = 4096;

const inMemory = new Map<string, PolicySources>();

/**
 * What reads a page: this folder's scanner and policy code, and parse5's version. A change to any
 * of them makes every key new, so a page is never answered with what older code read in it.
 */
let readerVersion: string | undefined;

function reader(): string {
  if (readerVersion === undefined) {
    const hash = createHash("sha256");
    for (const file of ["csp.ts", "html-scan.ts", "plain-http.ts"]) {
      hash.update(readFileSync(new URL(`./${file}`, import.meta.url)));
    }
    const parse5 = path.join(path.dirname(createRequire(import.meta.url).resolve("parse5")), "..", "package.json");
    hash.update((JSON.parse(readFileSync(parse5, "utf8")) as { version: string }).version);
    readerVersion = hash.digest("hex");
  }
  return readerVersion;
}

type StoredSources = [string, string[]][];

function fromDisk(file: string): PolicySources | undefined {
  let stored: StoredSources;
  try {
    stored = JSON.parse(readFileSync(file, "utf8")) as StoredSources;
  } catch {
    return undefined;
  }
  return new Map(stored.map(([directive, list]) => [directive as never, new Set(list)]));
}

function toDisk(file: string, sources: PolicySources): void {
  const stored: StoredSources = [...sources].map(([directive, list]) => [directive, [...list]]);
  try {
    writeCacheFileSync(file, JSON.stringify(stored));
  } catch {
    // A read-only checkout still builds; it reads the page again next time.
  }
}

/**
 * `read()`'s answer for this page, from memory or from `cacheDir` when this page was read before
 * against the same context by the same code; otherwise read now and kept. A page `read()` refuses
 * (it throws) is never kept.
 */
export function cachedPageSources(
  html: string,
  context: PageContext,
  read: () => PolicySources,
  cacheDir: string = DEFAULT_CACHE_DIR,
): PolicySources {
  const key = createHash("sha256")
    .update(reader())
    .update("\0")
    .update(JSON.stringify({ ...context, allowedOrigins: [...context.allowedOrigins] }))
    .update("\0")
    .update(html)
    .digest("hex");
  let sources = inMemory.get(key);
  if (sources) return sources;
  const file = path.join(cacheDir, `${key}.json`);
  sources = fromDisk(file);
  if (!sources) {
    sources = read();
    toDisk(file, sources);
  }
  inMemory.set(key, sources);
  if (inMemory.size > KEPT_IN_MEMORY) inMemory.delete(inMemory.keys().next().value!);
  return sources;
}
