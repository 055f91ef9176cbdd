// robots.txt: every page may be crawled, and the sitemap says where they are.
import { absoluteUrl } from "../site/urls.ts";

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}\n`;
}
