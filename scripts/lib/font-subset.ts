// A font cut down to what a page draws with it, with HarfBuzz (harfbuzzjs: its shaper, and its
// subsetter called through the functions hb-subset exports) and WOFF2 by Google's encoder
// (wawoff2). subset-font, the usual wrapper, keeps only characters; an icon font that draws by
// ligature ("edit" shapes to the pencil) needs glyphs picked one by one, which only the subsetter
// itself offers. The result depends only on the input bytes, the request and the two packages'
// versions, so it is kept in the build's cache (fonts/) under a key of those: a build reads it
// back in milliseconds.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { cacheKey, type BuildCache } from "./cache.ts";

const require = createRequire(import.meta.url);

/** What to keep of a font. */
export interface SubsetRequest {
  /** Characters kept, each with its glyph. */
  characters: string;
  /**
   * Texts the font draws as one glyph by ligature, as an icon font draws its names. Each one the
   * font has is kept with its glyph and the ligature that makes it, and no other ligature is
   * (HarfBuzz otherwise keeps every ligature its letters can form: a whole icon font); a text the
   * font does not draw as one glyph is left out.
   */
  ligatures?: readonly string[];
  /**
   * Variation axes narrowed to a range, or pinned where min and max are equal; others stay whole,
   * and those the font does not have are passed over.
   */
  axes?: Readonly<Record<string, { min: number; max: number }>>;
  /** Leaves out TrueType hinting, which only old Windows rasterizers follow. */
  dropHinting?: boolean;
}

/** The functions of HarfBuzz's subsetter (harfbuzz-subset.wasm) used here. */
interface HbSubset {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_input_set_axis_range(
    input: number,
    face: number,
    tag: number,
    min: number,
    max: number,
    def: number,
  ): number;
  hb_subset_or_fail(face: number, input: number): number;
}

// From hb-subset.h and hb-blob.h.
const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE = 0x200;

const HARFBUZZ_SUBSET_WASM = "harfbuzzjs/dist/harfbuzz-subset.wasm";

/** A fresh instance of HarfBuzz's subsetter: only a font missing from the cache is cut. */
async function loadSubsetter(): Promise<HbSubset> {
  const { instance } = await WebAssembly.instantiate(await readFile(require.resolve(HARFBUZZ_SUBSET_WASM)));
  const exports = instance.exports as unknown as HbSubset;
  exports._initialize();
  return exports;
}

/** An OpenType tag ("wght") as the number HarfBuzz takes. */
function tag(name: string): number {
  return [...name.padEnd(4)].reduce((value, char) => value * 256 + char.charCodeAt(0), 0);
}

/**
 * The font as TrueType/OpenType (sfnt) bytes: WOFF2 decoded, anything else as it is. wawoff2 answers
 * with a view of its own memory, which its next call overwrites: its answers are copied, and no
 * other call may start before they are.
 */
async function sfnt(font: Uint8Array): Promise<Uint8Array> {
  const isWoff2 = font.length >= 4 && String.fromCharCode(...font.subarray(0, 4)) === "wOF2";
  if (!isWoff2) return font;
  const { decompress } = await import("wawoff2");
  return new Uint8Array(await decompress(font));
}

/** The last task that uses wawoff2: one runs at a time (see `sfnt()`). */
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * Of `texts`, each the font (TrueType, OpenType or WOFF2) draws as one glyph, with that glyph's id:
 * what a ligature makes of it, or what the font maps a single character to. Texts it draws as
 * several glyphs are left out.
 */
export function singleGlyphs(font: Uint8Array, texts: Iterable<string>): Promise<Map<string, number>> {
  return oneAtATime(async () => glyphsOf(await sfnt(font), texts));
}

async function glyphsOf(font: Uint8Array, texts: Iterable<string>): Promise<Map<string, number>> {
  const hb = await import("harfbuzzjs");
  const shaper = new hb.Font(new hb.Face(new hb.Blob(font)));
  const found = new Map<string, number>();
  for (const text of texts) {
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(shaper, buffer);
    const glyphs = buffer.getGlyphInfos();
    if (glyphs.length === 1 && glyphs[0]!.codepoint !== 0) found.set(text, glyphs[0]!.codepoint);
  }
  return found;
}

/** The tags of the font's variation axes. */
async function axesOf(font: Uint8Array): Promise<Set<string>> {
  const hb = await import("harfbuzzjs");
  return new Set(Object.keys(new hb.Face(new hb.Blob(font)).getAxisInfos()));
}

/** The font cut down to `request`, as sfnt bytes. */
async function subsetSfnt(font: Uint8Array, request: SubsetRequest): Promise<Uint8Array> {
  const glyphs = request.ligatures ? await glyphsOf(font, request.ligatures) : new Map<string, number>();
  const hasAxis = await axesOf(font);
  const hb = await loadSubsetter();
  const heap = () => new Uint8Array(hb.memory.buffer);
  const input = hb.hb_subset_input_create_or_fail();
  if (input === 0) throw new Error("HarfBuzz could not start a subset");
  const data = hb.malloc(font.length);
  heap().set(font, data);
  const blob = hb.hb_blob_create(data, font.length, HB_MEMORY_MODE_WRITABLE, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  try {
    const unicodes = hb.hb_subset_input_unicode_set(input);
    const characters = new Set([...request.characters, ...[...glyphs.keys()].join("")]);
    for (const char of characters) hb.hb_set_add(unicodes, char.codePointAt(0)!);
    const glyphSet = hb.hb_subset_input_glyph_set(input);
    for (const glyph of glyphs.values()) hb.hb_set_add(glyphSet, glyph);
    let flags = hb.hb_subset_input_get_flags(input);
    if (request.ligatures) flags |= HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE;
    if (request.dropHinting) flags |= HB_SUBSET_FLAGS_NO_HINTING;
    hb.hb_subset_input_set_flags(input, flags);
    for (const [axis, { min, max }] of Object.entries(request.axes ?? {})) {
      if (!hasAxis.has(axis)) continue;
      if (!hb.hb_subset_input_set_axis_range(input, face, tag(axis), min, max, Number.NaN)) {
        throw new Error(`The font's "${axis}" axis cannot be narrowed to ${min}–${max}`);
      }
    }
    const subset = hb.hb_subset_or_fail(face, input);
    if (subset === 0) throw new Error("HarfBuzz could not subset the font");
    const result = hb.hb_face_reference_blob(subset);
    const start = hb.hb_blob_get_data(result, 0);
    const bytes = heap().slice(start, start + hb.hb_blob_get_length(result));
    hb.hb_blob_destroy(result);
    hb.hb_face_destroy(subset);
    return bytes;
  } finally {
    hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(data);
  }
}

/** The font (TrueType, OpenType or WOFF2) cut down to `request`, as WOFF2. */
export function subsetWoff2(font: Uint8Array, request: SubsetRequest): Promise<Uint8Array> {
  return oneAtATime(async () => {
    const { compress } = await import("wawoff2");
    return new Uint8Array(await compress(await subsetSfnt(await sfnt(font), request)));
  });
}

/** The installed versions of harfbuzzjs (whose package.json its exports do not reach) and wawoff2. */
async function versions(): Promise<string> {
  const harfbuzz = path.join(path.dirname(require.resolve(HARFBUZZ_SUBSET_WASM)), "..", "package.json");
  const { version } = JSON.parse(await readFile(harfbuzz, "utf8")) as { version: string };
  return `harfbuzzjs ${version} wawoff2 ${(require("wawoff2/package.json") as { version: string }).version}`;
}

/** `subsetWoff2()`, read back from `cache` when the same font was cut the same way before. */
export async function cachedSubsetWoff2(
  font: Uint8Array,
  request: SubsetRequest,
  cache: BuildCache,
): Promise<Uint8Array> {
  const key = cacheKey(await versions(), JSON.stringify(request), font);
  return cache.entry("fonts", key, () => subsetWoff2(font, request));
}
