// Draws the link-preview PNGs: the card template → satori (SVG) → resvg (PNG). Drawing all of
// them takes seconds, so each PNG is kept on disk under a hash of everything that shapes it (the
// card's data, the card template, the fonts and the renderer versions): an unchanged image is
// read back instead of drawn again, and any change to its inputs draws it anew.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import path from "node:path";
import { Resvg, renderAsync } from "@resvg/resvg-js";
import { createElement } from "react";
import satori from "satori";
import { SocialCard } from "../../templates/parts/SocialCard.tsx";
import { Backlog } from "../lib/backlog.ts";
import { isInCache, writeCacheFile } from "../lib/cache.ts";
import { FileOnDisk } from "../lib/output.ts";
import { SOCIAL_IMAGE_SIZE, type SocialCardData } from "../site/social.ts";
import type { SocialImage } from "./social-meta.ts";
import { CACHE_DIR, TEMPLATES_DIR } from "../lib/paths.ts";

const require = createRequire(import.meta.url);

/** Inter from its npm package, in WOFF (satori reads TTF, OTF and WOFF, not WOFF2). */
const FONTS = [
  { weight: 400, file: "@fontsource/inter/files/inter-latin-400-normal.woff" },
  { weight: 800, file: "@fontsource/inter/files/inter-latin-800-normal.woff" },
] as const;

const CARD_TEMPLATE = path.join(TEMPLATES_DIR, "parts", "SocialCard.tsx");

/** Beside the project's other caches (.cache/ is ignored by git). */
const DEFAULT_IMAGE_CACHE = path.join(CACHE_DIR, "og");

interface Renderer {
  fonts: { name: string; data: Buffer; weight: 400 | 800; style: "normal" }[];
  /** Hash of everything besides the card's data that changes the pixels. */
  fingerprint: string;
}

let renderer: Promise<Renderer> | undefined;

async function loadRenderer(): Promise<Renderer> {
  const fonts = await Promise.all(
    FONTS.map(async ({ weight, file }) => ({
      name: "Inter",
      data: await readFile(require.resolve(file)),
      weight,
      style: "normal" as const,
    })),
  );
  const hash = createHash("sha256");
  for (const font of fonts) hash.update(font.data);
  hash.update(await readFile(CARD_TEMPLATE));
  for (const name of ["satori", "@resvg/resvg-js"]) {
    hash.update(`${name}@${(require(`${name}/package.json`) as { version: string }).version}`);
  }
  return { fonts, fingerprint: hash.digest("hex") };
}

function cacheKey(fingerprint: string, card: SocialCardData): string {
  return createHash("sha256").update(fingerprint).update(JSON.stringify(card)).digest("hex");
}

/** The card as SVG, laid out by satori with the Inter font. */
export async function socialCardSvg(card: SocialCardData): Promise<string> {
  renderer ??= loadRenderer();
  const { fonts } = await renderer;
  return satori(createElement(SocialCard, { card }), { ...SOCIAL_IMAGE_SIZE, fonts });
}

export const RESVG_OPTIONS = { fitTo: { mode: "original" }, font: { loadSystemFonts: false } } as const;

/** Draws a card here: satori's layout, then resvg's drawing on the thread pool. */
async function drawSocialCard(card: SocialCardData): Promise<Uint8Array> {
  const png = await renderAsync(await socialCardSvg(card), RESVG_OPTIONS);
  return new Uint8Array(png.asPng());
}

let drawnOnThisThread = 0;

/**
 * A worker thread draws cards back to back and its heap stays smaller still, so it asks for a
 * collection more often: with every 32nd card, 2,700 cards on two workers peaked at 1.2 GiB.
 */
const COLLECT_EVERY_HERE = 8;

/**
 * Draws a card start to end on the calling thread: for a worker thread (pipeline/render-worker.ts),
 * where nothing else waits. The same SVG and the same resvg settings, so the same PNG bytes.
 */
export async function drawSocialCardHere(card: SocialCardData): Promise<Uint8Array> {
  const png = new Resvg(await socialCardSvg(card), RESVG_OPTIONS).render().asPng();
  if (++drawnOnThisThread % COLLECT_EVERY_HERE === 0) {
    collectGarbage();
    // resvg's buffers are freed by finalizers that run after the collection, on a later turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/**
 * Each drawn card leaves resvg's pixel buffer (1200 × 630 × 4 bytes, outside the JavaScript heap)
 * until the garbage collector finalizes its small wrapper object, which it is in no hurry to do
 * while the heap itself stays small: drawing 2,700 cards reached 1 GiB that way, against 570 MiB
 * with a collection every few dozen cards. So after every COLLECT_EVERY cards, one is asked for.
 */
const COLLECT_EVERY = 32;

let collector: (() => void) | undefined;

function collectGarbage(): void {
  if (!collector) {
    setFlagsFromString("--expose-gc");
    collector = runInNewContext("gc") as () => void;
  }
  collector();
}

export interface SocialImageStats {
  drawn: number;
  fromCache: number;
}

/** Draws cards elsewhere (worker threads, pipeline/render-pool.ts), `inFlight` of them at once. */
export interface CardDrawer {
  draw(card: SocialCardData): Promise<Uint8Array>;
  inFlight: number;
}

/** A build's cards: each with its file in the cache, and which of them are not there yet. */
export interface SocialImagePlan {
  images: SocialImage[];
  files: string[];
  /** Positions in `images` of the cards to draw. */
  missing: number[];
}

/** Finds which of `images` the cache holds already, so that a build knows how many it must draw. */
export async function planSocialImages(
  images: SocialImage[],
  cacheDir: string = DEFAULT_IMAGE_CACHE,
): Promise<SocialImagePlan> {
  renderer ??= loadRenderer();
  const { fingerprint } = await renderer;
  const files = images.map((image) => path.join(cacheDir, `${cacheKey(fingerprint, image.card)}.png`));
  const cached = await Promise.all(files.map(isInCache));
  return { images, files, missing: images.flatMap((_, i) => (cached[i] ? [] : [i])) };
}

/**
 * Every image by dist/ path: the cached file, which is linked into dist/ when it is written, or the
 * PNG bytes when the cache cannot be written. Cards are drawn a few at a time, so memory stays
 * flat however many pages there are: here (satori) and on the thread pool (resvg), or by `drawer`.
 * `stats` counts what was drawn and what was reused.
 */
export async function drawSocialImages(
  { images, files, missing }: SocialImagePlan,
  stats: SocialImageStats = { drawn: 0, fromCache: 0 },
  drawer?: CardDrawer,
): Promise<Map<string, Uint8Array | FileOnDisk>> {
  stats.fromCache += images.length - missing.length;
  stats.drawn += missing.length;
  // A few cards at once, so that satori's layout of one overlaps the drawing of another. Kept in
  // memory only when the cache refuses them.
  const inMemory = new Map<string, Uint8Array>();
  const backlog = new Backlog(drawer?.inFlight ?? availableParallelism());
  for (const [drawn, at] of missing.entries()) {
    const [card, file] = [images[at]!.card, files[at]!];
    await backlog.add(async () => {
      const png = await (drawer ? drawer.draw(card) : drawSocialCard(card));
      // A read-only checkout still builds; it keeps the bytes and draws again next time.
      await writeCacheFile(file, png).catch(() => inMemory.set(file, png));
    });
    if (!drawer && (drawn + 1) % COLLECT_EVERY === 0) collectGarbage();
  }
  await backlog.settle();
  return new Map(images.map((image, i) => [image.file, inMemory.get(files[i]!) ?? new FileOnDisk(files[i]!)]));
}

/** `planSocialImages()`, then `drawSocialImages()`. */
export async function renderSocialImages(
  images: SocialImage[],
  cacheDir: string = DEFAULT_IMAGE_CACHE,
  stats: SocialImageStats = { drawn: 0, fromCache: 0 },
  drawer?: CardDrawer,
): Promise<Map<string, Uint8Array | FileOnDisk>> {
  return drawSocialImages(await planSocialImages(images, cacheDir), stats, drawer);
}
