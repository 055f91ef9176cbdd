// What a route is about: the site as a whole, one service or one town. Open Graph, the preview
// image and the structured data all hang off this.
import { allTowns, type SiteModel } from "../data/model.ts";
import type { Route } from "../site/page.ts";
import { servicePath, townPath } from "../site/urls.ts";
import type { Service, Town } from "../data/schema.ts";

export type PageSubject = { kind: "site" } | { kind: "service"; service: Service } | { kind: "town"; town: Town };

/**
 * The service or town whose page is at `path`; the first of two with one address, as a search
 * through the data finds it.
 */
function subjectAt(path: string, model: SiteModel): PageSubject | undefined {
  const service = model.services.find((candidate) => servicePath(candidate) === path);
  if (service) return { kind: "service", service };
  const town = allTowns(model).find((candidate) => townPath(candidate) === path);
  return town ? { kind: "town", town } : undefined;
}

export function pageSubject(route: Pick<Route, "kind" | "path">, model: SiteModel): PageSubject {
  if (route.kind === "service" || route.kind === "town") {
    const subject = subjectAt(route.path, model);
    if (subject?.kind !== route.kind) throw new Error(`No ${route.kind} in the data for ${route.path}`);
    return subject;
  }
  return { kind: "site" };
}
