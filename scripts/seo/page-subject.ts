// What a route is about: the site as a whole, one service or one town. Open Graph, the preview
// image and the structured data all hang off this, so a page is matched to its data once.
import { allTowns, type SiteModel } from "../data/model.ts";
import type { Route } from "../site/page.ts";
import { servicePath, townPath } from "../site/urls.ts";
import type { Service, Town } from "../data/schema.ts";

export type PageSubject = { kind: "site" } | { kind: "service"; service: Service } | { kind: "town"; town: Town };

/**
 * Each service's and town's subject by its address, made once per model: every page asks for its
 * subject three or four times (structured data, link preview, llms.txt), and finding a town by
 * walking every town took 0.7 s of a build with 2,700 town pages.
 */
const subjectsOf = new WeakMap<SiteModel, Map<string, PageSubject>>();

function subjectsByPath(model: SiteModel): Map<string, PageSubject> {
  let subjects = subjectsOf.get(model);
  if (!subjects) {
    subjects = new Map();
    // The first of two with one address wins, as a search through the data would find it.
    for (const service of model.services) {
      const path = servicePath(service);
      if (!subjects.has(path)) subjects.set(path, { kind: "service", service });
    }
    for (const town of allTowns(model)) {
      const path = townPath(town);
      if (!subjects.has(path)) subjects.set(path, { kind: "town", town });
    }
    subjectsOf.set(model, subjects);
  }
  return subjects;
}

export function pageSubject(route: Pick<Route, "kind" | "path">, model: SiteModel): PageSubject {
  if (route.kind === "service" || route.kind === "town") {
    const subject = subjectsByPath(model).get(route.path);
    if (subject?.kind !== route.kind) throw new Error(`No ${route.kind} in the data for ${route.path}`);
    return subject;
  }
  return { kind: "site" };
}
