// The fonts the editor draws its interface with, cut down to what it draws (lib/font-subset.ts).
// Sent whole they were 845 KB, the Material Symbols icon font alone 758 KB, more than the CMS's
// script; cut, 49 KB, and all of /admin/ 597 KB brotli instead of 1,393 KB (budget then: 600 KB,
// measure/budgets.ts). Measured with the CMS 0.221; `npm run weigh` prints the figures of the day.
//
// - Icons: every name the CMS's script holds as a string literal or as the text of an HTML
//   template, and that the font draws as one glyph, plus the icons config.yml gives the
//   collections: 215 names, 19 KB. Screens no test visits keep their icons, and a new version's
//   new icons come with it. The 73 names passed literally to its icon component would be 8 KB,
//   but miss the icons it passes through other properties; every lowercase word of the script
//   that the font draws (455) would be 41 KB.
// - The weight axis is narrowed to the weights the CMS's style sheet sets: one, 300, on every icon
//   (font-variation-settings), so it is pinned there, which draws the same outlines to a
//   fortieth of a pixel (test/admin-fonts.test.ts) at half the size: the 215 icons with the whole
//   axis (100–700) are 38 KB, which would put /admin/ at 616 KB. Should a version set several
//   weights, the axis keeps their range. The file has no other axis (FILL, GRAD, opsz).
// - Text: Source Sans 3 and Noto Mono keep Latin-1 and the punctuation typed or pasted text
//   carries (other characters fall back to the next font the CMS names), without TrueType
//   hinting, which Chromium, Firefox and Safari do not follow (it was half of Noto Mono): 23 KB
//   and 7 KB instead of 29 KB and 59 KB.
import type { SubsetRequest } from "../lib/font-subset.ts";

/** The icon font's family, as the CMS's script names it on jsDelivr and fontsource names its package. */
export const ICON_FONT_FAMILY = "material-symbols-outlined";

/** Printable ASCII, Latin-1, and the typographic punctuation of pasted text: – — ‘ ’ “ ” • … € ™. */
export const TEXT_CHARACTERS = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCodePoint(0x20 + i)),
  ...Array.from({ length: 0xff - 0xa0 + 1 }, (_, i) => String.fromCodePoint(0xa0 + i)),
  ..."\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\u2122",
].join("");

/** Icon names are lowercase words: "edit", "arrow_drop_down", "format_h1". */
const NAME = "[a-z0-9_]{2,}";
/** A quoted string literal holding a name, or a name alone between two tags of an HTML template. */
const NAME_IN_SCRIPT = new RegExp(`([\`'"])(${NAME})\\1|>(${NAME})<`, "g");

/**
 * Every name the CMS's script could draw as an icon: its string literals and template texts that
 * look like one, and `configIcons`. Most are not icons; the subset keeps those the font draws.
 */
export function iconNameCandidates(script: string, configIcons: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const [, , literal, text] of script.matchAll(NAME_IN_SCRIPT)) names.add((literal ?? text)!);
  for (const name of configIcons) names.add(name);
  return [...names].sort();
}

/**
 * The range of each variation axis the script's style sheets set with font-variation-settings
 * ("FILL" 0, "wght" 300, …), by tag.
 */
export function axesSetBy(script: string): Record<string, { min: number; max: number }> {
  const axes: Record<string, { min: number; max: number }> = {};
  for (const [, settings] of script.matchAll(/font-variation-settings\s*:\s*([^;}]+)/g)) {
    for (const [, axis, value] of settings!.matchAll(/["']([A-Za-z]{4})["']\s+(-?[\d.]+)/g)) {
      const number = Number(value);
      const range = (axes[axis!] ??= { min: number, max: number });
      range.min = Math.min(range.min, number);
      range.max = Math.max(range.max, number);
    }
  }
  return axes;
}

/** What to keep of one of the CMS's fonts, by its family. */
export function editorFontRequest(family: string, script: string, configIcons: Iterable<string>): SubsetRequest {
  if (family === ICON_FONT_FAMILY) {
    return { characters: "", ligatures: iconNameCandidates(script, configIcons), axes: axesSetBy(script) };
  }
  return { characters: TEXT_CHARACTERS, dropHinting: true };
}
