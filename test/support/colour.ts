// Colours as a stylesheet or getComputedStyle writes them, with an alpha channel, read for WCAG
// 2.2's arithmetic: the site's own (scripts/data/contrast.ts), which test/a11y-helpers.test.ts holds
// to reference values.
import { composite as blend, contrastRatio as ratio } from "../../scripts/data/contrast.ts";

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) to 1 (opaque). */
  a: number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_FUNCTION = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/i;

/** Parses the colour forms a stylesheet or getComputedStyle uses for sRGB; undefined otherwise. */
export function parseColour(value: string): Rgba | undefined {
  const text = value.trim().toLowerCase();
  if (text === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit) : (hex.match(/../g) ?? []);
    const [r = 0, g = 0, b = 0, a = 255] = digits.map((pair) => Number.parseInt(pair, 16));
    return { r, g, b, a: a / 255 };
  }
  const rgb = RGB_FUNCTION.exec(text);
  if (rgb) {
    const [, r = "0", g = "0", b = "0", alpha] = rgb;
    const a = alpha === undefined ? 1 : alpha.endsWith("%") ? Number.parseFloat(alpha) / 100 : Number(alpha);
    return { r: Number(r), g: Number(g), b: Number(b), a };
  }
  return undefined;
}

export function mustParseColour(value: string): Rgba {
  const colour = parseColour(value);
  if (!colour) throw new Error(`not an sRGB colour this check understands: ${value}`);
  return colour;
}

/** The colour seen when `top` is painted over the opaque colour `below`. */
export function composite(top: Rgba, below: Rgba): Rgba {
  return { ...blend(top, top.a, below), a: 1 };
}

/** WCAG contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  return ratio(first, second);
}

/** The custom properties declared in the first :root block of a stylesheet, by name. */
export function rootCustomProperties(css: string): Map<string, string> {
  const block = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  const properties = new Map<string, string>();
  for (const [, name = "", value = ""] of block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    properties.set(name, value.trim());
  }
  return properties;
}
