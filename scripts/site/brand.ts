// Where the business's marks are served and at what size: the logo under /assets/brand/ (named by
// the original's hash, so the year-long immutable cache applies), the browser tab's icon at the
// site's root as browsers expect. Pure functions: photos/brand.ts writes these files, the
// templates, the editor and the service worker name them.
import { LOGO_HEIGHT, type BrandImage } from "../features/brand/data/marks.ts";
import { FAVICON_FILE, FAVICON_PATH, pathForFile } from "./urls.ts";

/** The logo's file in dist/: an SVG as the owner gave it, a PNG or WebP as a PNG twice the header's height. */
export function logoFile(image: Pick<BrandImage, "hash" | "format">): string {
  return `assets/brand/logo-${image.hash}.${image.format === "svg" ? "svg" : "png"}`;
}

/** The logo's size in the header, in CSS pixels: 40 high, as wide as its shape makes it. */
export function logoSize(image: Pick<BrandImage, "width" | "height">): { width: number; height: number } {
  return { width: Math.round((LOGO_HEIGHT * image.width) / image.height), height: LOGO_HEIGHT };
}

export interface Favicon {
  /** Its file in dist/, at the site's root. */
  file: string;
  /** Its address: "/favicon.svg". */
  path: string;
  type: string;
}

/** The shovel drawn by the build (pages/assets.ts) when site.yaml names no icon, or the owner's SVG. */
const SVG_FAVICON: Favicon = { file: FAVICON_FILE, path: FAVICON_PATH, type: "image/svg+xml" };
const PNG_FAVICON_FILE = "favicon.png";
const PNG_FAVICON: Favicon = { file: PNG_FAVICON_FILE, path: pathForFile(PNG_FAVICON_FILE), type: "image/png" };

/**
 * The browser tab's icon, by site.yaml's `icon` (whose name says its kind: data/brand.ts holds it
 * to that): the owner's SVG as it is, a PNG or WebP as a 64-pixel PNG; without one, the shovel.
 */
export function faviconOf(icon: string | undefined): Favicon {
  return icon === undefined || /\.svg$/i.test(icon) ? SVG_FAVICON : PNG_FAVICON;
}
