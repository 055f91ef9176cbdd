// /llms.txt (the llmstxt.org convention): a Markdown summary of the business for language
// models and answer engines, with a link to every page. Built from the data and the route table.
import { allTowns, joinList, townsByArea, type SiteModel } from "../data/model.ts";
import type { Town } from "../data/schema.ts";
import type { Route } from "../site/page.ts";
import { absoluteUrl, CONTACT_PATH } from "../site/urls.ts";

/** Markdown link text and URLs may not contain brackets or parentheses that end them early. */
const escapeLinkText = (text: string) => text.replace(/([[\]\\])/g, "\\$1");

function linkLine(route: Route, model: SiteModel): string {
  const url = absoluteUrl(model.business.url, route.path);
  return `- [${escapeLinkText(route.linkText)}](${url}): ${route.meta.description}`;
}

/** The service area's lines: the counties with the towns in them, then the towns beyond them. */
function serviceArea(business: SiteModel["business"], towns: readonly Town[]): string[] {
  const { inArea, beyond } = townsByArea(business, towns);
  const names = (list: readonly Town[]) => joinList(list.map((town) => town.name));
  const counties = `Based in ${business.address.city}, ${business.address.region} and serving ${joinList(business.counties)} counties in Central Illinois`;
  return [
    inArea.length > 0 ? `${counties}, including ${names(inArea)}.` : `${counties}.`,
    ...(beyond.length > 0 ? ["", `Beyond those counties, also taking on projects in ${names(beyond)}.`] : []),
  ];
}

export function buildLlmsTxt(routes: Route[], model: SiteModel): string {
  const { business } = model;
  const publicRoutes = routes.filter((route) => !route.meta.noindex);
  // Each page not listed under a heading of its own: by what it is about, a service, a town, or
  // anything else ("Pages": the site's own pages, and a feature's that give no heading).
  const about = (kind: "service" | "town" | "other") =>
    publicRoutes
      .filter((route) => !route.listedUnder)
      .filter(({ subject }) =>
        kind === "other" ? subject.kind !== "service" && subject.kind !== "town" : subject.kind === kind,
      )
      .map((route) => linkLine(route, model));
  const hours = business.hours.map((entry) => `${entry.dayRange} ${entry.timeRange}`);
  const contactUrl = absoluteUrl(business.url, CONTACT_PATH);

  const core = [
    `# ${business.name}`,
    "",
    `> ${business.tagline}. An excavation contractor based in ${business.address.city}, ${business.address.region}, for homeowners, farms, builders and small businesses. ${business.claims.map((claim) => `${claim.text}.`).join(" ")}`,
    "",
    `Services: ${joinList(model.services.map((service) => service.name))}.`,
    "",
    "## Service area",
    "",
    ...serviceArea(business, allTowns(model)),
    "",
    "## How to get an estimate",
    "",
    `Every estimate is free and comes with no obligation. Send the [estimate request form](${contactUrl}) and the estimate comes back ${business.estimatePromise}; projects typically start within days. Or call ${business.phone.display} (${joinList(hours)}).`,
    "",
    `Address: ${business.address.street}, ${business.address.city}, ${business.address.region} ${business.address.postalCode}.`,
    "",
    "## Pages",
    "",
    // Every page that is not one of a list below: a new kind of page too.
    ...about("other"),
    "",
    "## Services",
    "",
    ...about("service"),
    "",
    "## Towns",
    "",
    ...about("town"),
    "",
  ];
  const optional = [
    "## Optional",
    "",
    `- [Sitemap](${absoluteUrl(business.url, "/sitemap.xml")}): every page with the date its content last changed`,
    "",
  ];
  // The features' kinds of page under their own headings (a job's, "Projects"), in the routes'
  // order, before "Optional": only when there is such a page, so no heading over nothing.
  const headings = new Set(
    [...core, ...optional].filter((line) => line.startsWith("## ")).map((line) => line.slice(3)),
  );
  const listed = new Map<string, string[]>();
  for (const route of publicRoutes) {
    if (!route.listedUnder) continue;
    if (headings.has(route.listedUnder))
      throw new Error(`${route.path} is listed under "${route.listedUnder}", a heading /llms.txt has already`);
    listed.set(route.listedUnder, [...(listed.get(route.listedUnder) ?? []), linkLine(route, model)]);
  }
  return [...core, ...[...listed].flatMap(([heading, lines]) => [`## ${heading}`, "", ...lines, ""]), ...optional].join(
    "\n",
  );
}
