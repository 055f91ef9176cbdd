// The business's marks made fit for the site with sharp (data/marks.ts read and checked them), and
// where they are served: the logo under /assets/brand/ (named by the original's hash, so the
// year-long immutable cache applies), the browser tab's icon at the site's root as browsers expect
// (site/favicon.ts). An SVG is served as the owner gave it, since the check found that it only
// draws; a PNG or WebP logo becomes a PNG twice the header's height, a PNG or WebP icon a 64-pixel
// PNG, and the logo a PNG the preview cards draw (satori takes a picture as a data: address). No
// metadata is written. Each copy is kept in the build's cache (photos/) under a key of the
// original's hash and the copy.
import sharp from "sharp";
import { cacheKey, type BuildCache } from "../../lib/cache.ts";
import { PNG_FAVICON, SVG_FAVICON, type Favicon } from "../../site/favicon.ts";
import { ICON_SIZE, LOGO_HEIGHT, MIN_LOGO_HEIGHT, svgDensity, type BrandImage } from "./data/marks.ts";

/** Raise when the settings below change: the cache then makes every copy again. */
const SETTINGS_VERSION = 1;

/** The logo's file in dist/: an SVG as the owner gave it, a PNG or WebP as a PNG twice the header's height. */
export function logoFile(image: Pick<BrandImage, "hash" | "format">): string {
  return `assets/brand/logo-${image.hash}.${image.format === "svg" ? "svg" : "png"}`;
}

/** The logo's size in the header, in CSS pixels: 40 high, as wide as its shape makes it. */
export function logoSize(image: Pick<BrandImage, "width" | "height">): { width: number; height: number } {
  return { width: Math.round((LOGO_HEIGHT * image.width) / image.height), height: LOGO_HEIGHT };
}

/**
 * The browser tab's icon, by site.yaml's `icon` (whose name says its kind: data/marks.ts holds it
 * to that): the owner's SVG as it is, at the shovel's address, a PNG or WebP as a 64-pixel PNG.
 */
export function faviconOf(icon: string): Favicon {
  return /\.svg$/i.test(icon) ? SVG_FAVICON : PNG_FAVICON;
}

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

/** The logo's file for dist/: the owner's SVG, or a PNG twice the header's height. */
export async function logoContents(image: BrandImage, cache: BuildCache): Promise<string | Uint8Array> {
  return image.svg ?? (await pngAt(image, MIN_LOGO_HEIGHT, cache));
}

/** The icon's file for dist/: the owner's SVG, or a square PNG of 64 pixels. */
export async function iconContents(image: BrandImage, cache: BuildCache): Promise<string | Uint8Array> {
  return image.svg ?? (await squarePng(image, ICON_SIZE, cache));
}

/** The logo as the preview cards draw it: a PNG `height` pixels tall, as a data: address. */
export async function logoForCards(image: BrandImage, height: number, cache: BuildCache): Promise<string> {
  const png = await pngAt(image, height, cache);
  return `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
}
