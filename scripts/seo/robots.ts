// robots.txt: every page may be crawled, except the site editor, and the sitemap says where they are.
import { absoluteUrl, ADMIN_PATH } from "../site/urls.ts";

export function buildRobots(siteUrl: string, { preview = false }: { preview?: boolean } = {}): string {
  // A draft's preview may not be crawled at all.
  if (preview) return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\nDisallow: ${ADMIN_PATH}\n\nSitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}\n`;
}
