// sitemap.xml: every indexable route once, from the route table.
import type { Route } from "../site/page.ts";
import { absoluteUrl } from "../site/urls.ts";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every indexable route once, with the date the data last changed (YYYY-MM-DD). */
export function buildSitemap(routes: Route[], siteUrl: string, lastmod: string): string {
  const entries = routes
    .filter((route) => !route.meta.noindex)
    .map(
      (route) =>
        `  <url>\n    <loc>${escapeXml(absoluteUrl(siteUrl, route.path))}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}
