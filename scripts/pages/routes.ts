// The route table: the one list of pages, as the list of the kinds of page, in the order the site
// lists them. Writing dist/, the sitemap and the tests all read it. It imports no template: each
// kind's module (kinds/) says which pages of its kind exist and how each renders.
import type { SiteModel } from "../data/model.ts";
import type { Route } from "../site/page.ts";
import type { PageKindModule } from "./kind.ts";
import { contactKind } from "./kinds/contact.ts";
import { homeKind } from "./kinds/home.ts";
import { privacyKind } from "./kinds/privacy.ts";
import { projectKind } from "./kinds/project.ts";
import { projectsKind } from "./kinds/projects.ts";
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
  projectsKind,
  projectKind,
  privacyKind,
];

/**
 * Every page of the site. `areaMap` draws the service-area map the first time a page that shows it
 * renders; generate passes the one it shares with the map's picture.
 */
export function buildRoutes(model: SiteModel, areaMap = serviceAreaMapOf(model), kinds = PAGE_KINDS): Route[] {
  return kinds.flatMap((kind) => kind.routes({ model, areaMap }));
}
