// The business's own face, when site.yaml names a logo, an icon or an accent (fields.ts): what the
// brand feature adds to a build. The logo takes the shovel's and the name's place in every page's
// header (the "mark" place), on the preview cards, and in the structured data, with who the
// business is; it is served under /assets/brand/ and kept by the service worker from the first
// visit, as every page shows it. The icon is the browser tab's, at the site's root in place of the
// drawn shovel, and left to the network by the service worker as the shovel is. An SVG mark is
// served as the owner gave it, with a policy that lets it run and load nothing. The accent gives
// the colours made from it (data/accent.ts), set over palette.css's by the rules this feature adds
// to the pages' stylesheet, and the site's theme, which the core draws its cards and its shovel in.
// Without any of the three, nothing of this is in a build: the pages are byte for byte as before.
import path from "node:path";
import { filesReadBy } from "../../data/extension.ts";
import { bundleStylesheet } from "../../lib/bundle.ts";
import { BuildCache } from "../../lib/cache.ts";
import { SCRIPTS_DIR } from "../../lib/paths.ts";
import { CARD_MARK_HEIGHT } from "../../site/social.ts";
import { absoluteUrl, pathForFile } from "../../site/urls.ts";
import type { Feature, FeatureParts } from "../feature.ts";
import { accentPalette, type AccentPalette } from "./data/accent.ts";
import type { BrandImage } from "./data/marks.ts";
import { brandFields } from "./fields.ts";
import { faviconOf, iconContents, logoContents, logoFile, logoForCards, logoSize } from "./files.ts";

const FOLDER = path.join(SCRIPTS_DIR, "features", "brand");
/** What only an owner's accent or logo needs, in the pages' stylesheet only when site.yaml gives it. */
const ACCENT_STYLESHEET = path.join(FOLDER, "accent.css");
const LOGO_STYLESHEET = path.join(FOLDER, "logo.css");

/**
 * The colours made from site.yaml's accent (data/accent.ts), over palette.css's: the accent's, its
 * text's and its hover's, the links' and the focus ring's, and their twins in the dark sections;
 * accent.css uses the twin where palette.css draws the accent on the dark header and hero.
 */
function accentColours(palette: AccentPalette): string {
  const { accent, accentStrong, onAccent, link, onNight } = palette;
  return (
    `:root{--accent:${accent};--accent-strong:${accentStrong};--on-accent:${onAccent};--link:${link};--focus:${link};` +
    `--link-on-night:${onNight};--focus-on-night:${onNight}}`
  );
}

/** What the logo adds: its file, the header's mark, the cards' mark, the structured data's logo; kept by the worker, as every page shows it. */
async function logoParts(logo: BrandImage, alt: string, siteUrl: string, cache: BuildCache): Promise<FeatureParts> {
  const file = logoFile(logo);
  const { width, height } = logoSize(logo);
  // At the header's fixed height, its width and height set, so that nothing moves as it arrives; a
  // dark logo made for white paper on a light plate (data/marks.ts measures it).
  const mark = (
    <img
      className={logo.readsOnDark ? "brand-logo" : "brand-logo brand-logo-plate"}
      src={pathForFile(file)}
      width={width}
      height={height}
      alt={alt}
    />
  );
  return {
    files: new Map([[file, await logoContents(logo, cache)]]),
    ...(logo.format === "svg" ? { pictures: [file] } : {}),
    sections: () => ({ mark }),
    // Every page's header shows it, the offline page's too.
    keepFromStart: [pathForFile(file)],
    cardMark: {
      src: await logoForCards(logo, CARD_MARK_HEIGHT, cache),
      width: Math.round((CARD_MARK_HEIGHT * logo.width) / logo.height),
      height: CARD_MARK_HEIGHT,
      plated: !logo.readsOnDark,
    },
    businessFacts: { identity: { logo: absoluteUrl(siteUrl, pathForFile(file)) } },
  };
}

/** What the icon adds: the tab's icon in place of the shovel (which the worker leaves to the network, as it does the shovel). */
async function iconParts(icon: BrandImage, cache: BuildCache): Promise<FeatureParts> {
  const favicon = faviconOf(icon.file);
  return {
    favicon: { icon: favicon, contents: await iconContents(icon, cache) },
    ...(icon.format === "svg" ? { pictures: [favicon.file] } : {}),
  };
}

export const brand: Feature = {
  name: "brand",
  async parts({ model: { business }, kept, cache = new BuildCache(false) }) {
    const marks = filesReadBy(brandFields, business.filesRead) ?? {};
    const logo = business.logo ? marks.logo : undefined;
    const icon = business.icon !== undefined ? marks.icon : undefined;
    const palette = business.accent ? accentPalette(business.accent) : undefined;
    if (!logo && !icon && !palette) return undefined;
    const none: FeatureParts = {};
    const [accentCss, logoCss, ofLogo, ofIcon] = await Promise.all([
      palette ? bundleStylesheet([ACCENT_STYLESHEET], kept) : "",
      logo ? bundleStylesheet([LOGO_STYLESHEET], kept) : "",
      // Its words are the business name unless site.yaml says others.
      logo ? logoParts(logo, business.logo?.alt ?? business.name, business.url, cache) : none,
      icon ? iconParts(icon, cache) : none,
    ]);
    const pictures = [...(ofLogo.pictures ?? []), ...(ofIcon.pictures ?? [])];
    return {
      ...ofLogo,
      ...ofIcon,
      ...(pictures.length > 0 ? { pictures } : {}),
      css: `${palette ? `${accentColours(palette)}${accentCss}` : ""}${logoCss}`,
      ...(palette ? { theme: palette } : {}),
    };
  },
};
