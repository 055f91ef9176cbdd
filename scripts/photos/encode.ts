// The owner's photos made fit for the web with sharp: upright (the camera's orientation applied to
// the pixels), resized to the gallery's widths in AVIF, WebP and JPEG, and cropped to 1200×630 for
// a page's link preview. sharp writes no EXIF, XMP or IPTC unless asked to, and it is never asked:
// where a photo was taken (often a customer's home) never reaches the site. The original is never
// copied to dist/. Each copy is kept in the build's cache (photos/) under a key of the original's
// hash, the copy's size and format and the settings, so an unchanged photo is not encoded again.
import sharp, { type Sharp } from "sharp";
import { uprightPhoto, type PhotoInfo } from "../data/photos.ts";
import { Backlog } from "../lib/backlog.ts";
import { cacheKey, type BuildCache } from "../lib/cache.ts";
import { PHOTO_WIDTHS, photoCardFile, photoVariants, type PhotoFormat } from "../site/photos.ts";
import { SOCIAL_IMAGE_SIZE } from "../site/social.ts";

/** Raise when the settings below change: the cache then encodes every photo again. */
const SETTINGS_VERSION = 2;

const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
};

/** libvips' own cache would keep every decoded photo in memory for the whole build. */
sharp.cache(false);

/** The largest copy any output needs: the gallery's widest, and the preview card's 1200. */
const BASE_WIDTH = Math.max(PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!, SOCIAL_IMAGE_SIZE.width);

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
 * Every encoded copy of the given photos, as [path inside dist/, file to copy], and the preview
 * card of each photo that is first on its page. At most two photos are encoded at once.
 */
export async function renderPhotos(
  photos: Iterable<PhotoInfo>,
  cardPhotos: Iterable<PhotoInfo>,
  cache: BuildCache,
): Promise<[string, Uint8Array][]> {
  const files: [string, Uint8Array][] = [];
  const cards = new Set([...cardPhotos].map((info) => info.hash));
  const backlog = new Backlog(2);
  for (const info of photos) {
    await backlog.add(async () => {
      // Decoded only when a copy is missing from the cache.
      let base: Promise<() => Sharp> | undefined;
      const fromBase = async () => (await (base ??= uprightBase(info)))();
      const copy = (what: string, encode: () => Promise<Buffer>) =>
        cache.entry("photos", cacheKey(`settings ${SETTINGS_VERSION}`, info.hash, what), encode);
      for (const variant of photoVariants(info)) {
        const output = await copy(`${variant.format} ${variant.width}`, async () =>
          ENCODE[variant.format]((await fromBase()).resize({ width: variant.width })).toBuffer(),
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
