// The business's marks and photos made by the tests themselves (the owner has given none): a logo
// and an icon drawn as SVG and turned into PNG by sharp, a second accent colour, and photos for the
// top of a page, written into a copy of the data (brandData()). The photos are drawn scenes, sky,
// field, a dirt pile, with texture at several scales, so that encoders work as on a real photo.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { copyData, editYaml } from "./data-copy.ts";

/** A second accent, far from the default yellow: a dark blue that takes white text. */
export const SECOND_ACCENT = "#1d4e89";

/** A wordmark 3:1: a yellow tile with a shovel blade, and bars standing for letters, on transparency. */
export function logoSvg({ dark = false }: { dark?: boolean } = {}): string {
  const ink = dark ? "#1b2026" : "#f3f4f6";
  const bars = [0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<rect x="${96 + i * 30}" y="${28 + (i % 2) * 6}" width="22" height="${34 - (i % 2) * 6}" rx="3" fill="${ink}"/>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 288 96" width="288" height="96">
  <title>Fixture Excavating</title>
  <rect x="4" y="8" width="80" height="80" rx="14" fill="#f2b300"/>
  <path d="M44 20v34m-14 0h28l-6 22H36z" fill="none" stroke="#1b2026" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"/>
  ${bars}
  <rect x="96" y="70" width="172" height="8" rx="4" fill="#f2b300"/>
</svg>
`;
}

/** A square icon: the yellow tile alone. */
export function iconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1d4e89"/><path d="M32 12v24m-10 0h20l-4 16H26z" fill="none" stroke="#f3f4f6" stroke-width="5" stroke-linejoin="round"/></svg>\n`;
}

/** A PNG of an SVG, `height` pixels tall. */
export function pngOf(svg: string, height: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 300 }).resize({ height }).png().toBuffer();
}

/** Value noise: smooth random values on a grid of `cell` pixels, at a point. */
function noiseField(width: number, height: number, cell: number, seed: number): Float32Array {
  const columns = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const grid = new Float32Array(columns * rows);
  let state = seed;
  for (let i = 0; i < grid.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    grid[i] = state / 0x7fffffff;
  }
  const field = new Float32Array(width * height);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < height; y++) {
    const gy = y / cell;
    const y0 = Math.floor(gy);
    const ty = smooth(gy - y0);
    for (let x = 0; x < width; x++) {
      const gx = x / cell;
      const x0 = Math.floor(gx);
      const tx = smooth(gx - x0);
      const at = (cx: number, cy: number) => grid[cy * columns + cx]!;
      const top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx;
      const bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx;
      field[y * width + x] = top * (1 - ty) + bottom * ty;
    }
  }
  return field;
}

/**
 * A job site in landscape: sky, a tree line, a field and a dirt pile, with texture at several
 * scales (`bright`: a snowy, hazy day, nearly white, the hardest photo for light text).
 */
export async function scenePhoto(width = 2000, height = 1250, { bright = false } = {}): Promise<Buffer> {
  const octaves = [
    { cell: 180, weight: 0.45 },
    { cell: 40, weight: 0.3 },
    { cell: 9, weight: 0.17 },
    { cell: 2, weight: 0.08 },
  ].map(({ cell, weight }, i) => ({ field: noiseField(width, height, cell, 17 + i * 31), weight }));
  const pixels = Buffer.alloc(width * height * 3);
  const horizon = height * 0.42;
  // Grain at the scale of single pixels, as grass, gravel and a camera's sensor give a photo.
  let state = 99;
  const grain = (amount: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state / 0x7fffffff - 0.5) * amount;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let n = 0;
      for (const { field, weight } of octaves) n += field[i]! * weight;
      const pile = Math.hypot((x - width * 0.62) / (width * 0.22), (y - height * 0.78) / (height * 0.3)) < 1;
      const trees = y > horizon - height * 0.08 - n * height * 0.05 && y < horizon;
      let rgb: [number, number, number];
      if (y < horizon && !trees) {
        const t = y / horizon;
        rgb = bright ? [236 + 12 * t, 240 + 10 * t, 246] : [92 + 90 * t, 140 + 70 * t, 200 + 30 * t];
        rgb = rgb.map((c) => c + (n - 0.5) * 18) as typeof rgb;
      } else if (trees) {
        rgb = bright ? [214 + n * 30, 220 + n * 30, 226 + n * 24] : [40 + n * 40, 70 + n * 50, 38 + n * 30];
      } else if (pile) {
        rgb = bright ? [200 + n * 50, 190 + n * 50, 180 + n * 50] : [110 + n * 70, 78 + n * 50, 48 + n * 36];
      } else {
        rgb = bright ? [238 + n * 17, 240 + n * 15, 242 + n * 13] : [88 + n * 60, 120 + n * 60, 48 + n * 40];
      }
      const amount = y < horizon && !trees ? 8 : 90;
      const shade = grain(amount);
      pixels[i * 3] = rgb[0] + shade;
      pixels[i * 3 + 1] = rgb[1] + shade + grain(amount / 4);
      pixels[i * 3 + 2] = rgb[2] + shade;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.5)
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface BrandDataOptions {
  logo?: "svg" | "svg-dark" | "png";
  icon?: "svg" | "png";
  accent?: string;
  /** A photo at the top of the home page, of a town (the first) and of a service (the first). */
  hero?: { home?: boolean; town?: boolean; service?: boolean; bright?: boolean };
}

/**
 * A copy of the spec's data with the marks, the accent and the photos asked for, each written where
 * the owner would put it; returns the data folder.
 */
export async function brandData(options: BrandDataOptions, from?: string): Promise<string> {
  const dir = await copyData(from);
  await mkdir(path.join(dir, "brand"), { recursive: true });
  await mkdir(path.join(dir, "photos"), { recursive: true });
  const site: [string[], unknown][] = [];
  if (options.logo) {
    const file = options.logo === "png" ? "brand/logo.png" : "brand/logo.svg";
    const svg = logoSvg({ dark: options.logo === "svg-dark" });
    await writeFile(path.join(dir, file), options.logo === "png" ? await pngOf(svg, 192) : svg);
    site.push([["logo"], { file }]);
  }
  if (options.icon) {
    const file = options.icon === "png" ? "brand/icon.png" : "brand/icon.svg";
    await writeFile(path.join(dir, file), options.icon === "png" ? await pngOf(iconSvg(), 512) : iconSvg());
    site.push([["icon"], file]);
  }
  if (options.accent) site.push([["accent"], options.accent]);
  const { hero } = options;
  if (hero) {
    const file = "photos/yard-excavation.jpg";
    await writeFile(path.join(dir, file), await scenePhoto(2000, 1250, { bright: hero.bright }));
    const photo = (alt: string) => ({ file, alt });
    if (hero.home)
      site.push([["hero"], photo("Excavator loading a dirt pile on a job site near Mattoon, with a tree line behind")]);
    if (hero.town)
      await editYaml(dir, "towns.yaml", (doc) =>
        doc.setIn(["towns", 0, "hero"], photo("Dirt pile on a cleared lot in Mattoon")),
      );
    if (hero.service)
      await editYaml(dir, "services.yaml", (doc) =>
        doc.setIn(["services", 0, "hero"], photo("Field graded for drainage beside a dirt pile")),
      );
  }
  if (site.length > 0)
    await editYaml(dir, "site.yaml", (doc) => site.forEach(([keys, value]) => doc.setIn(keys, value)));
  return dir;
}
