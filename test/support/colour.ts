// Colour arithmetic of WCAG 2.2: relative luminance and contrast ratio of sRGB colours, and the
// colour a translucent layer shows over what lies beneath it.

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
  const mix = (upper: number, lower: number) => upper * top.a + lower * (1 - top.a);
  return { r: mix(top.r, below.r), g: mix(top.g, below.g), b: mix(top.b, below.b), a: 1 };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 for black to 1 for white. */
function relativeLuminance({ r, g, b }: Rgba): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
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
