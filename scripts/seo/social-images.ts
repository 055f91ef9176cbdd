// Draws the link-preview PNGs: the card template → satori (SVG) → resvg (PNG). Drawing all of
// them takes seconds, so each PNG is kept on disk under a hash of everything that shapes it (the
// card's data, the card template, the fonts and the renderer versions): an unchanged image is
// read back instead of drawn again, and any change to its inputs draws it anew.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
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
async function socialCardSvg(card: SocialCardData): Promise<string> {
  renderer ??= loadRenderer();
  const { fonts } = await renderer;
  return satori(createElement(SocialCard, { card }), { ...SOCIAL_IMAGE_SIZE, fonts });
}

const RESVG_OPTIONS = { fitTo: { mode: "original" }, font: { loadSystemFonts: false } } as const;

/** Draws a card here: satori's layout, then resvg's drawing on the thread pool. */
async function drawSocialCard(card: SocialCardData): Promise<Uint8Array> {
  const png = await renderAsync(await socialCardSvg(card), RESVG_OPTIONS);
  return new Uint8Array(png.asPng());
}

export interface SocialImageStats {
  drawn: number;
  fromCache: number;
}

/**
 * Every image by dist/ path: the cached file, which is linked into dist/ when it is written, or the
 * PNG bytes when the cache cannot be written. Cards are drawn a few at a time: satori's layout here,
 * resvg's drawing on the thread pool. `stats` counts what was drawn and what was reused.
 */
export async function renderSocialImages(
  images: SocialImage[],
  cacheDir: string = DEFAULT_IMAGE_CACHE,
  stats: SocialImageStats = { drawn: 0, fromCache: 0 },
): Promise<Map<string, Uint8Array | FileOnDisk>> {
  renderer ??= loadRenderer();
  const { fingerprint } = await renderer;
  const files = images.map((image) => path.join(cacheDir, `${cacheKey(fingerprint, image.card)}.png`));
  const cached = await Promise.all(files.map(isInCache));
  // A few cards at once, so that satori's layout of one overlaps the drawing of another. Kept in
  // memory only when the cache refuses them.
  const inMemory = new Map<string, Uint8Array>();
  const backlog = new Backlog(availableParallelism());
  for (const [at, image] of images.entries()) {
    if (cached[at]) {
      stats.fromCache += 1;
      continue;
    }
    stats.drawn += 1;
    const file = files[at]!;
    await backlog.add(async () => {
      const png = await drawSocialCard(image.card);
      // A read-only checkout still builds; it keeps the bytes and draws again next time.
      await writeCacheFile(file, png).catch(() => inMemory.set(file, png));
    });
  }
  await backlog.settle();
  return new Map(images.map((image, i) => [image.file, inMemory.get(files[i]!) ?? new FileOnDisk(files[i]!)]));
}
