// The route table: the one list of pages, as the list of the kinds of page, in the order the site
// lists them. Writing dist/, the sitemap and the tests all read it. It imports no template: each
// kind's module (kinds/) says which pages of its kind exist and how each renders.
import type { SiteModel } from "../data/model.ts";
import type { Route } from "../site/page.ts";
import type { PageKindModule } from "./kind.ts";
import { contactKind } from "./kinds/contact.ts";
import { homeKind } from "./kinds/home.ts";
import { privacyKind } from "./kinds/privacy.ts";
import { serviceKind } from "./kinds/service.ts";
import { servicesKind } from "./kinds/services.ts";
import { townKind } from "./kinds/town.ts";
import { townsKind } from "./kinds/towns.ts";
import { serviceAreaMapOf } from "./map-picture.ts";

export { pageTitle } from "./kind.ts";
export { editedRoutes } from "./kinds/edited.ts";
export { notFoundRoute } from "./kinds/not-found.ts";
export { offlineRoute } from "./kinds/offline.ts";

/** Every kind of public page, in the order the site lists its pages. */
export const PAGE_KINDS: readonly PageKindModule[] = [
  homeKind,
  contactKind,
  servicesKind,
  serviceKind,
  townsKind,
  townKind,
  privacyKind,
];

/**
 * Every page of the site, each with its kind's name. `areaMap` draws the service-area map the first
 * time a page that shows it renders; generate passes the one it shares with the map's picture.
 */
export function buildRoutes(model: SiteModel, areaMap = serviceAreaMapOf(model), kinds = PAGE_KINDS): Route[] {
  return kinds.flatMap(({ kind, routes }) => routes({ model, areaMap }).map((page) => ({ ...page, kind })));
}

/**
 * Refuses two pages written to one file of dist/, naming both by kind, address and title: the
 * second would replace the first without a word, and a page the owner expects would be gone. Files
 * are compared, not addresses, because two addresses can name one file ("/" and "/index" are both
 * index.html) and the pages that are not public have a file but no address ("/404" is 404.html).
 * Astro (`detectRouteCollision`, core/routing/create-manifest.ts) only warns when two routes are
 * the same static route, and at build time keeps the route of higher priority when two prerender
 * one path, warning or failing as configured; Eleventy (`checkForDuplicatePermalinks`,
 * src/TemplateMap.js) throws when two templates write one output file, listing them. Here no kind
 * outranks another, so there is nothing to keep: the build stops, as Eleventy's does.
 */
export function refuseSharedFiles(pages: readonly Route[]): void {
  const byFile = new Map<string, Route>();
  const named = (page: Route) => `the ${page.kind} page at ${page.path} ("${page.meta.title}")`;
  for (const page of pages) {
    const first = byFile.get(page.file);
    if (first)
      throw new Error(
        `Two pages would be written to ${page.file}: ${named(first)} and ${named(page)}. Give each page an address of its own (scripts/pages/kinds/).`,
      );
    byFile.set(page.file, page);
  }
}
