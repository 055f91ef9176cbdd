// The owner's photos, checked where the schema cannot: the file is there and is a regular file of
// its own (regular-file.ts: a link or a pipe is refused unread), it is really an image in a format
// the site encodes, it is wide enough for the gallery, and it decodes to its last pixel. What the
// build needs of each (its size upright, and a hash of its bytes that names its outputs) is read
// here, once. Its bytes are hashed as a stream, so a 40 MB photo is never held in memory whole.
//
// A photo is decoded in full here, at a small size, because its header alone does not show that the
// rest is there: a half-sent upload from a phone has the header of a whole photo, and failed only
// when it was encoded, naming no file. Decoding to 64 pixels reads every byte as decoding to 1,200
// does (a JPEG is scaled down inside the decoder, which still reads every block), through the same
// reader as the encoder (uprightPhoto()), and costs, measured on this project's 2-core machine with
// sharp 0.35: 6 ms for the tests' 1,600 × 1,000 JPEG, 52 ms for a 12-megapixel phone photo, 280 ms
// for a 48-megapixel one; decoding to the encoder's 1,200 pixels took 14, 66 and 310 ms.
import { createHash } from "node:crypto";
import path from "node:path";
import sharp, { type Metadata, type Sharp } from "sharp";
import type { DataProblem, PathKey } from "./problems.ts";
import { problemAt, type ParsedFile } from "./read-yaml.ts";
import { openRegularFile, pictureFolderProblem } from "./regular-file.ts";
import { PHOTO_FOLDER } from "./fields.ts";
import { DATA_FILES, type HeroPhoto, type Photo } from "./schema.ts";
import type { CheckedFiles } from "./rows.ts";
import type { PhotoInfo } from "./site-rows.ts";

/** The narrowest photo the gallery takes: it shows photos up to about 800 px wide on a phone. */
const MIN_PHOTO_WIDTH = 800;

/** Formats sharp reads and the site encodes from ("heif" covers AVIF and HEIC). */
const READABLE_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

/** A photo field in a parsed data file, with the path to it. */
export interface PhotoPlace {
  parsed: ParsedFile;
  keys: PathKey[];
  photo: Pick<Photo, "file">;
}

/**
 * Every photo the data names, with the place each is named: the galleries of the town and service
 * rows and of a feature's rows (a job's), and the photos at the top of the home page (site.yaml's hero) and of the town and
 * service rows.
 */
export function photoPlaces(files: CheckedFiles): PhotoPlace[] {
  const { site, services, towns } = files;
  const places: PhotoPlace[] = [];
  const rows = (parsed: ParsedFile | undefined, list: string) =>
    ((parsed?.value as Record<string, { photos?: Photo[]; hero?: HeroPhoto }[]> | undefined)?.[list] ?? []).forEach(
      (row, i) => {
        row.photos?.forEach((photo, j) => places.push({ parsed: parsed!, keys: [list, i, "photos", j], photo }));
        if (row.hero) places.push({ parsed: parsed!, keys: [list, i, "hero"], photo: row.hero });
      },
    );
  const hero = (site?.value as { hero?: HeroPhoto } | undefined)?.hero;
  if (site && hero) places.push({ parsed: site, keys: ["hero"], photo: hero });
  rows(services, "services");
  rows(towns, "towns");
  rows(towns, "alsoServing");
  // The features' files that have rows with photos (jobs.yaml's jobs).
  for (const [name, { photoLists = [] }] of Object.entries(DATA_FILES) as [string, { photoLists?: readonly string[] }][])
    for (const list of photoLists) rows(files[name], list);
  return places;
}

/**
 * A photo's pixels, upright (the camera's orientation applied), read as the encoder reads them: in
 * one pass, and failing on any damage the decoder notices (sharp's "warning", its strictest), so
 * that a photo the check passed is one the encoder can read.
 */
export function uprightPhoto(source: string): Sharp {
  return sharp(source, { sequentialRead: true, failOn: "warning" }).autoOrient();
}

/** The width a photo is decoded to at check time: small, so that the decoder's own scaling does most of the work. */
const CHECK_WIDTH = 64;

type PhotoRefusal = { found: string; expected: string };

const WHOLE_PHOTO = "a photo saved in data/photos/ itself (not a link, a folder, a pipe or a device)";

/** The decoder's own words, first line only, naming the photo as the data does rather than by its path on this machine. */
function decoderMessage(error: unknown, source: string, file: string): string {
  const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.trim();
  return message.replaceAll(source, file);
}

/** What is wrong with a regular file named as a photo, or what the build needs of it but its hash. */
async function measurePhoto(source: string, file: string): Promise<{ width: number; height: number } | PhotoRefusal> {
  let metadata: Metadata;
  try {
    metadata = await sharp(source).metadata();
  } catch {
    return { found: "a file that is not an image", expected: "a photo (JPEG, PNG, WebP, AVIF or HEIC)" };
  }
  if (!READABLE_FORMATS.has(metadata.format)) {
    return { found: `a ${metadata.format.toUpperCase()} image`, expected: "a photo in JPEG, PNG, WebP, AVIF or HEIC" };
  }
  const { width, height } = metadata.autoOrient;
  if (width < MIN_PHOTO_WIDTH) {
    return { found: `a photo ${width} pixels wide`, expected: `a photo at least ${MIN_PHOTO_WIDTH} pixels wide` };
  }
  try {
    await uprightPhoto(source).resize({ width: CHECK_WIDTH, height: CHECK_WIDTH, fit: "inside" }).raw().toBuffer();
  } catch (error) {
    return {
      found: `a photo that cannot be read to its last pixel (${decoderMessage(error, source, file)})`,
      expected: "a whole photo: save or upload it again from the phone or camera",
    };
  }
  return { width, height };
}

/** Reads one photo, or says what is wrong with it. */
async function readPhoto(dataDir: string, file: string): Promise<PhotoInfo | PhotoRefusal> {
  const source = path.join(dataDir, file);
  // Looked at before anything reads it, so that a link or a pipe never reaches the decoder.
  const opened = await openRegularFile(source);
  if ("refused" in opened) {
    return opened.missing
      ? { found: `no file ${file} in ${path.basename(dataDir)}/`, expected: "a photo saved in data/photos/" }
      : { found: opened.refused, expected: WHOLE_PHOTO };
  }
  try {
    const measured = await measurePhoto(source, file);
    if ("found" in measured) return measured;
    const hash = createHash("sha256");
    for await (const chunk of opened.handle.createReadStream({ start: 0, autoClose: false })) hash.update(chunk as Buffer);
    return { file, source, hash: hash.digest("hex").slice(0, 16), ...measured };
  } finally {
    await opened.handle.close();
  }
}

/** Checks every photo the data names; each problem at the photo's `file` field. */
export async function checkPhotos(
  dataDir: string,
  places: readonly PhotoPlace[],
): Promise<{ problems: DataProblem[]; photos: Map<string, PhotoInfo> }> {
  const files = [...new Set(places.map((place) => place.photo.file))];
  const read = new Map<string, PhotoInfo | PhotoRefusal>();
  const folderProblem = files.length > 0 ? await pictureFolderProblem(dataDir, PHOTO_FOLDER, "photos") : undefined;
  // One at a time: a few huge photos must not be decoded at once.
  for (const file of files) read.set(file, folderProblem ?? (await readPhoto(dataDir, file)));
  const problems: DataProblem[] = [];
  const photos = new Map<string, PhotoInfo>();
  for (const place of places) {
    const result = read.get(place.photo.file)!;
    if ("hash" in result) photos.set(result.file, result);
    else problems.push(problemAt(place.parsed, [...place.keys, "file"], result.found, result.expected));
  }
  return { problems, photos };
}
