// The site's colours against WCAG 2.2 AA (1.4.3 text, 1.4.11 controls and the focus ring), with
// palette.css's own colours and with accents an owner may give (features/brand/data/accent.ts): every pair the
// pages draw, in every state, passes; an accent that button text cannot be read on is refused with
// the pair, its ratio and the nearest colour of its hue that passes; and without an accent the
// pages' stylesheet is what it was, byte for byte.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { accentPalette, accentProblem } from "../scripts/features/brand/data/accent.ts";
import { brand } from "../scripts/features/brand/brand.tsx";
import { PALETTE } from "../scripts/data/palette.ts";
import { contrastRatio, ratioText, relativeLuminance, hexToRgb, TEXT_CONTRAST } from "../scripts/data/contrast.ts";
import type { Business, SiteModel } from "../scripts/data/model.ts";
import {
  buildAssets,
  HERO_PANEL_OPACITY,
  PALETTE as PALETTE_FILE,
  STYLESHEET,
  type StyledBusiness,
} from "../scripts/pages/assets.ts";
import { rootCustomProperties } from "./support/colour.ts";
import { COLOUR_PAIRS, pageColours, pairsFallingShort } from "./support/colour-pairs.ts";
import { SECOND_ACCENT } from "./support/brand-fixtures.ts";

/** Accents across the hues and lightnesses an owner might pick, each accepted (accentProblem says none). */
const ACCENTS = [
  SECOND_ACCENT,
  "#f2b300",
  "#1f6feb",
  "#c62828",
  "#0b5394",
  "#2e7d32",
  "#6a1b9a",
  "#ff8f00",
  "#000000",
  "#ffffff",
];

describe("the palette", () => {
  it("is the one features/brand/data/accent.ts derives from: palette.css's colours and the tip box's", async () => {
    const css = rootCustomProperties(await readFile(PALETTE_FILE, "utf8"));
    const names: Record<string, keyof typeof PALETTE> = {
      "--ink": "ink",
      "--paper": "paper",
      "--paper-tint": "paperTint",
      "--night": "night",
      "--night-soft": "nightSoft",
      "--accent": "accent",
    };
    for (const [property, key] of Object.entries(names)) expect(css.get(property), property).toBe(PALETTE[key]);
    expect(await readFile(STYLESHEET, "utf8")).toMatch(new RegExp(`\\.box-tip \\{[^}]*background: ${PALETTE.tipBox};`));
  });

  it("names every colour each pair uses", async () => {
    const colours = await pageColours();
    const missing = [...new Set(COLOUR_PAIRS.flatMap(([fg, bg]) => [fg, bg]))].filter((name) => !colours.has(name));
    expect(missing).toEqual([]);
  });

  it("reaches WCAG 2.2 AA in every pair, as palette.css has it", async () => {
    expect(pairsFallingShort(await pageColours())).toEqual([]);
  });

  it("keeps the panel over a photo no lighter than the hero's own lighter background, whatever the photo", () => {
    // Over white, the lightest a photo can be: no lighter than --night-soft, against which every
    // colour of the dark sections is held.
    const night = hexToRgb(PALETTE.night);
    const overWhite = {
      r: night.r * HERO_PANEL_OPACITY + 255 * (1 - HERO_PANEL_OPACITY),
      g: night.g * HERO_PANEL_OPACITY + 255 * (1 - HERO_PANEL_OPACITY),
      b: night.b * HERO_PANEL_OPACITY + 255 * (1 - HERO_PANEL_OPACITY),
    };
    expect(relativeLuminance(overWhite)).toBeLessThanOrEqual(relativeLuminance(hexToRgb(PALETTE.nightSoft)));
  });
});

describe("an owner's accent", () => {
  for (const accent of ACCENTS) {
    it(`${accent}: every pair the pages draw reaches WCAG 2.2 AA with the colours made from it`, async () => {
      expect(accentProblem(accent)).toBeUndefined();
      const palette = accentPalette(accent);
      expect(palette.accent).toBe(accent);
      expect(pairsFallingShort(await pageColours(palette))).toEqual([]);
    });
  }

  it("keeps the accent's hue in the colours made from it, and moves the hover away from its text", () => {
    const palette = accentPalette(SECOND_ACCENT);
    expect(palette.onAccent).toBe("#ffffff");
    // Darker under white text: more contrast, never less.
    expect(contrastRatio(palette.onAccent, palette.accentStrong)).toBeGreaterThan(
      contrastRatio(palette.onAccent, palette.accent),
    );
    expect(palette.accentStrong).not.toBe(palette.accent);
    // Dark blue passes on the light backgrounds as it is; in the dark sections a lighter blue stands in.
    expect(palette.link).toBe(SECOND_ACCENT);
    const [r, g, b] = [palette.onNight.slice(1, 3), palette.onNight.slice(3, 5), palette.onNight.slice(5, 7)].map(
      (hex) => Number.parseInt(hex, 16),
    );
    expect(b).toBeGreaterThan(r!);
    expect(b).toBeGreaterThan(g!);
    const yellow = accentPalette("#f2b300");
    expect(yellow.onAccent).toBe(PALETTE.ink);
    expect(contrastRatio(yellow.onAccent, yellow.accentStrong)).toBeGreaterThan(
      contrastRatio(yellow.onAccent, yellow.accent),
    );
  });

  for (const [accent, nearest] of [
    ["#2e8b57", "#288652"],
    ["#e65100", "#ea5409"],
    ["#777777", "#767676"],
  ] as const) {
    it(`${accent}, which neither dark nor white text can be read on, is refused with both ratios and the nearest colour that passes`, () => {
      const problem = accentProblem(accent)!;
      const ink = ratioText(contrastRatio(PALETTE.ink, accent));
      const white = ratioText(contrastRatio("#ffffff", accent));
      expect(problem).toContain(`dark text ${PALETTE.ink} on ${accent} reaches ${ink} and white text ${white}`);
      expect(problem).toContain("where WCAG 2.2 AA asks 4.5:1");
      expect(problem).toMatch(
        new RegExp(`the nearest colour of the same hue that passes is "${nearest}" \\(with (dark|white) text\\)`),
      );
      expect(accentProblem(nearest)).toBeUndefined();
      const best = Math.max(contrastRatio(PALETTE.ink, nearest), contrastRatio("#ffffff", nearest));
      expect(best).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    });
  }
});

describe("the pages' stylesheet", () => {
  const business = { leadForm: { height: 916 }, placeholders: [] } as unknown as StyledBusiness;
  /** What the brand feature adds to a build whose site.yaml gives these fields (features/brand/). */
  const branded = async (fields: Partial<Business>) =>
    (await brand.parts({ model: { business: { filesRead: {}, ...fields } } as SiteModel, today: new Date() }))!;

  it("is palette.css's alone without an accent, a logo or a photo at the top: the rules appear only when given", async () => {
    const plain = await buildAssets(business);
    expect(plain.css).not.toMatch(/--link-on-night:#|brand-logo|has-photo|hero-panel/);
    const { css: featureCss, theme } = await branded({ accent: SECOND_ACCENT });
    const accented = await buildAssets(business, undefined, { featureCss: featureCss!, theme: theme! });
    expect(accented.css.startsWith(plain.css)).toBe(true);
    expect(accented.css.slice(plain.css.length)).toMatch(
      /^:root\{--accent:#1d4e89;--accent-strong:#[0-9a-f]{6};--on-accent:#ffffff;--link:#1d4e89;--focus:#1d4e89;--link-on-night:#[0-9a-f]{6};--focus-on-night:#[0-9a-f]{6}\}/,
    );
    const withPhotos = await buildAssets(business, undefined, { heroPhotos: true });
    expect(withPhotos.css.slice(plain.css.length)).toContain(
      `:root{--hero-panel:rgb(29 35 41/${HERO_PANEL_OPACITY});--hero-eyebrow:var(--accent)}`,
    );
    expect(withPhotos.css).toMatch(
      /\.has-photo \.hero-panel\{max-width:40rem;padding:var\(--space-3\) var\(--space-4\);border-radius:var\(--radius\);background:var\(--hero-panel\)\}/,
    );
  });
});
