// The build's cache cannot poison the site: nothing in dist/ is a link into it, an entry damaged
// since it was written is found by its key and made again, never served, and a cache that cannot
// be written stops nothing.
import { appendFile, cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuildCache, cacheKey } from "../scripts/lib/cache.ts";
import { CACHE_DIR } from "../scripts/lib/paths.ts";
import { generate } from "../scripts/pipeline/generate.ts";
import { readTree } from "./support/files.ts";
import { DATA_DIR } from "./support/paths.ts";
import { copyProject } from "./support/project-copy.ts";
import { sharedBuild } from "./support/site.ts";

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "site-cache-"));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe("BuildCache", () => {
  const bytes = Buffer.from("<!DOCTYPE html><p>Drainage, grading and site work</p>");

  it("keeps an entry under its key and reads it back", async () => {
    const cache = new BuildCache(path.join(tmp, "kept"));
    const key = cacheKey("test", bytes);
    expect(await cache.read("test", key)).toBeUndefined();
    await cache.write("test", key, bytes);
    expect(Buffer.from((await cache.read("test", key))!).equals(bytes)).toBe(true);
    let made = 0;
    const again = await cache.entry("test", key, async () => {
      made += 1;
      return Buffer.from("made again");
    });
    expect(made).toBe(0);
    expect(Buffer.from(again).equals(bytes)).toBe(true);
  });

  it("gives one key for one list of parts, and another for any other", () => {
    expect(cacheKey("a", "bc")).toBe(cacheKey("a", "bc"));
    expect(cacheKey("a", "bc")).not.toBe(cacheKey("ab", "c"));
    expect(cacheKey("a", "bc")).not.toBe(cacheKey("abc"));
    expect(cacheKey("a", Buffer.from("bc"))).toBe(cacheKey("a", "bc"));
  });

  it("never serves a damaged entry: it is made again and kept whole", async () => {
    const dir = path.join(tmp, "damaged");
    const cache = new BuildCache(dir);
    const key = cacheKey("test", bytes);
    await cache.write("test", key, bytes);
    const file = path.join(dir, "test", key);
    const damages: [string, (entry: Buffer) => Buffer][] = [
      ["a byte changed", (entry) => Buffer.from(entry.map((byte, i) => (i === entry.length - 5 ? byte ^ 1 : byte)))],
      ["bytes added", (entry) => Buffer.concat([entry, Buffer.from("junk")])],
      ["cut short", (entry) => entry.subarray(0, entry.length - 1)],
      ["emptied", () => Buffer.alloc(0)],
    ];
    for (const [damage, damaged] of damages) {
      await writeFile(file, damaged(await readFile(file)));
      expect(await cache.read("test", key), damage).toBeUndefined();
      const made = await cache.entry("test", key, async () => bytes);
      expect(Buffer.from(made).equals(bytes), damage).toBe(true);
      expect(Buffer.from((await cache.read("test", key))!).equals(bytes), damage).toBe(true);
    }
  });

  it("goes on without writing when the cache cannot be written, and says why once", async () => {
    const blocked = path.join(tmp, "a-file");
    await writeFile(blocked, "a file where the cache folder would go");
    const cache = new BuildCache(blocked);
    const made = await cache.entry("test", cacheKey("one"), async () => bytes);
    expect(Buffer.from(made).equals(bytes)).toBe(true);
    expect(cache.unwritable).toMatch(/ENOTDIR|EEXIST/);
    await cache.entry("test", cacheKey("two"), async () => bytes);
    expect(await readFile(blocked, "utf8")).toBe("a file where the cache folder would go");
  });

  it("keeps nothing without a folder (--no-cache)", async () => {
    const cache = new BuildCache(false);
    let made = 0;
    for (let i = 0; i < 2; i++) {
      await cache.entry("test", cacheKey("one"), async () => {
        made += 1;
        return bytes;
      });
    }
    expect(made).toBe(2);
    expect(cache.unwritable).toBeUndefined();
  });
});

const run = promisify(execFile);

describe("generate --no-cache, run as a person runs it", () => {
  it("keeps nothing in .cache/, the command line's compiled code included", async () => {
    const project = await copyProject();
    // A copy whose .cache/ is its own, empty, not the project's shared one.
    await rm(path.join(project, ".cache"));
    const out = path.join(project, "site");
    await run(process.execPath, [path.join(project, "bin", "sitegen.js"), "generate", "--no-cache", "-q", "-o", out], {
      cwd: project,
    });
    expect((await readdir(out)).length).toBeGreaterThan(10);
    const kept = await readdir(path.join(project, ".cache"), { recursive: true }).catch(() => []);
    expect(kept).toEqual([]);
    await rm(project, { recursive: true, force: true });
  }, 120_000); // a build with nothing cached, in a copy of the project, with the command line compiled anew
});

describe("generate and its cache", () => {
  let cacheDir: string;

  /** The cache entry whose bytes are those of `file` in `outDir`. */
  async function entryHolding(outDir: string, file: string): Promise<string> {
    const wanted = await readFile(path.join(outDir, file));
    const folder = path.join(cacheDir, "compressed");
    for (const name of await readdir(folder)) {
      const entry = await readFile(path.join(folder, name));
      if (entry.subarray(32).equals(wanted)) return path.join(folder, name);
    }
    throw new Error(`no entry of ${cacheDir} holds ${file}`);
  }

  beforeAll(async () => {
    // A cache of the test's own, started from the project's so that its first build is quick: the
    // run's shared build of the same data has filled the project's (support/site.ts).
    cacheDir = path.join(tmp, "cache");
    await sharedBuild();
    for (const folder of ["compressed", "og", "fonts"]) {
      const from = path.join(CACHE_DIR, folder);
      if (existsSync(from)) await cp(from, path.join(cacheDir, folder), { recursive: true });
    }
  }, 120_000); // the shared build, made here when no file has asked for it yet (15 s cold alone)

  it("writes dist/ as files of its own: none is a link into the cache", async () => {
    const out = path.join(tmp, "own-files");
    await generate({ dataDir: DATA_DIR, outDir: out, cacheDir });
    const files = [...(await readTree(out)).keys()];
    expect(files.length).toBeGreaterThan(200);
    for (const file of files) expect((await stat(path.join(out, file))).nlink, file).toBe(1);
  }, 120_000); // a build into a folder of its own

  it("repairs a corrupted file in dist/ and a corrupted entry in the cache with the next build", async () => {
    const out = path.join(tmp, "repaired");
    await generate({ dataDir: DATA_DIR, outDir: out, cacheDir });
    const good = await readTree(out);
    const page = good.get("index.html")!;
    // dist/index.html.br with bytes added, and the cache's brotli copy of the home page with a
    // byte changed, its size the same.
    const entry = await entryHolding(out, "index.html.br");
    await appendFile(path.join(out, "index.html.br"), "corrupted");
    const whole = await readFile(entry);
    await writeFile(entry, Buffer.from(whole.map((byte, i) => (i === 100 ? byte ^ 0xff : byte))));

    await generate({ dataDir: DATA_DIR, outDir: out, cacheDir });
    const rebuilt = await readTree(out);
    expect([...rebuilt.keys()]).toEqual([...good.keys()]);
    for (const [file, contents] of good) expect(rebuilt.get(file)?.equals(contents), file).toBe(true);
    expect(brotliDecompressSync(rebuilt.get("index.html.br")!).equals(page)).toBe(true);
    expect((await readFile(entry)).equals(whole)).toBe(true);
  }, 120_000); // two builds: one to damage, one that repairs

  it("does not bring back bytes added to dist/ once dist/ is deleted and built again", async () => {
    const out = path.join(tmp, "deleted");
    await generate({ dataDir: DATA_DIR, outDir: out, cacheDir });
    const good = await readFile(path.join(out, "index.html.br"));
    await appendFile(path.join(out, "index.html.br"), "corrupted");
    await rm(out, { recursive: true });
    await generate({ dataDir: DATA_DIR, outDir: out, cacheDir });
    expect((await readFile(path.join(out, "index.html.br"))).equals(good)).toBe(true);
  }, 120_000); // two builds

  it("builds the same bytes with no cache", async () => {
    const cached = path.join(tmp, "cached");
    const uncached = path.join(tmp, "uncached");
    await generate({ dataDir: DATA_DIR, outDir: cached, cacheDir });
    await generate({ dataDir: DATA_DIR, outDir: uncached, cacheDir: false });
    const [a, b] = await Promise.all([readTree(cached), readTree(uncached)]);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, contents] of a) expect(b.get(file)?.equals(contents), file).toBe(true);
  }, 240_000); // two builds, one of them with no cache at all (15 s alone)
});
