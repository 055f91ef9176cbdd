// The benchmark's synthetic towns are valid data: the generator accepts them, with unique slugs,
// and none is a near-duplicate of another page (data/near-duplicates.ts), so the rule runs on them
// as on a real site of that size rather than refusing them.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeScaledData } from "../scripts/measure/scale.ts";
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
