// The business's marks made fit for the site with sharp (data/brand.ts read and checked them): an
// SVG is served as the owner gave it, since the check found that it only draws; a PNG or WebP logo
// becomes a PNG twice the header's height, a PNG or WebP icon a 64-pixel PNG, and the logo a PNG
// the preview cards draw (satori takes a picture as a data: address). No metadata is written. Each
// copy is kept in the build's cache (photos/) under a key of the original's hash and the copy.
import sharp from "sharp";
import { ICON_SIZE, MIN_LOGO_HEIGHT, svgDensity, type BrandImage } from "../features/brand/data/marks.ts";
import type { Brand } from "../data/model.ts";
import { cacheKey, type BuildCache } from "../lib/cache.ts";
import { faviconOf, logoFile } from "../site/brand.ts";

/** Raise when the settings below change: the cache then makes every copy again. */
const SETTINGS_VERSION = 1;

/** The original, drawn (an SVG, by librsvg, after the check) or decoded, ready to resize. */
function picture(image: BrandImage, height: number) {
  return image.format === "svg"
    ? sharp(Buffer.from(image.svg ?? ""), { density: svgDensity(image.height, height) })
    : sharp(image.source, { failOn: "warning" });
}

/** A PNG of the mark `height` pixels tall (its shape kept), transparent around it. */
function pngAt(image: BrandImage, height: number, cache: BuildCache): Promise<Uint8Array> {
  return cache.entry("photos", cacheKey(`brand ${SETTINGS_VERSION}`, image.hash, `png ${height}`), () =>
    picture(image, height).resize({ height }).png({ compressionLevel: 9 }).toBuffer(),
  );
}

/** A square PNG of the icon, `size` pixels. */
function squarePng(image: BrandImage, size: number, cache: BuildCache): Promise<Uint8Array> {
  return cache.entry("photos", cacheKey(`brand ${SETTINGS_VERSION}`, image.hash, `square ${size}`), () =>
    picture(image, size)
      .resize({ width: size, height: size, fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

/** The logo's and the icon's files for dist/, as [path, contents]; none without them. */
export async function renderBrand(
  brand: Pick<Brand, "logo" | "icon">,
  cache: BuildCache,
): Promise<[string, string | Uint8Array][]> {
  const files: [string, string | Uint8Array][] = [];
  const { logo, icon } = brand;
  if (logo) {
    const file = logoFile(logo.image);
    files.push([file, logo.image.svg ?? (await pngAt(logo.image, MIN_LOGO_HEIGHT, cache))]);
  }
  if (icon) {
    const { file } = faviconOf(icon.file);
    files.push([file, icon.svg ?? (await squarePng(icon, ICON_SIZE, cache))]);
  }
  return files;
}

/** The logo as the preview cards draw it: a PNG `height` pixels tall, as a data: address. */
export async function logoForCards(image: BrandImage, height: number, cache: BuildCache): Promise<string> {
  const png = await pngAt(image, height, cache);
  return `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
}
