// Every pair of colours the pages draw one on the other, in every state (a hovered button, a
// focused control, a visited link, which keeps the link's colour), with the contrast WCAG 2.2 AA
// asks of it, and the colours each custom property has: palette.css's own, or those an owner's
// accent gives it (pages/assets.ts). The colours test holds the default palette and other accents
// to it; the browser tests check what is painted.
import { readFile } from "node:fs/promises";
import type { AccentPalette } from "../../scripts/features/brand/data/accent.ts";
import {
  composite,
  contrastRatio,
  hexToRgb,
  LARGE_TEXT_OR_UI_CONTRAST,
  rgbToHex,
  TEXT_CONTRAST,
} from "../../scripts/data/contrast.ts";
import { HERO_PANEL_OPACITY, PALETTE as PALETTE_FILE } from "../../scripts/pages/assets.ts";
import { rootCustomProperties } from "./colour.ts";

const TEXT = TEXT_CONTRAST;
const UI = LARGE_TEXT_OR_UI_CONTRAST;

/**
 * [foreground, background, minimum, where the pair is drawn]. --accent-on-night is where the
 * accent itself is drawn in a dark section (the hero's eyebrow, its icons, the current page's
 * underline); --panel-over-white is the dark panel of a photo at the top over a white photo, the
 * lightest it can be.
 */
export const COLOUR_PAIRS: [string, string, number, string][] = [
  ["--ink", "--paper", TEXT, "body text"],
  ["--ink", "--paper-tint", TEXT, "text in tinted sections, tiles and boxes"],
  ["--ink-soft", "--paper", TEXT, "card descriptions, intros, breadcrumbs"],
  ["--ink-soft", "--paper-tint", TEXT, "intros and fact labels on tint"],
  ["--link", "--paper", TEXT, "links, visited or not"],
  ["--link", "--paper-tint", TEXT, "links on tint, town names"],
  ["--link", "--tip-box", TEXT, "links in a tip box"],
  ["--clay", "--paper-tint", TEXT, "eyebrow text in page heads"],
  ["--clay", "--paper", UI, "the 404 figure (large text) and icons"],
  ["--on-night", "--night", TEXT, "header, footer, band and call bar text; a job photo's Before and During labels"],
  ["--on-night", "--night-soft", TEXT, "hero text over its gradient"],
  ["--on-night-soft", "--night", TEXT, "footer and band paragraphs"],
  ["--on-night-soft", "--night-soft", TEXT, "hero lead over its gradient"],
  ["--link-on-night", "--night", TEXT, "links in dark bands"],
  ["--link-on-night", "--night-soft", TEXT, "links in the hero"],
  ["--accent-on-night", "--night", TEXT, "the hero's eyebrow, and the current page's underline"],
  ["--accent-on-night", "--night-soft", TEXT, "the hero's eyebrow over the gradient"],
  [
    "--on-accent",
    "--accent",
    TEXT,
    "button text, the call bar's estimate link, the skip link; a job photo's After label",
  ],
  ["--on-accent", "--accent-strong", TEXT, "button text on hover"],
  ["--focus", "--paper", UI, "focus ring on light backgrounds"],
  ["--focus", "--paper-tint", UI, "focus ring on tint"],
  ["--focus-on-night", "--night", UI, "focus ring in dark bands and the call bar"],
  ["--focus-on-night", "--night-soft", UI, "focus ring in the hero"],
  ["--ink", "--paper", UI, "outline button border"],
  ["--on-night-soft", "--night", UI, "menu button, ghost button and call bar borders"],
  ["--on-night", "--panel-over-white", TEXT, "a heading over a photo, on its panel"],
  ["--on-night-soft", "--panel-over-white", TEXT, "the hero's lead over a photo"],
  ["--accent-on-night", "--panel-over-white", TEXT, "the eyebrow over a photo"],
  ["--link-on-night", "--panel-over-white", TEXT, "a link over a photo"],
  ["--focus-on-night", "--panel-over-white", UI, "the focus ring over a photo"],
  ["--on-night-soft", "--panel-over-white", UI, "a ghost button's border over a photo"],
];

/** The colours of the pages, by custom property: palette.css's, with an accent's overrides when given. */
export async function pageColours(accent?: AccentPalette): Promise<Map<string, string>> {
  const colours = rootCustomProperties(await readFile(PALETTE_FILE, "utf8"));
  colours.set("--tip-box", "#fff8e1");
  colours.set("--accent-on-night", colours.get("--accent")!);
  if (accent) {
    colours.set("--accent", accent.accent);
    colours.set("--accent-strong", accent.accentStrong);
    colours.set("--on-accent", accent.onAccent);
    colours.set("--link", accent.link);
    colours.set("--focus", accent.link);
    for (const name of ["--link-on-night", "--focus-on-night", "--accent-on-night"]) colours.set(name, accent.onNight);
  }
  const panel = composite(hexToRgb(colours.get("--night")!), HERO_PANEL_OPACITY, { r: 255, g: 255, b: 255 });
  colours.set("--panel-over-white", rgbToHex(panel));
  return colours;
}

/** The pairs that fall short, as "--fg on --bg: 3.2:1, needs 4.5:1 (where)". */
export function pairsFallingShort(colours: ReadonlyMap<string, string>): string[] {
  return COLOUR_PAIRS.flatMap(([foreground, background, minimum, use]) => {
    const ratio = contrastRatio(colours.get(foreground) ?? "", colours.get(background) ?? "");
    return ratio >= minimum
      ? []
      : [`${foreground} on ${background}: ${ratio.toFixed(2)}:1, needs ${minimum}:1 (${use})`];
  });
}
