// Draws the link-preview PNGs: the card template → satori (SVG) → resvg (PNG). Drawing all of
// them takes seconds, so each PNG is kept on disk under a hash of everything that shapes it (the
// card's data, the card template, the fonts and the renderer versions): an unchanged image is
// read back instead of drawn again, and any change to its inputs draws it anew.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderAsync } from "@resvg/resvg-js";
import { createElement } from "react";
import satori from "satori";
import { SocialCard } from "../templates/parts/SocialCard.tsx";
import { SOCIAL_IMAGE_SIZE, type SocialCardData, type SocialImage } from "./social.ts";

const require = createRequire(import.meta.url);

/** Inter from its npm package, in WOFF (satori reads TTF, OTF and WOFF, not WOFF2). */
const FONTS = [
  { weight: 400, file: "@fontsource/inter/files/inter-latin-400-normal.woff" },
  { weight: 800, file: "@fontsource/inter/files/inter-latin-800-normal.woff" },
] as const;

const CARD_TEMPLATE = fileURLToPath(new URL("../templates/parts/SocialCard.tsx", import.meta.url));

/** Beside the project's other caches (.cache/ is ignored by git). */
export const DEFAULT_IMAGE_CACHE = fileURLToPath(new URL("../.cache/og", import.meta.url));

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

export async function drawSocialCard(card: SocialCardData, fonts: Renderer["fonts"]): Promise<Uint8Array> {
  const svg = await satori(createElement(SocialCard, { card }), { ...SOCIAL_IMAGE_SIZE, fonts });
  // resvg draws on libuv's thread pool, so the next card's layout overlaps this one's drawing.
  const png = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  return new Uint8Array(png.asPng());
}

async function readCached(file: string): Promise<Uint8Array | undefined> {
  return readFile(file).then(
    (data) => new Uint8Array(data),
    () => undefined,
  );
}

/** Written under a temporary name and renamed, so a parallel build never reads half a file. */
async function writeCached(file: string, png: Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(temporary, png);
  await rename(temporary, file);
}

export interface SocialImageStats {
  drawn: number;
  fromCache: number;
}

/** PNG bytes by dist/ path for every image; `stats` counts what was drawn and what was reused. */
export async function renderSocialImages(
  images: SocialImage[],
  cacheDir: string = DEFAULT_IMAGE_CACHE,
  stats: SocialImageStats = { drawn: 0, fromCache: 0 },
): Promise<Map<string, Uint8Array>> {
  renderer ??= loadRenderer();
  const { fonts, fingerprint } = await renderer;
  const rendered = await Promise.all(
    images.map(async (image): Promise<[string, Uint8Array]> => {
      const cached = path.join(cacheDir, `${cacheKey(fingerprint, image.card)}.png`);
      const hit = await readCached(cached);
      if (hit) {
        stats.fromCache += 1;
        return [image.file, hit];
      }
      const png = await drawSocialCard(image.card, fonts);
      stats.drawn += 1;
      await writeCached(cached, png).catch(() => {
        // A read-only checkout still builds; it just draws again next time.
      });
      return [image.file, png];
    }),
  );
  return new Map(rendered);
}
