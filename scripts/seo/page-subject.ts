// What a route is about: the site as a whole, one service or one town. Open Graph, the preview
// image and the structured data all hang off this, so a page is matched to its data once.
import { allTowns, type SiteModel } from "../data/model.ts";
import type { Route } from "../site/page.ts";
import { servicePath, townPath } from "../site/urls.ts";
import type { Service, Town } from "../data/schema.ts";

export type PageSubject = { kind: "site" } | { kind: "service"; service: Service } | { kind: "town"; town: Town };

export function pageSubject(route: Pick<Route, "kind" | "path">, model: SiteModel): PageSubject {
  if (route.kind === "service") {
    const service = model.services.find((candidate) => servicePath(candidate) === route.path);
    if (!service) throw new Error(`No service in the data for ${route.path}`);
    return { kind: "service", service };
  }
  if (route.kind === "town") {
    const town = allTowns(model).find((candidate) => townPath(candidate) === route.path);
    if (!town) throw new Error(`No town in the data for ${route.path}`);
    return { kind: "town", town };
  }
  return { kind: "site" };
}
