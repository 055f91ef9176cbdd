// The benchmark's synthetic towns are valid data: the generator accepts them, with unique slugs,
// and none is a near-duplicate of another page (data/near-duplicates.ts), so the rule runs on them
// as on a real site of that size rather than refusing them.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeScaledData } from "../scripts/measure/scale.ts";
import { floorMs, measureCosts } from "../scripts/measure/costs.ts";
import { generate } from "../scripts/pipeline/generate.ts";
import { loadData } from "../scripts/data/load.ts";
import { DATA_DIR } from "./support/paths.ts";

describe("scaled data for the generate benchmark", () => {
  it("multiplies the town pages, every copy with its own slug, name, map point and wording", async () => {
    const tmp = await mkdtemp(path.join(tmpdir(), "site-scale-"));
    try {
      const real = await loadData(DATA_DIR);
      const realCount = real.towns.length + real.alsoServing.length;
      const dir = path.join(tmp, "data");
      expect(await writeScaledData(DATA_DIR, dir, 3)).toBe(realCount * 3);
      const scaled = await loadData(dir);
      expect(scaled.towns).toEqual(real.towns);
      const all = [...scaled.towns, ...scaled.alsoServing];
      expect(all).toHaveLength(realCount * 3);
      expect(new Set(all.map((town) => town.slug)).size).toBe(all.length);
      expect(new Set(all.map((town) => town.name)).size).toBe(all.length);
      expect(new Set(all.map((town) => `${town.coordinates.lat},${town.coordinates.lon}`)).size).toBe(all.length);
      expect(new Set(all.map((town) => town.description)).size).toBe(all.length);
      // Same lengths as the originals, so that pages and preview images cost what theirs do.
      expect(all.map((town) => town.body.join(" ").length)).toEqual(
        [0, 1, 2].flatMap(() => [...real.towns, ...real.alsoServing].map((town) => town.body.join(" ").length)),
      );
      expect(scaled.warnings).toEqual([]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});

describe("where a cold build's processor time goes (measure/costs.ts)", () => {
  it("times every kind of work a cold build does, over all of its pages, cards and compressed files", async () => {
    const tmp = await mkdtemp(path.join(tmpdir(), "site-costs-"));
    try {
      const out = path.join(tmp, "dist");
      await generate({ dataDir: DATA_DIR, outDir: out });
      const costs = await measureCosts(DATA_DIR, out, 4);
      const items = Object.fromEntries(costs.map((cost) => [cost.work, cost.items]));
      expect(items).toEqual({
        "load and check the data, build the model": 1,
        "render pages (React)": 45,
        "read pages for the policy (parse5)": 45,
        "lay out preview cards (satori)": 40,
        "draw preview cards (resvg)": 40,
        "encode preview cards as PNG (resvg)": 40,
        "brotli 11, pages": 46,
        "brotli 11, every other text file": 11,
        "gzip 9, every text file": 57,
      });
      for (const cost of costs) expect(cost.ms, cost.work).toBeGreaterThan(0);
      expect(floorMs(costs, 2)).toBeCloseTo(costs.reduce((sum, cost) => sum + cost.ms, 0) / 2);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }, 60_000);
});
