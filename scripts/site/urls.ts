// The site's addresses: which file in dist/ answers which URL path, and the other way round. This
// is the one copy of that rule. The route table writes each page where it says, the header policy
// names paths with it, and the local server, the dev server and the nginx config answer requests
// with it. Pure functions, no I/O.

/** The page every unknown path answers with, status 404. */
export const NOT_FOUND_FILE = "404.html";
/** The file that answers "/". */
const HOME_FILE = "index.html";
/** A page's file is its clean URL path plus this suffix: /towns/mattoon → towns/mattoon.html. */
const PAGE_SUFFIX = ".html";

/** "/" → "index.html", "/towns/mattoon" → "towns/mattoon.html": clean URLs on any static host. */
export function fileForPath(routePath: string): string {
  return routePath === "/" ? HOME_FILE : `${routePath.slice(1)}${PAGE_SUFFIX}`;
}

/** The clean URL path of a file in dist/: "index.html" → "/", "towns/paris.html" → "/towns/paris", "og/site.png" → "/og/site.png". */
function pathForFile(file: string): string {
  if (file === HOME_FILE) return "/";
  return `/${file.endsWith(PAGE_SUFFIX) ? file.slice(0, -PAGE_SUFFIX.length) : file}`;
}

/**
 * The files in dist/ that may answer a request for `urlPath`, first match wins: the page itself
 * ("/contact" → contact.html) or a file under its own name ("/sitemap.xml", "/contact.html").
 * `urlPath` is decoded and has passed the server's request guard.
 */
export function filesForRequest(urlPath: string): string[] {
  if (urlPath === "/") return [HOME_FILE];
  const named = urlPath.slice(1);
  return [named, `${named}${PAGE_SUFFIX}`];
}

/** The URL paths a file in dist/ answers: "towns/paris.html" → "/towns/paris" and "/towns/paris.html". */
export function urlPathsForFile(file: string): string[] {
  return [pathForFile(file), `/${file}`];
}

/** Whether a URL path names a page rather than a file such as /sitemap.xml or /favicon.svg. */
export function isPagePath(urlPath: string): boolean {
  const last = urlPath.split("/").pop() ?? "";
  return !last.includes(".") || last.endsWith(PAGE_SUFFIX);
}

export function servicePath(service: { key: string }): string {
  return `/services/${service.key}`;
}

export function townPath(town: { slug: string }): string {
  return `/towns/${town.slug}`;
}

/** The full address of a path on the public site: site.yaml's url plus the path. */
export function absoluteUrl(siteUrl: string, urlPath: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${urlPath}`;
}
