// The browser tab's icon: a file at the site's root, where browsers look for one, named by every
// page's <head>, the editor's page and its configuration. The build draws the shovel as the SVG
// (pages/assets.ts, buildFavicon) unless a feature that is on gives the tab's icon in its place
// (features/: the owner's icon, as an SVG or a PNG).
import { FAVICON_FILE, FAVICON_PATH, pathForFile } from "./urls.ts";

export interface Favicon {
  /** Its file in dist/, at the site's root. */
  file: string;
  /** Its address: "/favicon.svg". */
  path: string;
  type: string;
}

/** The tab's icon as an SVG: the drawn shovel, or a feature's in its place. */
export const SVG_FAVICON: Favicon = { file: FAVICON_FILE, path: FAVICON_PATH, type: "image/svg+xml" };

const PNG_FAVICON_FILE = "favicon.png";
/** The tab's icon as a PNG, a feature's. */
export const PNG_FAVICON: Favicon = { file: PNG_FAVICON_FILE, path: pathForFile(PNG_FAVICON_FILE), type: "image/png" };

/** The tab's icons a feature may give: their files are the one exception to its files' place under assets/ (features/index.ts). */
export const FAVICONS: readonly Favicon[] = [SVG_FAVICON, PNG_FAVICON];
