// The route table: the one list of pages. Writing dist/, the sitemap and the tests all read it.
// The only module that imports templates/pages/: everything else knows a page by its Route.
import { createElement } from "react";
import { allTowns, joinList, type SiteModel } from "../data/model.ts";
import type { Service } from "../data/schema.ts";
import { DESCRIPTION_LENGTH, storySummary } from "../data/jobs.ts";
import { HomePage } from "../../templates/pages/HomePage.tsx";
import { ContactPage } from "../../templates/pages/ContactPage.tsx";
import { ServicesPage } from "../../templates/pages/ServicesPage.tsx";
import { ServicePage } from "../../templates/pages/ServicePage.tsx";
import { TownsPage } from "../../templates/pages/TownsPage.tsx";
import { TownPage } from "../../templates/pages/TownPage.tsx";
import { NotFoundPage } from "../../templates/pages/NotFoundPage.tsx";
import { OfflinePage } from "../../templates/pages/OfflinePage.tsx";
import { PrivacyPage } from "../../templates/pages/PrivacyPage.tsx";
import { ProjectsPage } from "../../templates/pages/ProjectsPage.tsx";
import { ProjectPage } from "../../templates/pages/ProjectPage.tsx";
import { serviceAreaMapOf } from "./map-picture.ts";
import type { Crumb, PageKind, PageMeta, PageSubject, Route } from "../site/page.ts";
import { heroImageOf } from "../site/photos.ts";
import {
  CONTACT_PATH,
  HOME_PATH,
  SERVICES_PATH,
  TOWNS_PATH,
  fileForPath,
  NOT_FOUND_FILE,
  PRIVACY_PATH,
  projectPath,
  PROJECTS_PATH,
  SERVICE_WORKER_FILE,
  servicePath,
  townPath,
} from "../site/urls.ts";

const MAX_TITLE = 60;

/** The page's own title, followed by the business name when both fit in 60 characters. */
export function pageTitle(base: string, businessName: string): string {
  const full = `${base} | ${businessName}`;
  return full.length <= MAX_TITLE ? full : base;
}

/** The subject of every page that is about the business as a whole. */
const SITE: PageSubject = { kind: "site" };

const HOME: Crumb = { name: "Home", path: HOME_PATH };
const SERVICES: Crumb = { name: "Services", path: SERVICES_PATH };
const TOWNS: Crumb = { name: "Service Area", path: TOWNS_PATH };
const PROJECTS: Crumb = { name: "Projects", path: PROJECTS_PATH };

/**
 * Every page of the site. `areaMap` draws the service-area map the first time a page that shows it
 * renders; generate passes the one it shares with the map's picture.
 */
export function buildRoutes(model: SiteModel, areaMap = serviceAreaMapOf(model)): Route[] {
  const { business } = model;
  const title = (base: string) => pageTitle(base, business.name);
  const page = (
    routePath: string,
    kind: PageKind,
    meta: Omit<PageMeta, "noindex">,
    breadcrumbs: Crumb[],
    render: Route["render"],
    hero?: Route["hero"],
    subject: PageSubject = SITE,
  ): Route => ({
    path: routePath,
    file: fileForPath(routePath),
    kind,
    meta: { ...meta, noindex: false },
    breadcrumbs,
    subject,
    render,
    ...(hero ? { hero } : {}),
  });

  const routes: Route[] = [
    page(
      HOME_PATH,
      "home",
      {
        title: title(`Excavation in ${business.address.city}, ${business.address.region}`),
        description: `Locally owned excavation contractor in ${business.address.city}, IL: drainage, grading, site prep, basements and more across Central Illinois. Free estimates.`,
      },
      [],
      (shell) => createElement(HomePage, { shell, model, map: areaMap() }),
      heroImageOf(business.hero, model.photos),
    ),
    page(
      CONTACT_PATH,
      "contact",
      {
        title: title(`Free Excavation Estimate in ${business.address.city}, IL`),
        description: `Request a free, no-obligation excavation estimate from ${business.name}. Send the form for an estimate ${business.estimatePromise}, or call ${business.phone.display}.`,
      },
      [HOME, { name: "Contact", path: CONTACT_PATH }],
      (shell) => createElement(ContactPage, { shell, model }),
    ),
    page(
      SERVICES_PATH,
      "services",
      {
        title: title("Excavation Services in Central IL"),
        description: servicesDescription(model.services),
      },
      [HOME, SERVICES],
      (shell) => createElement(ServicesPage, { shell, model }),
    ),
    ...model.services.map((service) =>
      page(
        servicePath(service),
        "service",
        { title: title(`${service.name} in Central IL`), description: service.description },
        [HOME, SERVICES, { name: service.name, path: servicePath(service) }],
        (shell) => createElement(ServicePage, { shell, model, service }),
        heroImageOf(service.hero, model.photos),
        { kind: "service", service },
      ),
    ),
    page(
      TOWNS_PATH,
      "towns",
      {
        title: title("Excavation Service Area in Central IL"),
        description: `Towns we serve from ${business.address.city}: ${joinList(business.counties)} counties and nearby Central Illinois communities.`,
      },
      [HOME, TOWNS],
      (shell) => createElement(TownsPage, { shell, model, map: areaMap() }),
    ),
    ...allTowns(model).map((town) =>
      page(
        townPath(town),
        "town",
        { title: title(`Excavation Services in ${town.name}, IL`), description: town.description },
        [HOME, TOWNS, { name: town.name, path: townPath(town) }],
        (shell) => createElement(TownPage, { shell, model, town }),
        heroImageOf(town.hero, model.photos),
        { kind: "town", town },
      ),
    ),
    // The jobs done: a list and a page each, only when the owner has given a job.
    ...(model.jobs.length === 0
      ? []
      : [
          page(
            PROJECTS_PATH,
            "projects",
            {
              title: title("Recent Excavation Projects in Central IL"),
              description: `Jobs ${business.name} has done across Central Illinois, newest first: the ground, the work and what it fixed, with photos.`,
            },
            [HOME, PROJECTS],
            (shell) => createElement(ProjectsPage, { shell, model }),
          ),
          ...model.jobs.map((job) =>
            page(
              projectPath(job),
              "project",
              { title: title(job.title), description: jobDescription(job.story, job.townPage.name) },
              [HOME, PROJECTS, { name: job.title, path: projectPath(job) }],
              (shell) => createElement(ProjectPage, { shell, model, job }),
              undefined,
              { kind: "job", job },
            ),
          ),
        ]),
    page(
      PRIVACY_PATH,
      "privacy",
      {
        title: title("Privacy Policy"),
        description: `How ${business.name}'s website, estimate form, calls and texts handle your information, and how to stop texts.`,
      },
      [HOME, { name: "Privacy Policy", path: PRIVACY_PATH }],
      (shell) => createElement(PrivacyPage, { shell, facts: model.privacy.facts, updated: model.privacy.updated }),
    ),
  ];
  return routes;
}

/**
 * A job page's meta description: the start of its story, after the town when the story does not
 * name it (a search result then says where), within the characters results show (DESCRIPTION_LENGTH).
 */
function jobDescription(story: string, town: string): string {
  if (story.includes(town)) return storySummary(story);
  const lead = `${town}, IL: `;
  return `${lead}${storySummary(story, DESCRIPTION_LENGTH - lead.length)}`;
}

/**
 * The services index's meta description, from services.yaml: the services' labels in the data's
 * order, as many whole as fit in the characters results show (DESCRIPTION_LENGTH), then "and more".
 */
function servicesDescription(services: readonly Service[]): string {
  const where = " in Central Illinois.";
  const labels = services.map((service) => service.label);
  for (let count = labels.length; count > 1; count--) {
    const shown = count === labels.length ? labels : [...labels.slice(0, count), "more"];
    const description = `${joinList(shown)}${where}`;
    if (description.length <= DESCRIPTION_LENGTH) return description;
  }
  return `${labels[0]} and more${where}`;
}

/** The not-found page, served for every unknown path. It is not a public route. */
export function notFoundRoute(model: SiteModel): Route {
  return {
    path: "/404",
    file: NOT_FOUND_FILE,
    kind: "not-found",
    meta: {
      title: pageTitle("Page Not Found", model.business.name),
      description: `The page you asked for does not exist. Find excavation services and the towns ${model.business.name} serves in Central Illinois.`,
      noindex: true,
    },
    breadcrumbs: [],
    subject: SITE,
    render: (shell) => createElement(NotFoundPage, { shell, model }),
  };
}

/**
 * The offline page: what the service worker shows for a page it has not kept when there is no
 * network. It has no address and no file of its own; it is written into the worker (SERVICE_WORKER_FILE).
 */
export function offlineRoute(model: SiteModel): Route {
  return {
    path: "/offline",
    file: SERVICE_WORKER_FILE,
    kind: "offline",
    meta: {
      title: pageTitle("You Are Offline", model.business.name),
      description: `No connection: call or text ${model.business.name} for a free excavation estimate in Central Illinois.`,
      noindex: true,
    },
    breadcrumbs: [],
    subject: SITE,
    render: (shell) => createElement(OfflinePage, { shell, model }),
  };
}
