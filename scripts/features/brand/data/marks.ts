// The business's own marks, as site.yaml names them: a logo (the header shows it in place of the
// shovel and the name, and the preview cards and the structured data carry it) and a square icon
// (the browser tab's). Each is a file of data/brand/: an SVG, a PNG or a WebP. What the build needs
// of each is read here, once, and each is refused at its field in site.yaml when it cannot serve:
// not a regular file, not really an SVG, PNG or WebP, an SVG that does more than draw
// (svg-check.ts), a picture cut short, too small for a sharp header, too large to send, or of the
// wrong shape, each with the size it has and the size it needs.
import { createHash } from "node:crypto";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { contrastRatio, LARGE_TEXT_OR_UI_CONTRAST } from "../../../data/contrast.ts";
import { PALETTE } from "../../../data/palette.ts";
import type { DataProblem } from "../../../data/problems.ts";
import { problemAt, type ParsedFile } from "../../../data/read-yaml.ts";
import { openRegularFile, pictureFolderProblem } from "../../../data/regular-file.ts";
import { checkSvg } from "./svg-check.ts";

/** The folder in data/ that holds the logo and the icon. */
export const BRAND_FOLDER = "brand";

/** The logo's and the icon's files: in data/brand/, as SVG, PNG or WebP. */
export const BRAND_FILE = new RegExp(`^${BRAND_FOLDER}/[^/\\\\]+\\.(?:svg|png|webp)$`, "i");

/** The logo's height in the header, in CSS pixels (the header's links are 44 px high). */
export const LOGO_HEIGHT = 40;
/** The logo's shapes the header has room for: from square to four times as wide as tall (160 × 40 px, beside the menu button at 320 px). */
const LOGO_SHAPES = { narrowest: 1, widest: 4 } as const;
/** A PNG or WebP logo twice the header's height, for screens of two pixels per CSS pixel. */
export const MIN_LOGO_HEIGHT = 2 * LOGO_HEIGHT;
/** The icon's copy for the browser tab: 32 CSS pixels at twice the density. */
export const ICON_SIZE = 64;
/** An SVG is sent as it is, to every visitor once: a logo's is a few KB. */
const MAX_SVG_BYTES = 64 * 1024;
/** A PNG or WebP is made smaller for the site; beyond these it is surely not a logo. */
const MAX_RASTER_BYTES = 8 * 1024 * 1024;
const MAX_RASTER_SIDE = 4096;

type BrandFormat = "svg" | "png" | "webp";

export interface BrandImage {
  /** As written in site.yaml: "brand/logo.svg". */
  file: string;
  /** The absolute path of the original. */
  source: string;
  /** The first 16 hex digits of the sha256 of its bytes: they name its copies. */
  hash: string;
  format: BrandFormat;
  /** Its shape: pixels for a PNG or WebP, the viewBox (or width and height) for an SVG. */
  width: number;
  height: number;
  /** An SVG's text, served as it is once it is checked. */
  svg?: string;
  /**
   * Whether it can be seen on the dark header as it is: otherwise (a dark logo made for white
   * paper) the header shows it on a light plate.
   */
  readsOnDark: boolean;
}

type Refusal = { found: string; expected: string };

const SVG_EXPECTED =
  "an SVG that only draws: no script, event handler, foreignObject, reference outside the file or style that loads anything, since an SVG opened at its own address runs on the site's origin (export it again as plain SVG, or use a PNG)";

const isRefusal = (read: BrandImage | Refusal): read is Refusal => "found" in read;

/**
 * Whether at least half of what the picture draws contrasts 3:1 with the header's colour: a mark
 * the eye finds there without a plate.
 */
async function readsOnDark(image: Sharp): Promise<boolean> {
  const { data, info } = await image
    .resize({ height: MIN_LOGO_HEIGHT, width: MIN_LOGO_HEIGHT * 8, fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let drawn = 0;
  let seen = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    if (data[at + 3]! < 128) continue;
    drawn += 1;
    const colour = { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
    if (contrastRatio(colour, PALETTE.night) >= LARGE_TEXT_OR_UI_CONTRAST) seen += 1;
  }
  return drawn > 0 && seen * 2 >= drawn;
}

/** What a mark needs to be, by its use. */
interface Need {
  what: "logo" | "icon";
  /** With its article, as a sentence says it. */
  named: "a logo" | "an icon";
  /** Width over height, inclusive. */
  shapes: { narrowest: number; widest: number };
  /** The fewest pixels of its height a PNG or WebP may have. */
  minHeight: number;
}

const LOGO_NEED: Need = { what: "logo", named: "a logo", shapes: LOGO_SHAPES, minHeight: MIN_LOGO_HEIGHT };
const ICON_NEED: Need = { what: "icon", named: "an icon", shapes: { narrowest: 1, widest: 1 }, minHeight: ICON_SIZE };

function shapeText(width: number, height: number): string {
  const ratio = width / height;
  return Number.isInteger(ratio) ? `${ratio}:1` : `${ratio.toFixed(2)}:1`;
}

function shapeRefusal(width: number, height: number, need: Need, unit: string): Refusal | undefined {
  const ratio = width / height;
  const { narrowest, widest } = need.shapes;
  // A pixel's rounding either way is no change of shape.
  const slack = 1 / Math.min(width, height);
  if (ratio >= narrowest - slack && ratio <= widest + slack) return undefined;
  const found = `${need.named} ${Math.round(width)} × ${Math.round(height)} ${unit} (${shapeText(width, height)})`;
  if (narrowest === widest)
    return { found, expected: `a square ${need.what}, as wide as tall, such as 512 × 512 pixels` };
  return {
    found,
    expected: `${need.named} from ${narrowest}:1 (square) to ${widest}:1 (four times as wide as tall), such as 400 × 100 pixels, which the header shows at ${LOGO_HEIGHT * widest} × ${LOGO_HEIGHT} px; trim the empty space around it`,
  };
}

/** Reads one mark, or says what is wrong with it. */
async function readMark(dataDir: string, file: string, need: Need): Promise<BrandImage | Refusal> {
  const source = path.join(dataDir, file);
  const opened = await openRegularFile(source);
  if ("refused" in opened) {
    return opened.missing
      ? { found: `no file ${file} in ${path.basename(dataDir)}/`, expected: `the ${need.what} saved in data/${BRAND_FOLDER}/` }
      : { found: opened.refused, expected: `the ${need.what} saved in data/${BRAND_FOLDER}/ itself (not a link, a folder, a pipe or a device)` };
  }
  let bytes: Buffer;
  try {
    if (opened.size > MAX_RASTER_BYTES)
      return { found: `a file of ${(opened.size / 1024 ** 2).toFixed(1)} MB`, expected: `${need.named} under ${MAX_RASTER_BYTES / 1024 ** 2} MB` };
    bytes = await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  // Text that starts with a tag is read as XML by the check first: no image library reads an SVG
  // before the check has found that it only draws.
  const named = path.extname(file).slice(1).toLowerCase();
  const misnamed = (kind: string): Refusal => ({
    found: `${kind} named ${file}`,
    expected: `a file whose name ends as its kind says: .svg for an SVG, .png for a PNG, .webp for a WebP`,
  });
  if (/^\uFEFF?\s*</.test(bytes.subarray(0, 1024).toString("utf8"))) {
    return named === "svg" ? readSvg(file, source, hash, bytes, need) : misnamed("an SVG");
  }
  let format: string;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    return { found: "a file that is not an image", expected: `${need.named} as SVG, PNG or WebP` };
  }
  if ((format === "png" || format === "webp") && format !== named) return misnamed(`a ${format.toUpperCase()} picture`);
  if (format !== "png" && format !== "webp")
    return { found: `a ${format.toUpperCase()} image`, expected: `${need.named} as SVG, PNG or WebP (a JPEG cannot be transparent around the ${need.what})` };
  const image = () => sharp(bytes, { failOn: "warning" });
  const { width = 0, height = 0 } = await image().metadata();
  const shape = shapeRefusal(width, height, need, "pixels");
  if (shape) return shape;
  if (height < need.minHeight)
    return {
      found: `${need.named} ${width} × ${height} pixels`,
      expected: `${need.named} at least ${need.minHeight} pixels tall, for sharp screens (as an SVG, any size)`,
    };
  if (Math.max(width, height) > MAX_RASTER_SIDE)
    return { found: `${need.named} ${width} × ${height} pixels`, expected: `${need.named} at most ${MAX_RASTER_SIDE} pixels on its longest side` };
  try {
    const onDark = await readsOnDark(image());
    return { file, source, hash, format, width, height, readsOnDark: onDark };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.replaceAll(source, file);
    return { found: `a picture that cannot be read to its last pixel (${message})`, expected: `a whole ${need.what}: save it again` };
  }
}

/** The density at which librsvg draws an SVG `height` units tall about 160 pixels tall: enough to measure, never huge. */
export function svgDensity(height: number, pixels = 2 * MIN_LOGO_HEIGHT): number {
  return Math.min(2400, Math.max(1, (72 * pixels) / height));
}

async function readSvg(file: string, source: string, hash: string, bytes: Buffer, need: Need): Promise<BrandImage | Refusal> {
  if (bytes.length > MAX_SVG_BYTES)
    return { found: `an SVG of ${Math.round(bytes.length / 1024)} KB`, expected: `an SVG ${need.what} of at most ${MAX_SVG_BYTES / 1024} KB (sent to every visitor as it is); or a PNG` };
  const svg = bytes.toString("utf8");
  const checked = checkSvg(svg);
  if ("problem" in checked) {
    const { found, line, column } = checked.problem;
    return { found: `${found}, at line ${line}, column ${column} of ${file}`, expected: SVG_EXPECTED };
  }
  const { width, height } = checked.size;
  const shape = shapeRefusal(width, height, need, "in its viewBox");
  if (shape) return shape;
  // Drawn by librsvg (sharp) only now that nothing in it can load or run.
  try {
    const onDark = await readsOnDark(sharp(bytes, { density: svgDensity(height) }));
    return { file, source, hash, format: "svg", width, height, svg, readsOnDark: onDark };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
    return { found: `an SVG that cannot be drawn (${message})`, expected: SVG_EXPECTED };
  }
}

export interface BrandMarks {
  logo?: BrandImage;
  icon?: BrandImage;
}

/** Reads the logo and the icon site.yaml names (its fields as fields.ts has checked them); each problem at its field. */
export async function readMarks(dataDir: string, site: ParsedFile): Promise<{ problems: DataProblem[]; read: BrandMarks }> {
  const data = site.value as { logo?: { file: string }; icon?: string };
  const problems: DataProblem[] = [];
  const marks: BrandMarks = {};
  const folder = data.logo || data.icon ? await pictureFolderProblem(dataDir, BRAND_FOLDER, "logo and the icon") : undefined;
  const read = async (file: string | undefined, keys: string[], need: Need) => {
    if (file === undefined) return undefined;
    const result = folder ?? (await readMark(dataDir, file, need));
    if (!isRefusal(result)) return result;
    problems.push(problemAt(site, keys, result.found, result.expected));
    return undefined;
  };
  const logo = await read(data.logo?.file, ["logo", "file"], LOGO_NEED);
  const icon = await read(data.icon, ["icon"], ICON_NEED);
  if (logo) marks.logo = logo;
  if (icon) marks.icon = icon;
  return { problems, read: marks };
}
