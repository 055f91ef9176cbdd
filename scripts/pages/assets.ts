// The stylesheet and the browser scripts, minified by esbuild. Pages inline them, so that every
// page renders from its first response with no render-blocking request. The service-area map's
// picture carries a stylesheet of its own: the palette and how the map is drawn.
import path from "node:path";
import { bundleBrowserScript, bundleStylesheet, type KeptBundles } from "../lib/bundle.ts";
import { SCRIPTS_DIR, TEMPLATES_DIR } from "../lib/paths.ts";
import type { Business } from "../data/model.ts";
import type { PageAssets } from "../site/page.ts";
import { SERVICE_WORKER_PATH } from "../site/urls.ts";

export const STYLESHEET = path.join(TEMPLATES_DIR, "styles.css");
const JOBS_STYLESHEET = path.join(TEMPLATES_DIR, "jobs.css");
/** The colours and sizes both stylesheets start from, and how the service-area map is drawn. */
export const PALETTE = path.join(TEMPLATES_DIR, "palette.css");
export const MAP_STYLESHEET = path.join(TEMPLATES_DIR, "map.css");
const MAP_PICTURE_STYLESHEET = path.join(TEMPLATES_DIR, "map-picture.css");
const HEAD_SCRIPT = path.join(SCRIPTS_DIR, "browser", "head.ts");
const BODY_SCRIPT = path.join(SCRIPTS_DIR, "browser", "site.ts");

/** Same-site links are prefetched, then prerendered, when the visitor shows intent. */
const SPECULATION_RULES = JSON.stringify({
  prerender: [{ where: { href_matches: "/*" }, eagerness: "moderate" }],
});

/**
 * The rules the data decides: the estimate form's place keeps the frame's height (the provider's
 * data-height) while the provider's helper takes the frame out of the page to adopt it, so that
 * nothing below moves. Rules, not style attributes, which the pages' policy refuses.
 */
function dataStyles(business: Pick<Business, "leadForm">): string {
  return `.lead-form-frame{min-height:${business.leadForm.height}px}`;
}

/**
 * The pages' stylesheet (with the rules the data decides) and scripts; `kept` holds the bundles
 * made before (lib/bundle.ts).
 */
export async function buildAssets(business: Pick<Business, "leadForm">, kept?: KeptBundles): Promise<PageAssets> {
  const [css, jobsCss, headScript, bodyScript] = await Promise.all([
    bundleStylesheet([STYLESHEET], kept),
    bundleStylesheet([JOBS_STYLESHEET], kept),
    bundleBrowserScript(HEAD_SCRIPT, { kept }),
    bundleBrowserScript(BODY_SCRIPT, { define: { WORKER_URL: JSON.stringify(SERVICE_WORKER_PATH) }, kept }),
  ]);
  return {
    css: `${css}${dataStyles(business)}`,
    jobsCss,
    headScript,
    bodyScript,
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

/** The site's icon: the brand shovel in the accent colour on the header's dark tile. */
export function buildFavicon(iconSvg: string): string {
  const inner = iconSvg.replace(/^<svg[^>]*>|<\/svg>$/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d2329"/><g transform="translate(4 4)" fill="none" stroke="#f2b300" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round">${inner}</g></svg>\n`;
}
