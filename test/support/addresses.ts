// What every server the project ships answers for each kind of address: one address per page,
// its other names redirected there, and no page at all for the rest (site/urls.ts, answerFor).
export interface AddressCase {
  path: string;
  status: 200 | 301 | 404;
  /** Where a 301 sends the visitor. */
  location?: string;
}

export const ADDRESS_CASES: readonly AddressCase[] = [
  { path: "/", status: 200 },
  { path: "/contact", status: 200 },
  { path: "/towns/mattoon", status: 200 },
  { path: "/services", status: 200 },
  { path: "/contact?utm_source=card", status: 200 },
  { path: "/index", status: 301, location: "/" },
  { path: "/index.html", status: 301, location: "/" },
  { path: "/contact.html", status: 301, location: "/contact" },
  { path: "/towns/mattoon.html", status: 301, location: "/towns/mattoon" },
  { path: "/services.html?x=1", status: 301, location: "/services?x=1" },
  { path: "/404", status: 404 },
  { path: "/404.html", status: 404 },
  { path: "/towns/nowhere.html", status: 404 },
  { path: "/towns/nowhere", status: 404 },
  { path: "/towns/", status: 404 },
  { path: "/index.html.gz", status: 404 },
  { path: "/contact.html.br", status: 404 },
  { path: "/_redirects", status: 404 },
  { path: "/sitemap.xml", status: 200 },
  { path: "/og/site.png", status: 200 },
  { path: "/favicon.svg", status: 200 },
  { path: "/admin/", status: 200 },
  { path: "/admin/config.yml", status: 200 },
  { path: "/admin", status: 301, location: "/admin/" },
  { path: "/admin/index.html", status: 301, location: "/admin/" },
  { path: "/admin/index", status: 301, location: "/admin/" },
  { path: "/admin/nothing", status: 404 },
];
