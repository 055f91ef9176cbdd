// Where a photo's encoded copies live and what the page says about them: the one rule for the
// files under /assets/photos/ (named by the original's hash, so that the year-long immutable cache
// applies) and for the <picture> that offers them. Pure functions: photos/ writes these files,
// the templates link them.
import type { PhotoInfo, PhotoRef } from "../data/site-rows.ts";
import type { HeroPhoto, Photo } from "../data/schema.ts";

/** The widths the gallery offers, and the original's own width when it is narrower than the largest. */
export const PHOTO_WIDTHS = [480, 800, 1200] as const;

/** Best first: the browser takes the first <source> whose type it can show; JPEG is the <img> itself. */
const PHOTO_FORMATS = [
  { format: "avif", type: "image/avif" },
  { format: "webp", type: "image/webp" },
  { format: "jpeg", type: "image/jpeg" },
] as const;

export type PhotoFormat = (typeof PHOTO_FORMATS)[number]["format"];

export interface PhotoVariant {
  /** Path inside dist/: "assets/photos/3f2a…-800.avif" (a gallery's), "assets/photos/3f2a…-top-800.avif" (the top of a page's). */
  file: string;
  width: number;
  height: number;
  format: PhotoFormat;
  /** A copy phones take at the top of a page: made small enough to arrive in one round trip (photos/encode.ts). */
  forPhones?: boolean;
}

/** One photo as the gallery shows it. */
export interface GalleryPhoto {
  alt: string;
  caption?: string;
  /** The size of the largest copy: the <img>'s width and height, so its box is kept before it loads. */
  width: number;
  height: number;
  /** AVIF and WebP, each with its widths. */
  sources: { type: string; srcset: string }[];
  /** The JPEG at the middle width, and every JPEG width. */
  src: string;
  srcset: string;
}

/** The preview image of a page whose row has photos: its first photo, cropped to 1200×630. */
export function photoCardFile(info: Pick<PhotoInfo, "hash">): string {
  return `og/photos/${info.hash}.jpg`;
}

const EXTENSION: Record<PhotoFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** `wanted` up to the photo's own width, and its own width in place of any wider. */
function photoWidths(info: Pick<PhotoInfo, "width">, wanted: readonly number[]): number[] {
  const widths: number[] = wanted.filter((width) => width < info.width);
  if (info.width <= wanted[wanted.length - 1]!) widths.push(info.width);
  else widths.push(wanted[wanted.length - 1]!);
  return [...new Set(widths)];
}

/**
 * A photo's copies at `wanted` widths in each format, named by its hash, `infix` and the width;
 * those up to `phonesUpTo` pixels wide marked as a phone's.
 */
function variantsAt(
  info: Pick<PhotoInfo, "hash" | "width" | "height">,
  wanted: readonly number[],
  infix = "",
  phonesUpTo = 0,
): PhotoVariant[] {
  return PHOTO_FORMATS.flatMap(({ format }) =>
    photoWidths(info, wanted).map((width) => ({
      file: `assets/photos/${info.hash}-${infix}${width}.${EXTENSION[format]}`,
      width,
      height: Math.round((info.height * width) / info.width),
      format,
      ...(width <= phonesUpTo ? { forPhones: true } : {}),
    })),
  );
}

/** The srcset of `variants`: each copy's address and width. */
function srcsetOf(variants: readonly PhotoVariant[]): string {
  return variants.map((variant) => `/${variant.file} ${variant.width}w`).join(", ");
}

/** Every copy a photo is encoded to for the gallery: each width in each format. */
export function photoVariants(info: Pick<PhotoInfo, "hash" | "width" | "height">): PhotoVariant[] {
  return variantsAt(info, PHOTO_WIDTHS);
}

/** One photo of the data as a page shows it: its copies, its size, its alt text and caption. */
export function shownPhoto(photo: PhotoRef<Photo>): GalleryPhoto {
  const { info } = photo;
  const variants = photoVariants(info);
  const srcset = (format: PhotoFormat) => srcsetOf(variants.filter((variant) => variant.format === format));
  const jpegs = variants.filter((variant) => variant.format === "jpeg");
  const largest = jpegs[jpegs.length - 1]!;
  const middle = jpegs.find((variant) => variant.width >= 800) ?? largest;
  return {
    alt: photo.alt,
    ...(photo.caption ? { caption: photo.caption } : {}),
    width: largest.width,
    height: largest.height,
    sources: PHOTO_FORMATS.filter(({ format }) => format !== "jpeg").map(({ format, type }) => ({
      type,
      srcset: srcset(format),
    })),
    src: `/${middle.file}`,
    srcset: srcset("jpeg"),
  };
}

/** The gallery of a row: its photos in the data's order. */
export function galleryOf(row: { photos?: PhotoRef[] }): GalleryPhoto[] {
  return (row.photos ?? []).map(shownPhoto);
}

/**
 * The widths of a photo at the top of a page: a phone takes one of the two smallest whatever its
 * pixel density (the 800 at most, 53 KB for the tests' photo in AVIF, where the 1200 a 390-pixel
 * phone at three pixels per point would ask for is 105 KB), a larger screen one of the three largest.
 */
export const HERO_WIDTHS = [480, 800, 1200, 1600] as const;

/**
 * The longest side a photo needs for every copy the site makes of it: the widest copy at the top of a
 * page (HERO_WIDTHS), for a photo in portrait at 3:4 too. The editor shrinks an upload to it.
 */
export const PHOTO_LONG_SIDE = Math.ceil((HERO_WIDTHS.at(-1)! * 4) / 3);
/** The widest copy a phone is offered; a photo is at least this wide (data/photos.ts). */
const WIDEST_FOR_PHONES = 800;

/** Where the photo is a band above the heading, and where it lies behind the heading's panel (styles in pages/assets.ts). */
const PHONE_MEDIA = "(max-width: 47.99rem)";
const WIDE_MEDIA = "(min-width: 48rem)";

/** The photo spans the screen's width at every size. */
const HERO_SIZES = "100vw";

/** One set of copies offered in a <picture>, and asked for from the page's <head> (a preload). */
interface HeroSource {
  media: string;
  type: string;
  srcset: string;
}

/** A photo at the top of a page, as the templates show it and its page's <head> asks for it. */
export interface HeroImage {
  alt: string;
  /** The largest copy's size: the <img>'s width and height. */
  width: number;
  height: number;
  sizes: string;
  /** AVIF, then WebP, for phones and then for larger screens; the first a browser can show is taken. */
  sources: HeroSource[];
  /** The AVIF sets, one per screen size, which the <head> preloads: every browser that shows AVIF takes them. */
  preloads: HeroSource[];
  /** The JPEG for browsers without <picture> support of AVIF and WebP. */
  src: string;
  srcset: string;
  /** The copy a phone asks for (AVIF, 800 wide or the photo's own width): kept with its page by the service worker. */
  phoneCopy: string;
}

/**
 * Every copy of a photo at the top of a page: files of their own ("-top-"), since the copies a phone
 * takes are made smaller than a gallery's (photos/encode.ts).
 */
export function heroVariants(info: Pick<PhotoInfo, "hash" | "width" | "height">): PhotoVariant[] {
  return variantsAt(info, HERO_WIDTHS, "top-", WIDEST_FOR_PHONES);
}

/** The photo a page's row names for its top, as the page shows it; undefined without one. */
export function heroImageOf(hero: PhotoRef<HeroPhoto> | undefined): HeroImage | undefined {
  if (!hero) return undefined;
  const variants = heroVariants(hero.info);
  const widths = [...new Set(variants.map((variant) => variant.width))];
  const phone = widths.filter((width) => width <= WIDEST_FOR_PHONES);
  const wide = widths.filter((width) => width >= WIDEST_FOR_PHONES);
  const set = (format: PhotoFormat, among: number[]) =>
    srcsetOf(variants.filter((variant) => variant.format === format && among.includes(variant.width)));
  const sources = (["avif", "webp"] as const).flatMap((format) => [
    { media: PHONE_MEDIA, type: PHOTO_FORMATS.find((f) => f.format === format)!.type, srcset: set(format, phone) },
    { media: WIDE_MEDIA, type: PHOTO_FORMATS.find((f) => f.format === format)!.type, srcset: set(format, wide) },
  ]);
  const jpegs = variants.filter((variant) => variant.format === "jpeg");
  const largest = jpegs[jpegs.length - 1]!;
  const phoneCopy = variants.find((variant) => variant.format === "avif" && variant.width === Math.max(...phone))!;
  return {
    alt: hero.alt,
    width: largest.width,
    height: largest.height,
    sizes: HERO_SIZES,
    sources,
    preloads: sources.filter((source) => source.type === "image/avif"),
    src: `/${(jpegs.find((variant) => variant.width >= 800) ?? largest).file}`,
    srcset: set("jpeg", widths),
    phoneCopy: `/${phoneCopy.file}`,
  };
}
