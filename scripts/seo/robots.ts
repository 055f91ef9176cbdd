// robots.txt: every page may be crawled, except the site editor, and the sitemap says where they are.
import { absoluteUrl, ADMIN_PATH } from "../site/urls.ts";

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: ${ADMIN_PATH}\n\nSitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}\n`;
}
