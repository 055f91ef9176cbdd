// The stylesheet and the browser scripts, minified by esbuild. Pages inline them, so that every
// page renders from its first response with no render-blocking request. The service-area map's
// picture carries a stylesheet of its own: the palette and how the map is drawn.
import path from "node:path";
import { bundleBrowserScript, bundleStylesheet, type KeptBundles } from "../lib/bundle.ts";
import { SCRIPTS_DIR, TEMPLATES_DIR } from "../lib/paths.ts";
import { PALETTE as COLOURS } from "../data/palette.ts";
import { hexToRgb } from "../data/contrast.ts";
import type { Business } from "../data/model.ts";
import type { PageAssets } from "../site/page.ts";
import type { Theme } from "../site/theme.ts";
import { CONTACT_PATH, SERVICE_WORKER_PATH } from "../site/urls.ts";

export const STYLESHEET = path.join(TEMPLATES_DIR, "styles.css");
/** What only a photo at the top of a page needs: added only when a page shows one. */
const HERO_PHOTO_STYLESHEET = path.join(TEMPLATES_DIR, "hero-photo.css");
/** The bands of a draft's preview and of a build with placeholders, in one stylesheet. */
const BANDS_STYLESHEET = path.join(TEMPLATES_DIR, "bands.css");
/** The colours and sizes both stylesheets start from, and how the service-area map is drawn. */
export const PALETTE = path.join(TEMPLATES_DIR, "palette.css");
export const MAP_STYLESHEET = path.join(TEMPLATES_DIR, "map.css");
const MAP_PICTURE_STYLESHEET = path.join(TEMPLATES_DIR, "map-picture.css");
const HEAD_SCRIPT = path.join(SCRIPTS_DIR, "browser", "head.ts");
const BODY_SCRIPT = path.join(SCRIPTS_DIR, "browser", "site.ts");

/**
 * How long the estimate form's frame may stay hidden (by the provider's helper, waiting for a form
 * that never answers) before the page's script shows it again (browser/site.ts): long enough for a
 * form that loads to answer on a slow phone connection, short enough that the visitor never reads
 * the box as empty.
 */
const FRAME_GRACE_MS = 3000;

/**
 * Same-site links are prefetched, then prerendered, when the visitor shows intent; the contact page
 * is only prefetched (its HTML, from the site), since prerendering it would run the form
 * provider's frame and helper, and the provider would hear of a visitor who never opened the form.
 */
const SPECULATION_RULES = JSON.stringify({
  prerender: [
    { where: { and: [{ href_matches: "/*" }, { not: { href_matches: CONTACT_PATH } }] }, eagerness: "moderate" },
  ],
  prefetch: [{ where: { href_matches: CONTACT_PATH }, eagerness: "moderate" }],
});

/**
 * The opacity of the dark panel the heading and buttons sit on over a photo (from 48rem). At this
 * opacity the panel over a white photo is no lighter than --night-soft (relative luminance 0.0315
 * against 0.0320), the hero's own lighter background: every colour held to WCAG 2.2 AA on
 * --night-soft reads on it over any photo (test/colours.test.ts checks the arithmetic, and
 * test/brand.browser.test.ts the pixels under the text).
 */
export const HERO_PANEL_OPACITY = 0.93;

/** hero-photo.css's two colours: the panel's, and the eyebrow's on it (the accent's twin for dark sections, with a feature's theme). */
function heroColours(themed: boolean): string {
  const { r, g, b } = hexToRgb(COLOURS.night);
  const eyebrow = themed ? "var(--link-on-night)" : "var(--accent)";
  return `:root{--hero-panel:rgb(${r} ${g} ${b}/${HERO_PANEL_OPACITY});--hero-eyebrow:${eyebrow}}`;
}

/** What of the data decides rules of the pages' stylesheet. */
export type StyledBusiness = Pick<Business, "leadForm" | "placeholders">;

/** The pages' own script in place of browser/site.ts alone: an entry that imports it (a feature's, features/). */
export interface BodyScriptEntry {
  entry: string;
  define: Record<string, string>;
}

/**
 * The rules the data decides: the estimate form's place keeps the frame's height (the provider's
 * data-height) while the provider's helper takes the frame out of the page to adopt it, so that
 * nothing below moves; then the features' own rules (`featureCss`: the owner's accent and logo,
 * features/brand/), and the photos at the top, only when a page shows one (hero-photo.css), so that
 * without them the pages are byte for byte as they were. Rules, not style attributes, which the
 * pages' policy refuses.
 */
async function dataStyles(
  business: StyledBusiness,
  { heroPhotos, featureCss, themed }: { heroPhotos: boolean; featureCss: string; themed: boolean },
  kept?: KeptBundles,
): Promise<string> {
  const heroCss = heroPhotos ? await bundleStylesheet([HERO_PHOTO_STYLESHEET], kept) : "";
  return [
    `.lead-form-frame{min-height:${business.leadForm.height}px}`,
    featureCss,
    heroPhotos ? `${heroColours(themed)}${heroCss}` : "",
  ].join("");
}

/**
 * The pages' stylesheet (with the rules the data decides) and scripts; `kept` holds the bundles
 * made before (lib/bundle.ts). `heroPhotos`: whether any page shows a photo at its top; `preview`:
 * whether the build is a draft's preview (pipeline/draft.ts), whose band has rules of its own, as
 * the band that names the placeholders still in site.yaml has (bands.css, in such builds only).
 * `bodyScript`: the pages' own script's entry when a feature gives one; `featureCss`: the rules the
 * features that are on add; `theme`: the colours one of them draws the site in (features/).
 */
export async function buildAssets(
  business: StyledBusiness,
  kept?: KeptBundles,
  {
    heroPhotos = false,
    preview = false,
    bodyScript,
    featureCss = "",
    theme,
  }: { heroPhotos?: boolean; preview?: boolean; bodyScript?: BodyScriptEntry; featureCss?: string; theme?: Theme } = {},
): Promise<PageAssets> {
  const [css, headScript, pagesScript] = await Promise.all([
    bundleStylesheet([STYLESHEET], kept),
    bundleBrowserScript(HEAD_SCRIPT, { kept }),
    bundleBrowserScript(bodyScript?.entry ?? BODY_SCRIPT, {
      // A feature's values first: the core's own cannot be given another.
      define: {
        ...bodyScript?.define,
        WORKER_URL: JSON.stringify(SERVICE_WORKER_PATH),
        FRAME_GRACE_MS: String(FRAME_GRACE_MS),
      },
      kept,
    }),
  ]);
  const bands = preview || business.placeholders.length > 0;
  const bandsCss = bands ? await bundleStylesheet([BANDS_STYLESHEET], kept) : "";
  return {
    css: `${css}${await dataStyles(business, { heroPhotos, featureCss, themed: theme !== undefined }, kept)}${bandsCss}`,
    headScript,
    bodyScript: pagesScript,
    speculationRules: SPECULATION_RULES,
  };
}

/**
 * The map picture's stylesheet: the palette, how the map is drawn, and what only the picture needs;
 * nothing of the pages'.
 */
export function buildMapPictureStylesheet(kept?: KeptBundles): Promise<string> {
  return bundleStylesheet([PALETTE, MAP_STYLESHEET, MAP_PICTURE_STYLESHEET], kept);
}

/**
 * The site's icon when no feature gives one: the brand shovel on the header's dark tile, in the
 * accent's colour as the dark sections draw it (a feature's theme, site/theme.ts; palette.css's accent without one).
 */
export function buildFavicon(iconSvg: string, theme?: Theme): string {
  const inner = iconSvg.replace(/^<svg[^>]*>|<\/svg>$/g, "");
  const stroke = theme?.onNight ?? COLOURS.accent;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${COLOURS.night}"/><g transform="translate(4 4)" fill="none" stroke="${stroke}" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round">${inner}</g></svg>\n`;
}
