// What every kind of page shares: a kind's module (kinds/) says which pages of its kind the model
// has and how each renders; `pageRoute()` makes one page's Route from what the module knows of it,
// and the list of kinds (routes.ts) adds the kind's name, which its module says once.
import type { SiteModel } from "../data/model.ts";
import type { ServiceAreaMapData } from "../map/service-area.ts";
import type { Crumb, PageMeta, PageSubject, Route } from "../site/page.ts";
import { fileForPath, HOME_PATH } from "../site/urls.ts";

/** What a kind's pages are made from: the model, and the service-area map, drawn when a page first shows it. */
interface KindContext {
  model: SiteModel;
  areaMap: () => ServiceAreaMapData;
}

/** A page as its kind's module makes it: its Route but for the kind's name, which the list of kinds adds. */
export type KindPage = Omit<Route, "kind">;

/** One kind of page: its name, and which pages of it exist, each with its address, head, subject and render. */
export interface PageKindModule {
  /** Said here only: the list of kinds gives it to each of the kind's pages (`Route.kind`). */
  kind: string;
  routes(context: KindContext): KindPage[];
}

const MAX_TITLE = 60;

/** The page's own title, followed by the business name when both fit in 60 characters. */
export function pageTitle(base: string, businessName: string): string {
  const full = `${base} | ${businessName}`;
  return full.length <= MAX_TITLE ? full : base;
}

/** The longest meta description search results show in full. */
export const DESCRIPTION_LENGTH = 160;

/** The home page's crumb, first on every other public page. */
export const HOME_CRUMB: Crumb = { name: "Home", path: HOME_PATH };

/** What a page is about when it is about the business as a whole. */
const SITE_SUBJECT: PageSubject = { kind: "site" };

/**
 * A public page's Route: its file from its address (site/urls.ts), indexed; about the site, with
 * no JSON-LD of its own and linked from /llms.txt by its last crumb, unless told otherwise.
 */
export function pageRoute(page: {
  path: string;
  meta: Omit<PageMeta, "noindex">;
  breadcrumbs: Crumb[];
  render: Route["render"];
  hero?: Route["hero"];
  subject?: PageSubject;
  jsonLd?: Route["jsonLd"];
  linkText?: string;
  listedUnder?: string;
}): KindPage {
  const { path, meta, breadcrumbs, render, hero, subject = SITE_SUBJECT } = page;
  return {
    path,
    file: fileForPath(path),
    meta: { ...meta, noindex: false },
    breadcrumbs,
    subject,
    jsonLd: page.jsonLd ?? (() => []),
    linkText: page.linkText ?? breadcrumbs.at(-1)?.name ?? meta.title,
    render,
    ...(hero ? { hero } : {}),
    ...(page.listedUnder ? { listedUnder: page.listedUnder } : {}),
  };
}

/** A page that is not public (the not-found and offline pages): not indexed, not listed, no crumbs and no JSON-LD. */
export function hiddenRoute(page: {
  path: string;
  file: string;
  kind: string;
  meta: Omit<PageMeta, "noindex">;
  render: Route["render"];
}): Route {
  const { path, file, kind, meta, render } = page;
  return {
    path,
    file,
    kind,
    meta: { ...meta, noindex: true },
    breadcrumbs: [],
    subject: SITE_SUBJECT,
    jsonLd: () => [],
    linkText: meta.title,
    render,
  };
}
