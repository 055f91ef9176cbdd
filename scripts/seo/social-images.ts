// Draws the link-preview PNGs: the card template → satori (SVG) → resvg (PNG). Drawing all of
// them takes seconds, so each PNG is kept in the build's cache (og/) under a key of everything that
// shapes it (the card's data, the card template, the fonts and the renderer versions): an unchanged
// image is read back instead of drawn again, and any change to its inputs draws it anew.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import { createElement } from "react";
import satori from "satori";
import { SocialCard } from "../../templates/parts/SocialCard.tsx";
import { Backlog } from "../lib/backlog.ts";
import { cacheKey, type BuildCache } from "../lib/cache.ts";
import { SOCIAL_IMAGE_SIZE } from "../site/social.ts";
import type { SocialImage } from "./social-meta.ts";
import { TEMPLATES_DIR } from "../lib/paths.ts";

const require = createRequire(import.meta.url);

/** Inter from its npm package, in WOFF (satori reads TTF, OTF and WOFF, not WOFF2). */
const FONTS = [
  { weight: 400, file: "@fontsource/inter/files/inter-latin-400-normal.woff" },
  { weight: 800, file: "@fontsource/inter/files/inter-latin-800-normal.woff" },
] as const;

const CARD_TEMPLATE = path.join(TEMPLATES_DIR, "parts", "SocialCard.tsx");

const RESVG_OPTIONS = { fitTo: { mode: "original" }, font: { loadSystemFonts: false } } as const;

type Fonts = { name: string; data: Buffer; weight: 400 | 800; style: "normal" }[];

/** The fonts, and a key of what besides the card's data changes the pixels: part of every card's key. */
async function loadRenderer(): Promise<{ fonts: Fonts; fingerprint: string }> {
  const fonts = await Promise.all(
    FONTS.map(async ({ weight, file }) => ({
      name: "Inter",
      data: await readFile(require.resolve(file)),
      weight,
      style: "normal" as const,
    })),
  );
  const versions = ["satori", "@resvg/resvg-js"].map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  return {
    fonts,
    fingerprint: cacheKey(...fonts.map((font) => font.data), await readFile(CARD_TEMPLATE), ...versions),
  };
}

/** Draws a card: satori's layout with the Inter font, then resvg's drawing on the thread pool. */
async function drawSocialCard(card: SocialImage["card"], fonts: Fonts): Promise<Uint8Array> {
  const svg = await satori(createElement(SocialCard, { card }), { ...SOCIAL_IMAGE_SIZE, fonts });
  const png = await renderAsync(svg, RESVG_OPTIONS);
  return new Uint8Array(png.asPng());
}

export interface SocialImageStats {
  drawn: number;
  fromCache: number;
}

/**
 * Every image's PNG by dist/ path, from `cache` or drawn now. Cards are drawn a few at a time, so
 * that satori's layout of one overlaps resvg's drawing of another. `stats` counts what was drawn
 * and what was reused.
 */
export async function renderSocialImages(
  images: SocialImage[],
  cache: BuildCache,
  stats: SocialImageStats = { drawn: 0, fromCache: 0 },
): Promise<Map<string, Uint8Array>> {
  const { fonts, fingerprint } = await loadRenderer();
  const pngs = new Map<string, Uint8Array>();
  const backlog = new Backlog(availableParallelism());
  for (const image of images) {
    await backlog.add(async () => {
      let drawn = false;
      const png = await cache.entry("og", cacheKey(fingerprint, JSON.stringify(image.card)), () => {
        drawn = true;
        return drawSocialCard(image.card, fonts);
      });
      stats[drawn ? "drawn" : "fromCache"] += 1;
      pngs.set(image.file, png);
    });
  }
  await backlog.settle();
  // In the images' order, whatever order they were drawn in.
  return new Map(images.map((image) => [image.file, pngs.get(image.file)!]));
}
