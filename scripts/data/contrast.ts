// WCAG 2.2's colour arithmetic (Understanding SC 1.4.3, "relative luminance" and "contrast ratio"):
// the luminance of an sRGB colour, the contrast ratio of two, and the colour a translucent layer
// shows over what lies beneath it. Pure functions on 8-bit sRGB channels; the accent colour's rules
// (accent.ts) and the hero's panel are held to these.

/** An opaque sRGB colour, each channel 0 to 255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG's thresholds: text, and large text, controls and focus rings (non-text contrast). */
export const TEXT_CONTRAST = 4.5;
export const LARGE_TEXT_OR_UI_CONTRAST = 3;

const HEX_COLOUR = /^#([0-9a-f]{6})$/i;

/** "#1b2026" → { r: 27, g: 32, b: 38 }; throws on anything but six hex digits. */
export function hexToRgb(hex: string): Rgb {
  const digits = HEX_COLOUR.exec(hex)?.[1];
  if (!digits) throw new Error(`Not a colour as #rrggbb: ${hex}`);
  const value = Number.parseInt(digits, 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

/** { r: 27, g: 32, b: 38 } → "#1b2026", each channel rounded and held to 0–255. */
export function rgbToHex({ r, g, b }: Rgb): string {
  const byte = (value: number) => Math.min(255, Math.max(0, Math.round(value))).toString(16).padStart(2, "0");
  return `#${byte(r)}${byte(g)}${byte(b)}`;
}

/** sRGB channel (0–255) to linear light, by the sRGB transfer function WCAG 2.2 gives. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two opaque colours, 1 to 21, whichever is lighter. */
export function contrastRatio(first: Rgb | string, second: Rgb | string): number {
  const luminance = (colour: Rgb | string) => relativeLuminance(typeof colour === "string" ? hexToRgb(colour) : colour);
  const [a, b] = [luminance(first), luminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The colour seen where `top`, at opacity `alpha` (0–1), is painted over the opaque `below`, as browsers blend: per sRGB channel. */
export function composite(top: Rgb, alpha: number, below: Rgb): Rgb {
  const mix = (upper: number, lower: number) => upper * alpha + lower * (1 - alpha);
  return { r: mix(top.r, below.r), g: mix(top.g, below.g), b: mix(top.b, below.b) };
}

/** A ratio as the problems and tests print it: 4.49:1, cut down, never rounded up to a pass. */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
