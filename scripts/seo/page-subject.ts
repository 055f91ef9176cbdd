// What a route is about: the site as a whole, one service, one town or one job. Open Graph, the
// preview image and the structured data all hang off this.
import { allTowns, type SiteModel } from "../data/model.ts";
import type { Route } from "../site/page.ts";
import { projectPath, servicePath, townPath } from "../site/urls.ts";
import type { Job, Service, Town } from "../data/schema.ts";

export type PageSubject =
  { kind: "site" } | { kind: "service"; service: Service } | { kind: "town"; town: Town } | { kind: "job"; job: Job };

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
  if (route.kind === "project") {
    const job = model.jobs.find((candidate) => projectPath(candidate) === route.path);
    if (!job) throw new Error(`No job in the data for ${route.path}`);
    return { kind: "job", job };
  }
  if (route.kind === "service" || route.kind === "town") {
    const subject = subjectAt(route.path, model);
    if (subject?.kind !== route.kind) throw new Error(`No ${route.kind} in the data for ${route.path}`);
    return subject;
  }
  return { kind: "site" };
}
