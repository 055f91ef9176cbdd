// The owner's photos made fit for the web with sharp: upright (the camera's orientation applied to
// the pixels), resized to the gallery's widths in AVIF, WebP and JPEG, and cropped to 1200×630 for
// a page's link preview. sharp writes no EXIF, XMP or IPTC unless asked to, and it is never asked:
// where a photo was taken (often a customer's home) never reaches the site. The original is never
// copied to dist/. Each copy is kept in the build's cache (photos/) under a key of the original's
// hash, the copy's size and format and the settings, so an unchanged photo is not encoded again.
import sharp, { type Sharp } from "sharp";
import { uprightPhoto } from "../data/photos.ts";
import type { PhotoInfo } from "../data/site-rows.ts";
import { Backlog } from "../lib/backlog.ts";
import { cacheKey, type BuildCache } from "../lib/cache.ts";
import {
  HERO_WIDTHS,
  PHOTO_WIDTHS,
  heroVariants,
  photoCardFile,
  photoVariants,
  type PhotoFormat,
  type PhotoVariant,
} from "../site/photos.ts";
import { SOCIAL_IMAGE_SIZE } from "../site/social.ts";

/** Raise when the settings below change: the cache then encodes every photo again. */
const SETTINGS_VERSION = 3;

const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
};

/** libvips' own cache would keep every decoded photo in memory for the whole build. */
sharp.cache(false);

/**
 * The largest copy any output needs: the gallery's widest, the top of a page's widest, and the
 * preview card's 1200. Every copy of every photo is made from this one size, whatever the photo is
 * shown as, so that a copy is the same whichever build made it.
 */
const BASE_WIDTH = Math.max(
  PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!,
  HERO_WIDTHS[HERO_WIDTHS.length - 1]!,
  SOCIAL_IMAGE_SIZE.width,
);

/**
 * The most bytes of an AVIF copy a phone takes at the top of a page (forPhones): with the response's
 * headers (about 1.4 KB), it fits in TCP's first window of ten segments (14,600 bytes), so that it
 * arrives one round trip after the browser asks for it, while the page itself is still arriving
 * (docs/how-it-is-built.md, Speed, has the home page measured with and without a photo).
 */
export const PHONE_COPY_BYTES = 12 * 1024;

/** The qualities tried for a phone's copy, best first: the first that fits PHONE_COPY_BYTES is kept, else the last. */
const PHONE_QUALITIES = [50, 45, 40, 35, 30] as const;

/** A phone's AVIF copy at the top of a page: the best quality that fits PHONE_COPY_BYTES. */
async function phoneCopy(image: () => Sharp): Promise<Buffer> {
  let smallest: Buffer | undefined;
  for (const quality of PHONE_QUALITIES) {
    smallest = await image().avif({ quality, effort: 4 }).toBuffer();
    if (smallest.length <= PHONE_COPY_BYTES) break;
  }
  return smallest!;
}

/** A photo's copies: the gallery's, the top of a page's, or both, as it is shown. */
function variantsOf(info: PhotoInfo, inGallery: boolean, atTop: boolean): PhotoVariant[] {
  return [...(inGallery ? photoVariants(info) : []), ...(atTop ? heroVariants(info) : [])];
}

/**
 * The original decoded once, upright and no wider than any output needs, as raw pixels: every copy
 * is made from this, so a 48-megapixel original is decoded once (in strips), not once per copy.
 */
async function uprightBase(info: PhotoInfo): Promise<() => Sharp> {
  // Read as the check read it (data/photos.ts), which decoded it to its last pixel.
  const { data, info: raw } = await uprightPhoto(info.source)
    .resize({ width: BASE_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return () => sharp(data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
}

/**
 * Every encoded copy of the given photos, as [path inside dist/, file to copy]: the copies of the
 * gallery's `photos`, the preview card of each photo that is first on its page, and the copies of
 * `heroPhotos`, shown at the top of a page. At most two photos are encoded at once.
 */
export async function renderPhotos(
  photos: Iterable<PhotoInfo>,
  cardPhotos: Iterable<PhotoInfo>,
  cache: BuildCache,
  heroPhotos: Iterable<PhotoInfo> = [],
): Promise<[string, Uint8Array][]> {
  const files: [string, Uint8Array][] = [];
  const cards = new Set([...cardPhotos].map((info) => info.hash));
  const galleryInfos = [...photos];
  const gallery = new Set(galleryInfos.map((info) => info.hash));
  const heroes = new Map([...heroPhotos].map((info) => [info.hash, info]));
  const all = new Map([...galleryInfos.map((info): [string, PhotoInfo] => [info.hash, info]), ...heroes]);
  const backlog = new Backlog(2);
  for (const info of all.values()) {
    await backlog.add(async () => {
      // Decoded only when a copy is missing from the cache.
      let base: Promise<() => Sharp> | undefined;
      const fromBase = async () => (await (base ??= uprightBase(info)))();
      const copy = (what: string, encode: () => Promise<Buffer>) =>
        cache.entry("photos", cacheKey(`settings ${SETTINGS_VERSION}`, info.hash, what), encode);
      for (const variant of variantsOf(info, gallery.has(info.hash), heroes.has(info.hash))) {
        const resized = () => fromBase().then((base) => base.resize({ width: variant.width }));
        const output =
          variant.forPhones && variant.format === "avif"
            ? await copy(`avif ${variant.width} for phones`, async () => {
                const make = await (base ??= uprightBase(info));
                return phoneCopy(() => make().resize({ width: variant.width }));
              })
            : await copy(`${variant.format} ${variant.width}`, async () =>
                ENCODE[variant.format](await resized()).toBuffer(),
              );
        files.push([variant.file, output]);
      }
      if (cards.has(info.hash)) {
        const output = await copy("card", async () =>
          ENCODE.jpeg(
            (await fromBase()).resize({ ...SOCIAL_IMAGE_SIZE, fit: "cover", position: sharp.strategy.attention }),
          ).toBuffer(),
        );
        files.push([photoCardFile(info), output]);
      }
    });
  }
  await backlog.settle();
  // In a stable order, whatever order the encoders finished in.
  return files.sort(([a], [b]) => a.localeCompare(b));
}
