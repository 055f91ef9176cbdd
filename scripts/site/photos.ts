// Where a photo's encoded copies live and what the page says about them: the one rule for the
// files under /assets/photos/ (named by the original's hash, so that the year-long immutable cache
// applies) and for the <picture> that offers them. Pure functions: photos/ writes these files,
// the templates link them.
import type { PhotoInfo } from "../data/photos.ts";
import type { Photo } from "../data/schema.ts";

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
  /** Path inside dist/: "assets/photos/3f2a…-800.avif". */
  file: string;
  width: number;
  height: number;
  format: PhotoFormat;
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

function photoWidths(info: Pick<PhotoInfo, "width">): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((width) => width < info.width);
  if (info.width <= PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!) widths.push(info.width);
  else widths.push(PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!);
  return [...new Set(widths)];
}

/** Every copy a photo is encoded to: each width in each format. */
export function photoVariants(info: Pick<PhotoInfo, "hash" | "width" | "height">): PhotoVariant[] {
  return PHOTO_FORMATS.flatMap(({ format }) =>
    photoWidths(info).map((width) => ({
      file: `assets/photos/${info.hash}-${width}.${EXTENSION[format]}`,
      width,
      height: Math.round((info.height * width) / info.width),
      format,
    })),
  );
}

/** One photo of the data as a page shows it: its copies, its size, its alt text and caption. */
export function shownPhoto(photo: Photo, photos: ReadonlyMap<string, PhotoInfo>): GalleryPhoto {
  const info = photos.get(photo.file);
  if (!info) throw new Error(`The photo ${photo.file} was not read: the data was not checked`);
  return galleryPhoto(photo, info);
}

function galleryPhoto(photo: Photo, info: PhotoInfo): GalleryPhoto {
  const variants = photoVariants(info);
  const srcset = (format: PhotoFormat) =>
    variants
      .filter((variant) => variant.format === format)
      .map((variant) => `/${variant.file} ${variant.width}w`)
      .join(", ");
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
export function galleryOf(row: { photos?: Photo[] }, photos: ReadonlyMap<string, PhotoInfo>): GalleryPhoto[] {
  return (row.photos ?? []).map((photo) => galleryPhoto(photo, photos.get(photo.file)!));
}
