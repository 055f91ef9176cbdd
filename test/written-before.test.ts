// What the last build wrote into an output folder (pipeline/written-before.ts): read back only for
// the same folder, and a few records kept, not one for every folder ever built.
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const work = await mkdtemp(path.join(tmpdir(), "written-before-"));
afterAll(() => rm(work, { recursive: true, force: true }));

async function freshModule() {
  vi.resetModules();
  return import("../scripts/pipeline/written-before.ts");
}

const written = new Map([["index.html", { fingerprint: "alone abc", names: ["index.html"], stamps: ["1 2 3"] }]]);

describe("the record of what the last build wrote", () => {
  it("is read back in a new process for the same folder, and not once the folder is gone", async () => {
    const cacheDir = path.join(work, "cache-a");
    const out = path.join(work, "dist-a");
    await mkdir(out);
    await (await freshModule()).rememberWritten(out, written, cacheDir);
    const { writtenBefore } = await freshModule();
    expect(await writtenBefore(out, cacheDir)).toEqual(written);
    // A folder made anew may get the old one's inode number back; its files then fail their own
    // stamps (generate.test.ts), so nothing stale is linked either way.
    await rm(out, { recursive: true });
    expect(await writtenBefore(out, cacheDir)).toEqual(new Map());
  });

  it("keeps the 16 most recent records", async () => {
    const cacheDir = path.join(work, "cache-b");
    const { rememberWritten } = await freshModule();
    for (let i = 0; i < 20; i++) {
      const out = path.join(work, `dist-b${i}`);
      await mkdir(out);
      await rememberWritten(out, written, cacheDir);
    }
    expect(await readdir(cacheDir)).toHaveLength(16);
    const { writtenBefore } = await freshModule();
    expect(await writtenBefore(path.join(work, "dist-b19"), cacheDir)).toEqual(written);
  });
});
