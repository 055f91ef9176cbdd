// templates/palette.css's colours, as the build draws an owner's accent against them, and the one
// rule an accent must meet: dark or white button text reads on it at WCAG 2.2 AA's 4.5:1. Apart
// from accent.ts, which makes the other colours from the accent and names the nearest one that
// passes, so that the site editor checks an accent on save with this file's arithmetic alone and
// carries no colour library (its first load has a budget: measure/budgets.ts).
import { contrastRatio, ratioText, TEXT_CONTRAST } from "./contrast.ts";

/** The colours of templates/palette.css the derived ones are drawn on or with (test/colours.test.ts holds them to the stylesheet's). */
export const PALETTE = {
  ink: "#1b2026",
  paper: "#ffffff",
  paperTint: "#f5f2ec",
  night: "#1d2329",
  nightSoft: "#2b333b",
  /** The tip box's background (styles.css .box-tip), the third light background links sit on. */
  tipBox: "#fff8e1",
  /** The accent the site has had: the default, and the shovel's colour in the default icon. */
  accent: "#f2b300",
} as const;

export const WHITE = "#ffffff";

/** The text colour that reads better on `accent`, and its ratio. */
export function buttonText(accent: string): { text: string; ratio: number } {
  const [ink, white] = [PALETTE.ink, WHITE].map((text) => ({ text, ratio: contrastRatio(text, accent) }));
  return ink!.ratio >= white!.ratio ? ink! : white!;
}

/**
 * Why button text cannot be read on `accent` (the pair and the ratios, as "expected …" words), or
 * undefined when dark or white text reaches 4.5:1 on it.
 */
export function buttonTextProblem(accent: string): string | undefined {
  if (buttonText(accent).ratio >= TEXT_CONTRAST) return undefined;
  return (
    `a colour that button text can be read on: dark text ${PALETTE.ink} on ${accent} reaches ${ratioText(contrastRatio(PALETTE.ink, accent))} ` +
    `and white text ${ratioText(contrastRatio(WHITE, accent))}, where WCAG 2.2 AA asks ${TEXT_CONTRAST}:1`
  );
}
