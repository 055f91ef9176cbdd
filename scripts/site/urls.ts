// The site's addresses: which file in dist/ answers which URL path, and the other way round. This
// is the one copy of that rule. The route table writes each page where it says, the header policy
// names paths with it, and the local server, the dev server and the nginx config answer requests
// with it. Pure functions, no I/O.

/** The page every unknown path answers with, status 404. */
export const NOT_FOUND_FILE = "404.html";
/** The file that answers "/". */
export const HOME_FILE = "index.html";
/** The folder of the site editor in dist/, its one address, and the file that answers there. */
export const ADMIN_DIR = "admin/";
export const ADMIN_PATH = "/admin/";
export const ADMIN_FILE = `${ADMIN_DIR}${HOME_FILE}`;
/** Other names of the editor's address, redirected there: its folder without the slash, its file. */
export const ADMIN_ALIASES = [ADMIN_PATH.slice(0, -1), `/${ADMIN_FILE}`, `/${ADMIN_DIR}index`] as const;

/** The home page. */
export const HOME_PATH = "/";

/** The home page's contact section, which the closing bands and the town and service pages link to. */
export const CONTACT_SECTION_HREF = `${HOME_PATH}#contact`;

/** The contact page, with the estimate form: kept for offline use from the first visit. */
export const CONTACT_PATH = "/contact";

/** The services index, and each service's page below it. */
export const SERVICES_PATH = "/services";

/** The service-area index, and each town's page below it. */
export const TOWNS_PATH = "/towns";

/** The privacy policy, linked from every page's footer. */
export const PRIVACY_PATH = "/privacy";

/**
 * The service worker (browser/service-worker.ts, built by pages/service-worker.ts): at the root, so that it sees
 * every page. Served like any file; the dev server answers here with one that removes itself.
 */
export const SERVICE_WORKER_FILE = "sw.js";
export const SERVICE_WORKER_PATH = `/${SERVICE_WORKER_FILE}`;

/** A page's file is its clean URL path plus this suffix: /towns/mattoon → towns/mattoon.html. */
export const PAGE_SUFFIX = ".html";

/** "/" → "index.html", "/towns/mattoon" → "towns/mattoon.html": clean URLs on any static host. */
export function fileForPath(routePath: string): string {
  return routePath === HOME_PATH ? HOME_FILE : `${routePath.slice(1)}${PAGE_SUFFIX}`;
}

/** The clean URL path of a file in dist/: "index.html" → "/", "towns/paris.html" → "/towns/paris", "og/site.png" → "/og/site.png". */
export function pathForFile(file: string): string {
  if (file === HOME_FILE) return HOME_PATH;
  if (file === ADMIN_FILE) return ADMIN_PATH;
  return `/${file.endsWith(PAGE_SUFFIX) ? file.slice(0, -PAGE_SUFFIX.length) : file}`;
}

/** The files generate writes beside each text file; they are served in place of it, never at an address of their own. */
const COMPRESSED_SIBLING = /\.(?:br|gz)$/;

/**
 * What a request for `urlPath` gets, before anyone looks at the disk. Every page has one address:
 * its clean path. Its file's own name ("/contact.html", "/index.html") and "/index" redirect there
 * with a 301, when that file exists; the not-found page has no address at all ("/404",
 * "/404.html"), and neither have the precompressed siblings. Any other path names a file under its
 * own name ("/sitemap.xml"). A page's address with a slash added redirects to it. The site editor
 * is a folder: "/admin/" is its address, and "/admin", "/admin/index.html" and "/admin/index"
 * redirect there. `urlPath` is decoded and has passed the server's request guard.
 */
export type RequestAnswer =
  { kind: "file"; file: string } | { kind: "redirect"; location: string; ifFile: string } | { kind: "not-found" };

export function answerFor(urlPath: string): RequestAnswer {
  if (urlPath === "/") return { kind: "file", file: HOME_FILE };
  if (urlPath.endsWith("/") && urlPath !== ADMIN_PATH) return answerForSlashed(urlPath);
  if (urlPath === ADMIN_PATH) return { kind: "file", file: ADMIN_FILE };
  if ((ADMIN_ALIASES as readonly string[]).includes(urlPath)) {
    return { kind: "redirect", location: ADMIN_PATH, ifFile: ADMIN_FILE };
  }
  const named = urlPath.slice(1);
  if (COMPRESSED_SIBLING.test(named)) return { kind: "not-found" };
  const page = named.endsWith(PAGE_SUFFIX) ? named : isPagePath(urlPath) ? `${named}${PAGE_SUFFIX}` : undefined;
  if (page === undefined) return { kind: "file", file: named };
  if (page === NOT_FOUND_FILE) return { kind: "not-found" };
  const canonical = pathForFile(page);
  return canonical === urlPath ? { kind: "file", file: page } : { kind: "redirect", location: canonical, ifFile: page };
}

/**
 * A page's address with a slash added ("/contact/", "/towns/") is another name of the page, and
 * redirects to it; a slash after anything else (a file, the page's file name, an unknown path)
 * names nothing.
 */
function answerForSlashed(urlPath: string): RequestAnswer {
  const bare = urlPath.slice(0, -1);
  const answer = bare.endsWith("/") ? undefined : answerFor(bare);
  if (answer?.kind === "file" && isSitePageFile(answer.file)) {
    return { kind: "redirect", location: bare, ifFile: answer.file };
  }
  return { kind: "not-found" };
}

/** Whether a file in dist/ is a page of the site: HTML, and not the site editor's own page. */
export function isSitePageFile(file: string): boolean {
  return file.endsWith(PAGE_SUFFIX) && !file.startsWith(ADMIN_DIR);
}

/** Whether a URL path names a page (or a page's file) rather than a file such as /sitemap.xml or /favicon.svg, or the site editor. */
export function isPagePath(urlPath: string): boolean {
  if (urlPath === ADMIN_PATH) return false;
  const last = urlPath.split("/").pop() ?? "";
  return !last.includes(".") || last.endsWith(PAGE_SUFFIX);
}

export function servicePath(service: { key: string }): string {
  return `${SERVICES_PATH}/${service.key}`;
}

export function townPath(town: { slug: string }): string {
  return `${TOWNS_PATH}/${town.slug}`;
}

/**
 * Where the site editor's "View Preview" and "View on Live Site" go for each data file (admin/'s
 * preview_path): a page that sends the browser on to the page a change to that file is on. In a
 * draft's preview, the page the draft changed (the town's page for a town row); elsewhere, the
 * file's own page.
 */
export function editedPath(dataFile: string): string {
  return `/edited/${dataFile}`;
}

/** The full address of a path on the public site: site.yaml's url plus the path. */
export function absoluteUrl(siteUrl: string, urlPath: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${urlPath}`;
}

/** The service-area map as a picture (the home page's), and its address. */
/** The site's icon, for browser tabs, bookmarks and search results. */
export const FAVICON_FILE = "favicon.svg";
export const FAVICON_PATH = pathForFile(FAVICON_FILE);

export const SERVICE_AREA_MAP_FILE = "service-area-map.svg";
export const SERVICE_AREA_MAP_PATH = pathForFile(SERVICE_AREA_MAP_FILE);
