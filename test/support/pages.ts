// The pages a whole-site test visits: every route of the route table plus the not-found page,
// read from the real data so that pages added later are covered without touching the tests.
import { siteRoutes } from "../../scripts/features/index.ts";
import { loadData } from "../../scripts/data/load.ts";
import { buildModel, type SiteModel } from "../../scripts/data/model.ts";
import type { Route } from "../../scripts/site/page.ts";
import { DATA_FILES } from "../../scripts/data/schema.ts";
import { editedPath, fileForPath, servicePath, townPath } from "../../scripts/site/urls.ts";
import { projectPath, PROJECTS_PATH } from "../../scripts/features/jobs/urls.ts";
import { FIXTURE_JOBS, JOBS_SERVICE, JOBS_TOWN } from "./job-fixtures.ts";
import { DATA_DIR } from "./paths.ts";

export interface SitePage {
  /** The path to request; for the not-found page, an address no route answers. */
  path: string;
  /** Its kind's name (Route.kind), or "not-found". */
  kind: string;
  /** The HTTP status the server must answer with. */
  status: 200 | 404;
}

/**
 * The files of the pages the site editor's preview links open (pages/kinds/edited.ts): one per data
 * file, written beside the site's pages, not public.
 */
export const EDITED_FILES = Object.keys(DATA_FILES).map((name) => fileForPath(editedPath(name)));

/**
 * How many pages a build of `routes` writes besides the site editor's: the route table's, the
 * not-found page and the pages the editor's preview links open.
 */
export function pagesWritten(routes: readonly Route[]): number {
  return routes.length + 1 + EDITED_FILES.length;
}

/** An address that is not a route, so the server answers it with the not-found page. */
export const NOT_FOUND_PROBE = "/no-such-page";

export interface SitePages {
  model: SiteModel;
  routes: Route[];
  /** The public routes, then the not-found page. */
  pages: SitePage[];
  /** The first page of each kind: the set for checks too slow to run on every page. */
  representative: SitePage[];
}

export async function loadSitePages(): Promise<SitePages> {
  const model = buildModel(await loadData(DATA_DIR));
  const routes = siteRoutes(model);
  const pages: SitePage[] = [
    ...routes.map((route): SitePage => ({ path: route.path, kind: route.kind, status: 200 })),
    { path: NOT_FOUND_PROBE, kind: "not-found", status: 404 },
  ];
  const seen = new Set<string>();
  const representative = pages.filter((page) => !seen.has(page.kind) && seen.add(page.kind));
  return { model, routes, pages, representative };
}

/**
 * The pages that show jobs, in the shared build with the tests' jobs (support/site.ts,
 * sharedJobsBuild): the list, every job's page, and the home, town and service pages with a
 * "Recent work" section. The shipped data has no job, so the whole-site suites visit these there.
 */
export const JOB_PAGES: readonly SitePage[] = [
  { path: PROJECTS_PATH, kind: "projects", status: 200 },
  ...FIXTURE_JOBS.map((job): SitePage => ({ path: projectPath(job), kind: "project", status: 200 })),
  { path: "/", kind: "home", status: 200 },
  { path: townPath(JOBS_TOWN), kind: "town", status: 200 },
  { path: servicePath(JOBS_SERVICE), kind: "service", status: 200 },
];
