// Link-preview images: one per subject, 1200×630 PNG, drawn without the network, and drawn
// only once for the same inputs thanks to the on-disk cache.
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadIcons } from "../scripts/data/icons.ts";
import { loadData } from "../scripts/data/load.ts";
import { allTowns, buildModel } from "../scripts/data/model.ts";
import { renderSocialImages, type SocialImageStats } from "../scripts/seo/social-images.ts";
import { BuildCache } from "../scripts/lib/cache.ts";
import { buildRoutes } from "../scripts/pages/routes.ts";
import { socialIconsUsed, socialImagesFor } from "../scripts/seo/social-meta.ts";
import { DATA_DIR } from "./support/paths.ts";

const model = buildModel(await loadData(DATA_DIR));
const images = socialImagesFor(buildRoutes(model), model, await loadIcons(socialIconsUsed(model)));

const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("social preview images", () => {
  it("has one image for the site, one per service and one per town page, each with its own file", () => {
    const files = images.map((image) => image.file);
    expect(files).toHaveLength(1 + model.services.length + allTowns(model).length);
    expect(new Set(files).size).toBe(files.length);
    expect(files).toContain("og/site.png");
    expect(files).toContain("og/services/drainage-system.png");
    expect(files).toContain("og/towns/mattoon.png");
  });

  it("puts the subject, the right phone number and the business name on each card", () => {
    const decatur = images.find((image) => image.file === "og/towns/decatur.png")!;
    expect(decatur.card.title).toContain("Decatur, IL");
    expect(decatur.card.phone).toBe(model.business.secondPhone.display);
    const drainage = images.find((image) => image.file === "og/services/drainage-system.png")!;
    expect(drainage.card.title).toBe("Drainage Systems");
    expect(drainage.card.phone).toBe(model.business.phone.display);
    for (const image of images) expect(image.card.businessName).toBe(model.business.name);
  });

  it("draws 1200×630 PNGs without the network, then reads unchanged ones back from the cache", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new Error("no network while drawing")));
    const cacheDir = await mkdtemp(path.join(tmpdir(), "og-cache-"));
    const cache = new BuildCache(cacheDir);
    const sample = images.slice(0, 3);

    const first: SocialImageStats = { drawn: 0, fromCache: 0 };
    const drawn = await renderSocialImages(sample, cache, first);
    expect(first).toEqual({ drawn: 3, fromCache: 0 });
    expect([...drawn.keys()]).toEqual(sample.map((image) => image.file));
    for (const png of drawn.values()) {
      expect(Buffer.from(png.subarray(1, 4)).toString("latin1")).toBe("PNG");
      expect(pngSize(png)).toEqual([1200, 630]);
    }
    expect(await readdir(path.join(cacheDir, "og"))).toHaveLength(3);

    const second: SocialImageStats = { drawn: 0, fromCache: 0 };
    const cached = await renderSocialImages(sample, cache, second);
    expect(second).toEqual({ drawn: 0, fromCache: 3 });
    for (const [file, png] of cached) expect(Buffer.from(png).equals(Buffer.from(drawn.get(file)!))).toBe(true);

    const changed = sample.map((image, i) =>
      i === 0 ? { ...image, card: { ...image.card, phone: "(217) 555-0199" } } : image,
    );
    const third: SocialImageStats = { drawn: 0, fromCache: 0 };
    const redrawn = await renderSocialImages(changed, cache, third);
    expect(third).toEqual({ drawn: 1, fromCache: 2 });
    expect(Buffer.from(redrawn.get(sample[0]!.file)!).equals(Buffer.from(drawn.get(sample[0]!.file)!))).toBe(false);
  });

  it("keeps the drawn bytes when the cache cannot be written", async () => {
    const blocked = path.join(await mkdtemp(path.join(tmpdir(), "og-cache-")), "not-a-folder");
    await writeFile(blocked, "a file where the cache folder would go");
    const stats: SocialImageStats = { drawn: 0, fromCache: 0 };
    const cache = new BuildCache(blocked);
    const result = await renderSocialImages(images.slice(0, 1), cache, stats);
    expect(stats).toEqual({ drawn: 1, fromCache: 0 });
    expect(cache.unwritable).toMatch(/ENOTDIR|EEXIST/);
    const [png] = result.values();
    expect(pngSize(png!)).toEqual([1200, 630]);
  });
});
