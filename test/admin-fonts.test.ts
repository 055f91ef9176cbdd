// The site editor's fonts, cut down to what it draws (admin/fonts.ts): the icon font keeps every
// icon the CMS's script and config.yml name, one glyph each as in the whole font and drawn at the
// same weight, and nothing else; the text fonts keep their characters; the cut is the same on every
// build and read back from the cache the second time.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as hb from "harfbuzzjs";
import { decompress } from "wawoff2";
import { beforeAll, describe, expect, it } from "vitest";
import { cmsConfig, cmsIconNames, type SiteLists } from "../scripts/admin/cms-config.ts";
import { adminFiles, cmsFonts, publishedCmsScript, type CmsFont } from "../scripts/admin/files.ts";
import {
  axesSetBy,
  editorFontRequest,
  ICON_FONT_FAMILY,
  iconNameCandidates,
  TEXT_CHARACTERS,
} from "../scripts/admin/fonts.ts";
import { loadData } from "../scripts/data/load.ts";
import type { SiteData } from "../scripts/data/schema.ts";
import { cachedSubsetWoff2, singleGlyphs, subsetWoff2 } from "../scripts/lib/font-subset.ts";
import { outputBytes } from "../scripts/lib/output.ts";
import { DATA_DIR } from "./support/paths.ts";
import { BuildCache } from "../scripts/lib/cache.ts";
import { CACHE_DIR } from "../scripts/lib/paths.ts";

/** Icons on the screens the owner sees first: the file list, a form, a list's menu, the photo picker. */
const SEEN_FIRST = ["edit", "arrow_drop_down", "more_vert", "expand_more", "close", "add", "search", "favorite"];
/** Icons of the whole font that the CMS never names: the subset must not hold them. */
const NEVER_NAMED = ["agriculture", "pets", "sailing", "forklift"];

/** Letters of Latin Extended-A that both whole text fonts have. */
const BEYOND = ["Œ", "ı"];

let site: SiteData;
let lists: SiteLists;
let script: string;
let fonts: CmsFont[];
const sent = new Map<string, Uint8Array>();

beforeAll(async () => {
  const data = await loadData(DATA_DIR);
  site = data.site;
  lists = { towns: [...data.towns, ...data.alsoServing], services: data.services };
  script = await publishedCmsScript();
  fonts = cmsFonts(script);
  for (const [file, contents] of await adminFiles(site, lists, new BuildCache(CACHE_DIR))) {
    if (file.endsWith(".woff2")) sent.set(file, await outputBytes(contents));
  }
}, 120_000); // the editor's files: its fonts cut down to its glyphs and its 2 MB script compressed, cold on a fresh clone

const fontOf = (family: string) => fonts.find((font) => font.family === family)!;

/** The font's outline of `text` (one glyph) at the given weight: its SVG path commands and numbers. */
async function outline(
  font: Uint8Array,
  text: string,
  weight?: number,
): Promise<{ commands: string; numbers: number[] }> {
  const glyph = (await singleGlyphs(font, [text])).get(text);
  if (glyph === undefined) throw new Error(`${text} is not one glyph`);
  const shaper = new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(await decompress(font)))));
  if (weight !== undefined) shaper.setVariations([new hb.Variation("wght", weight)]);
  const path = shaper.glyphToPath(glyph);
  return {
    commands: path.replace(/[^A-Z]/g, ""),
    numbers: path
      .split(/[A-Z ,]+/)
      .filter(Boolean)
      .map(Number),
  };
}

/** The largest distance between two outlines' points, in font units; Infinity when they differ in shape. */
function distance(a: { commands: string; numbers: number[] }, b: { commands: string; numbers: number[] }): number {
  if (a.commands !== b.commands || a.numbers.length !== b.numbers.length) return Infinity;
  return Math.max(...a.numbers.map((number, i) => Math.abs(number - b.numbers[i]!)));
}

describe("the editor's icon font", () => {
  it("draws every icon config.yml names and those of the screens the owner sees first, one glyph each", async () => {
    const icons = sent.get(fontOf(ICON_FONT_FAMILY).file)!;
    const names = [...cmsIconNames(cmsConfig(site, lists)), ...SEEN_FIRST];
    expect(names).toContain("location_city");
    expect([...(await singleGlyphs(icons, names)).keys()].sort()).toEqual([...new Set(names)].sort());
  });

  it("keeps exactly the names of the CMS's script that the whole font draws, and no other icon", async () => {
    const whole = await readFile(fontOf(ICON_FONT_FAMILY).source);
    const icons = sent.get(fontOf(ICON_FONT_FAMILY).file)!;
    const candidates = iconNameCandidates(script, cmsIconNames(cmsConfig(site, lists)));
    const inWhole = [...(await singleGlyphs(whole, candidates)).keys()];
    expect(inWhole.length).toBeGreaterThan(150);
    expect([...(await singleGlyphs(icons, candidates)).keys()]).toEqual(inWhole);
    // Icons the CMS never names: the whole font has them, the subset draws their letters.
    expect([...(await singleGlyphs(whole, NEVER_NAMED)).keys()]).toEqual(NEVER_NAMED);
    expect([...(await singleGlyphs(icons, NEVER_NAMED)).keys()]).toEqual([]);
    expect(icons.length).toBeLessThan(whole.length / 20);
  });

  it("draws each icon as the whole font does at the weight the CMS sets", async () => {
    const { wght } = axesSetBy(script);
    expect(wght).toEqual({ min: 300, max: 300 });
    const whole = await readFile(fontOf(ICON_FONT_FAMILY).source);
    const icons = sent.get(fontOf(ICON_FONT_FAMILY).file)!;
    for (const name of SEEN_FIRST) {
      const expected = await outline(whole, name, wght!.min);
      // The same points, rounded to whole font units (1/40 of a pixel at the CMS's 24 px).
      expect(distance(await outline(icons, name), expected), name).toBeLessThanOrEqual(1);
      // The weight matters: the whole font's regular weight is another outline.
      expect(distance(await outline(whole, name, 400), expected), name).toBeGreaterThan(5);
    }
  });
});

describe("the editor's text fonts", () => {
  it("keep every character of Latin-1 and typographic punctuation, each with its own glyph", async () => {
    for (const font of fonts.filter((font) => font.family !== ICON_FONT_FAMILY)) {
      const characters = [...TEXT_CHARACTERS].filter((char) => char.trim() !== "");
      const drawn = await singleGlyphs(sent.get(font.file)!, characters);
      expect(
        characters.filter((char) => !drawn.has(char)),
        font.family,
      ).toEqual([]);
      // Letters beyond Latin-1, which the whole fonts have, are left to the next font the CMS names.
      expect([...(await singleGlyphs(await readFile(font.source), BEYOND)).keys()], font.family).toEqual(BEYOND);
      expect([...(await singleGlyphs(sent.get(font.file)!, BEYOND)).keys()], font.family).toEqual([]);
    }
  });
});

describe("cutting a font", () => {
  it("finds icon names in string literals and template text, and axes in font-variation-settings", () => {
    const script = 'x(`edit`,"more_vert",\'a\');y=`<span class="sui-icon x">favorite</span>`;let close_all=1;';
    expect(iconNameCandidates(script, ["quiz"])).toEqual(["edit", "favorite", "more_vert", "quiz"]);
    expect(axesSetBy('.i{font-variation-settings:"FILL" 0, "wght" 300}.j{font-variation-settings:"wght" 500}')).toEqual(
      { FILL: { min: 0, max: 0 }, wght: { min: 300, max: 500 } },
    );
  });

  it("gives the same bytes every time, and reads them back from the cache the second time", async () => {
    const font = fontOf(ICON_FONT_FAMILY);
    const whole = await readFile(font.source);
    const request = editorFontRequest(font.family, script, cmsIconNames(cmsConfig(site, lists)));
    const cacheDir = await mkdtemp(path.join(tmpdir(), "font-cache-"));
    const cache = new BuildCache(cacheDir);
    try {
      const first = await cachedSubsetWoff2(whole, request, cache);
      expect(Buffer.from(await subsetWoff2(whole, request)).equals(first)).toBe(true);
      expect(Buffer.from(sent.get(font.file)!).equals(first)).toBe(true);
      const [key] = await readdir(path.join(cacheDir, "fonts"));
      expect(Buffer.from((await cache.read("fonts", key!))!).equals(first)).toBe(true);
      // What the cache holds is what the second call answers.
      await cache.write("fonts", key!, Buffer.from("from the cache"));
      expect(Buffer.from(await cachedSubsetWoff2(whole, request, cache)).toString()).toBe("from the cache");
      // A changed request is another entry.
      await cachedSubsetWoff2(whole, { ...request, ligatures: SEEN_FIRST }, cache);
      expect(await readdir(path.join(cacheDir, "fonts"))).toHaveLength(2);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
