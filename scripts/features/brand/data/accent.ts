// The owner's accent colour (site.yaml `accent`) and the colours derived from it: the buttons' text
// and hover, the links and focus ring on light backgrounds, and their twins in the dark sections.
// Each derived colour keeps the accent's hue and moves only its lightness (in OKLCH, where a step of
// lightness looks the same size whatever the hue; culori converts and brings a colour back inside
// sRGB by lowering its chroma, as CSS Color 4 does), just far enough to reach WCAG 2.2 AA against
// every background it is drawn on. Only the accent itself can fail: a middle colour that neither
// dark nor white text can be read on at 4.5:1. That one is refused at its line, with the ratios
// and the nearest colour of the same hue that passes (accentProblem).
//
// Without an accent, none of this runs: the pages keep templates/palette.css's colours byte for
// byte (pages/assets.ts adds rules only for an accent given).
import { converter, formatHex, modeOklch, modeRgb, toGamut, useMode, type Oklch } from "culori/fn";
import { contrastRatio, TEXT_CONTRAST } from "../../../data/contrast.ts";
import { buttonText, buttonTextProblem, PALETTE, WHITE } from "../../../data/palette.ts";


/** Backgrounds of the light sections (links, the focus ring), and of the dark ones (header, hero, bands, footer, call bar). */
const LIGHT_BACKGROUNDS = [PALETTE.paper, PALETTE.paperTint, PALETTE.tipBox];
const DARK_BACKGROUNDS = [PALETTE.night, PALETTE.nightSoft];

/** Everything pages/assets.ts sets from an accent. */
export interface AccentPalette {
  /** The owner's colour: buttons, the call bar's estimate link, the skip link, borders. */
  accent: string;
  /** Text on the accent: the palette's dark ink or white, whichever reads better. */
  onAccent: string;
  /** A button under the pointer: the accent a step further from its text. */
  accentStrong: string;
  /** Links and the focus ring on light backgrounds. */
  link: string;
  /** Links, the accent's words and marks, and the focus ring in the dark sections. */
  onNight: string;
}

// culori's tree-shakeable entry with only the two colour spaces used: the site editor's script,
// which checks an accent on save, carries these and not culori's thirty others.
useMode(modeRgb);
useMode(modeOklch);

const toOklch = converter("oklch");
const intoSrgb = toGamut("rgb", "oklch");

/** The colour of `hex`'s hue and chroma at OKLCH lightness `lightness`, brought inside sRGB. */
function atLightness(hex: string, lightness: number): string {
  const colour = toOklch(hex) as Oklch;
  return formatHex(intoSrgb({ ...colour, l: Math.min(1, Math.max(0, lightness)) }));
}

/** Steps of lightness tried: a 500th of the scale, finer than one step of an 8-bit channel. */
const STEP = 0.002;

/**
 * The colour nearest `hex` in lightness, darker (-1) or lighter (+1), that `passes`; `hex` itself when
 * it passes. Black and white end the search, and one of them passes every rule here.
 */
function nearestPassing(hex: string, direction: -1 | 1, passes: (candidate: string) => boolean): string | undefined {
  if (passes(hex)) return hex;
  const start = (toOklch(hex) as Oklch).l;
  for (let step = 1; step * STEP <= 1; step += 1) {
    const lightness = start + direction * step * STEP;
    const candidate = atLightness(hex, lightness);
    if (passes(candidate)) return candidate;
    if (lightness <= 0 || lightness >= 1) break;
  }
  return undefined;
}

const readsOn = (backgrounds: readonly string[]) => (colour: string) =>
  backgrounds.every((background) => contrastRatio(colour, background) >= TEXT_CONTRAST);

/**
 * Why an accent cannot be used, or undefined when it can: button text is drawn on it, and it must
 * reach 4.5:1 with dark text or with white (palette.ts). The nearest colour of its hue that does is named.
 */
export function accentProblem(accent: string): string | undefined {
  const problem = buttonTextProblem(accent);
  if (problem === undefined) return undefined;
  // Lighter until dark text reads on it, or darker until white does: whichever is the smaller change.
  const candidates = [
    { colour: nearestPassing(accent, 1, (c) => contrastRatio(PALETTE.ink, c) >= TEXT_CONTRAST), text: "dark" },
    { colour: nearestPassing(accent, -1, (c) => contrastRatio(WHITE, c) >= TEXT_CONTRAST), text: "white" },
  ].flatMap(({ colour, text }) => (colour ? [{ colour, text }] : []));
  const start = (toOklch(accent) as Oklch).l;
  const distance = (colour: string) => Math.abs((toOklch(colour) as Oklch).l - start);
  const [nearest] = candidates.sort((a, b) => distance(a.colour) - distance(b.colour));
  const suggestion = nearest ? `; the nearest colour of the same hue that passes is "${nearest.colour}" (with ${nearest.text} text)` : "";
  return `${problem}${suggestion}`;
}

/** How far a hovered button moves from the accent: visible, and always away from its text. */
const HOVER_STEP = 0.06;

/** The colours derived from an accent that accentProblem() accepts. */
export function accentPalette(accent: string): AccentPalette {
  const colour = accent.toLowerCase();
  const { text: onAccent } = buttonText(colour);
  const start = (toOklch(colour) as Oklch).l;
  // Away from the text, which only adds contrast; at white or black, the other way, if the text still reads.
  const away = onAccent === WHITE ? -HOVER_STEP : HOVER_STEP;
  const accentStrong =
    [start + away, start - away]
      .map((lightness) => atLightness(colour, lightness))
      .find((hover) => hover !== colour && contrastRatio(onAccent, hover) >= TEXT_CONTRAST) ?? colour;
  const link = nearestPassing(colour, -1, readsOn(LIGHT_BACKGROUNDS));
  const onNight = nearestPassing(colour, 1, readsOn(DARK_BACKGROUNDS));
  if (!link || !onNight) throw new Error(`No link colour derives from ${colour}`);
  return { accent: colour, onAccent, accentStrong, link, onNight };
}
