// The owner's photos, checked where the schema cannot: the file is there, it is really an image in
// a format the site encodes, and it is wide enough for the gallery. What the build needs of each
// (its size upright, and a hash of its bytes that names its outputs) is read here, once. Only the
// header of an image is decoded; its bytes are hashed as a stream, so a 40 MB photo is never held
// in memory whole.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import type { DataProblem, PathKey } from "./problems.ts";
import { problemAt, type ParsedFile } from "./read-yaml.ts";
import type { Photo } from "./schema.ts";

/** The narrowest photo the gallery takes: it shows photos up to about 800 px wide on a phone. */
const MIN_PHOTO_WIDTH = 800;

/** Formats sharp reads and the site encodes from ("heif" covers AVIF and HEIC). */
const READABLE_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

export interface PhotoInfo {
  /** As written in the data: "photos/mattoon-basement-dig.jpg". */
  file: string;
  /** The absolute path of the original. */
  source: string;
  /** The first 16 hex digits of the sha256 of its bytes: unchanged bytes, unchanged outputs. */
  hash: string;
  /** Its size as shown, after the camera's orientation is applied. */
  width: number;
  height: number;
}

/** A photo field in a parsed data file, with the path to it. */
export interface PhotoPlace {
  parsed: ParsedFile;
  keys: PathKey[];
  photo: Photo;
}

/** Every photo of the town and service rows, with the place each is named. */
export function photoPlaces(services: ParsedFile | undefined, towns: ParsedFile | undefined): PhotoPlace[] {
  const places: PhotoPlace[] = [];
  const rows = (parsed: ParsedFile | undefined, list: string) =>
    ((parsed?.value as Record<string, { photos?: Photo[] }[]> | undefined)?.[list] ?? []).forEach((row, i) =>
      row.photos?.forEach((photo, j) => places.push({ parsed: parsed!, keys: [list, i, "photos", j], photo })),
    );
  rows(services, "services");
  rows(towns, "towns");
  rows(towns, "alsoServing");
  return places;
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex").slice(0, 16);
}

/** Reads one photo, or says what is wrong with it. */
async function readPhoto(dataDir: string, file: string): Promise<PhotoInfo | { found: string; expected: string }> {
  const source = path.join(dataDir, file);
  const stats = await stat(source).catch(() => undefined);
  if (!stats?.isFile()) return { found: `no file ${file} in ${path.basename(dataDir)}/`, expected: "a photo saved in data/photos/" };
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
  return { file, source, hash: await hashFile(source), width, height };
}

/** Checks every photo the data names; each problem at the photo's `file` field. */
export async function checkPhotos(
  dataDir: string,
  places: readonly PhotoPlace[],
): Promise<{ problems: DataProblem[]; photos: Map<string, PhotoInfo> }> {
  const files = [...new Set(places.map((place) => place.photo.file))];
  const read = new Map<string, Awaited<ReturnType<typeof readPhoto>>>();
  // One at a time: decoding headers is quick, and a few huge photos must not be open at once.
  for (const file of files) read.set(file, await readPhoto(dataDir, file));
  const problems: DataProblem[] = [];
  const photos = new Map<string, PhotoInfo>();
  for (const place of places) {
    const result = read.get(place.photo.file)!;
    if ("hash" in result) photos.set(result.file, result);
    else problems.push(problemAt(place.parsed, [...place.keys, "file"], result.found, result.expected));
  }
  return { problems, photos };
}
