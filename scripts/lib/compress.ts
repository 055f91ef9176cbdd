// Precompressed siblings of every text file (page.html → page.html.br, page.html.gz), made once at
// generate time at the highest settings, so that a server or static host sends the smallest
// encoding a browser accepts without compressing on each request. Brotli at quality 11 is slow
// (most of a cold build's time), so its output, and gzip's, is kept in the build's cache
// (compressed/) under a key of the encoder, its settings and the input: a page that did not change
// is read from there instead of compressed again.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip, type BrotliOptions } from "node:zlib";
import { cacheKey, digestOf, type BuildCache } from "./cache.ts";
import { outputBytes, type OutputContents } from "./output.ts";

/** The encodings of the precompressed siblings, as Content-Encoding names them. */
export type ContentEncoding = "br" | "gzip";

/** Text formats worth compressing. Images (PNG) are already compressed and are left alone. */
export const COMPRESSIBLE_FILE = /\.(?:html|css|js|mjs|json|xml|svg|txt|webmanifest|yml)$/;

/** The precompressed sibling of page.html in each encoding is page.html plus this suffix. */
export const SIBLING_SUFFIX: Record<ContentEncoding, string> = { br: ".br", gzip: ".gz" };

const BROTLI_QUALITY = 11;
const GZIP_LEVEL = 9;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli at quality 11 with a window just big enough for the file. A larger window cannot find
 * more matches than the input holds (measured: the same sizes within a few bytes as the default
 * 4 MiB window), but the encoder sets up far less state, so small files compress several times
 * faster.
 */
function brotliOptions(size: number): BrotliOptions {
  const { BROTLI_MIN_WINDOW_BITS, BROTLI_MAX_WINDOW_BITS } = constants;
  // A window of 2^bits holds 2^bits − 16 bytes.
  const bits = Math.ceil(Math.log2(size + 16));
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: Math.min(BROTLI_MAX_WINDOW_BITS, Math.max(BROTLI_MIN_WINDOW_BITS, bits)),
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  };
}

export async function compressBrotli(contents: string | Uint8Array): Promise<Buffer> {
  const bytes = toBytes(contents);
  return brotli(bytes, brotliOptions(bytes.length));
}

/** gzip level 9. Node writes no file name and a zero timestamp, so the output is reproducible. */
export async function compressGzip(contents: string | Uint8Array): Promise<Buffer> {
  return gzipAsync(toBytes(contents), { level: GZIP_LEVEL });
}

function toBytes(contents: string | Uint8Array): Uint8Array {
  return typeof contents === "string" ? Buffer.from(contents, "utf8") : contents;
}

/**
 * The .br and .gz siblings of one output file, as [file name, bytes]; none for a file that is not
 * text (images are already compressed). Both encoders run on the thread pool; their output is kept
 * in `cache` by a key of the encoder, its settings and the input, so an unchanged page is not
 * compressed again.
 */
export async function compressedSiblings(
  file: string,
  contents: OutputContents,
  cache: BuildCache,
): Promise<[string, Uint8Array][]> {
  if (!COMPRESSIBLE_FILE.test(file)) return [];
  const bytes = outputBytes(contents);
  // The input hashed once for both encodings' keys.
  const input = digestOf(bytes);
  const brotliSettings = `brotli ${process.versions.brotli} ${JSON.stringify(brotliOptions(bytes.length))}`;
  const gzipSettings = `gzip ${process.versions.zlib} level ${GZIP_LEVEL}`;
  const [br, gz] = await Promise.all([
    cache.entry("compressed", cacheKey(brotliSettings, input), () => compressBrotli(bytes)),
    cache.entry("compressed", cacheKey(gzipSettings, input), () => compressGzip(bytes)),
  ]);
  return [
    [`${file}${SIBLING_SUFFIX.br}`, br],
    [`${file}${SIBLING_SUFFIX.gzip}`, gz],
  ];
}
