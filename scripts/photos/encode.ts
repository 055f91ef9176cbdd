// The owner's photos made fit for the web with sharp: upright (the camera's orientation applied to
// the pixels), resized to the gallery's widths in AVIF, WebP and JPEG, and cropped to 1200×630 for
// a page's link preview. sharp writes no EXIF, XMP or IPTC unless asked to, and it is never asked:
// where a photo was taken (often a customer's home) never reaches the site. The original is never
// copied to dist/. Each copy is kept in .cache/photos/ under the original's hash, so an unchanged
// photo is not encoded again.
import { stat } from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { uprightPhoto, type PhotoInfo } from "../data/photos.ts";
import { Backlog } from "../lib/backlog.ts";
import { intoCache } from "../lib/cache.ts";
import { FileOnDisk } from "../lib/output.ts";
import { CACHE_DIR } from "../lib/paths.ts";
import { PHOTO_WIDTHS, photoCardFile, photoVariants, type PhotoFormat } from "../site/photos.ts";
import { SOCIAL_IMAGE_SIZE } from "../site/social.ts";

const DEFAULT_PHOTO_CACHE = path.join(CACHE_DIR, "photos");

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

async function cached(
  cacheDir: string,
  name: string,
  encode: (target: string) => Promise<unknown>,
): Promise<FileOnDisk> {
  const file = path.join(cacheDir, name);
  const hit = await stat(file).then(
    (stats) => stats.size > 0,
    () => false,
  );
  if (!hit) await intoCache(file, encode);
  return new FileOnDisk(file);
}

/**
 * Every encoded copy of the given photos, as [path inside dist/, file to copy], and the preview
 * card of each photo that is first on its page. At most two photos are encoded at once.
 */
export async function renderPhotos(
  photos: Iterable<PhotoInfo>,
  cardPhotos: Iterable<PhotoInfo>,
  cacheDir: string = DEFAULT_PHOTO_CACHE,
): Promise<[string, FileOnDisk][]> {
  const files: [string, FileOnDisk][] = [];
  const cards = new Set([...cardPhotos].map((info) => info.hash));
  const backlog = new Backlog(2);
  for (const info of photos) {
    await backlog.add(async () => {
      // Decoded only when a copy is missing from the cache.
      let base: Promise<() => Sharp> | undefined;
      const fromBase = async () => (await (base ??= uprightBase(info)))();
      for (const variant of photoVariants(info)) {
        const name = `v${SETTINGS_VERSION}-${path.basename(variant.file)}`;
        const output = await cached(cacheDir, name, async (target) =>
          ENCODE[variant.format]((await fromBase()).resize({ width: variant.width })).toFile(target),
        );
        files.push([variant.file, output]);
      }
      if (cards.has(info.hash)) {
        const output = await cached(cacheDir, `v${SETTINGS_VERSION}-card-${info.hash}.jpg`, async (target) =>
          ENCODE.jpeg(
            (await fromBase()).resize({ ...SOCIAL_IMAGE_SIZE, fit: "cover", position: sharp.strategy.attention }),
          ).toFile(target),
        );
        files.push([photoCardFile(info), output]);
      }
    });
  }
  await backlog.settle();
  // In a stable order, whatever order the encoders finished in.
  return files.sort(([a], [b]) => a.localeCompare(b));
}
