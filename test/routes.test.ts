// The route table is the one list of pages: a page per row of the data besides the fixed pages and
// the privacy policy (the spec's exact 43 routes are checked on the spec's data in data.test.ts),
// clean URLs, the spec's rules.
import { describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { buildModel, joinList, otherServices, formatTime } from "../scripts/data/model.ts";
import { createElement } from "react";
import { buildRoutes, notFoundRoute, PAGE_KINDS, pageTitle } from "../scripts/pages/routes.ts";
import { HOME_CRUMB, pageRoute, type PageKindModule } from "../scripts/pages/kind.ts";
import { buildAssets } from "../scripts/pages/assets.ts";
import { renderRoute } from "../scripts/pages/render.ts";
import { iconsUsed } from "../scripts/pages/icons.ts";
import { loadIcons } from "../scripts/data/icons.ts";
import { iconDrawings } from "../templates/parts/icon-drawing.ts";
import { pageHeadFor } from "../scripts/seo/head.ts";
import { buildLlmsTxt } from "../scripts/seo/llms-txt.ts";
import { buildSitemap } from "../scripts/seo/sitemap.ts";
import type { PageKind, Route } from "../scripts/site/page.ts";
import { Layout } from "../templates/Layout.tsx";
import { fileForPath } from "../scripts/site/urls.ts";
import { DATA_DIR, SPEC_DATA_DIR } from "./support/paths.ts";

describe("the route table", async () => {
  const model = buildModel(await loadData(DATA_DIR));
  const routes = buildRoutes(model);

  it("has a page for each service and town, the fixed pages and the privacy policy, each once", () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.at(-1)).toBe("/privacy");
    expect(paths.slice(0, 3)).toEqual(["/", "/contact", "/services"]);
    expect(paths).toContain("/towns");
    expect(paths.filter((p) => p.startsWith("/services/"))).toHaveLength(model.services.length);
    expect(paths.filter((p) => p.startsWith("/towns/"))).toHaveLength(model.towns.length + model.alsoServing.length);
    expect(paths).toHaveLength(5 + model.services.length + model.towns.length + model.alsoServing.length);
  });

  it("writes clean URLs as .html files a static host serves without redirects", () => {
    expect(fileForPath("/")).toBe("index.html");
    expect(fileForPath("/services")).toBe("services.html");
    expect(fileForPath("/towns/mt-zion")).toBe("towns/mt-zion.html");
    for (const route of routes.slice(1)) expect(route.path).toMatch(/^(\/[a-z0-9-]+)+$/);
  });

  it("describes the services index from services.yaml: its labels in order, as many whole as fit in 160 characters", () => {
    const description = routes.find((route) => route.path === "/services")!.meta.description;
    expect(description.length).toBeLessThanOrEqual(160);
    const listed = description
      .replace(/ and more in Central Illinois\.$| in Central Illinois\.$/, "")
      .split(/, | and /);
    expect(listed.length).toBeGreaterThan(3);
    expect(listed).toEqual(model.services.slice(0, listed.length).map((service) => service.label));
    const fewer = buildRoutes({ ...model, services: model.services.slice(0, 3) });
    expect(fewer.find((route) => route.path === "/services")!.meta.description).toBe(
      `${joinList(model.services.slice(0, 3).map((service) => service.label))} in Central Illinois.`,
    );
  });

  it("keeps the not-found page out of the public routes", () => {
    const notFound = notFoundRoute(model);
    expect(notFound.file).toBe("404.html");
    expect(notFound.meta.noindex).toBe(true);
    expect(routes.some((route) => route.file === "404.html")).toBe(false);
  });

  it("gives every page a unique title of at most 60 characters", () => {
    const titles = routes.map((route) => route.meta.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title.length, title).toBeLessThanOrEqual(60);
  });

  it("shows breadcrumbs that end at the page itself, except on the home page", () => {
    for (const route of routes) {
      if (route.path === "/") expect(route.breadcrumbs).toEqual([]);
      else expect(route.breadcrumbs.at(-1)?.path).toBe(route.path);
    }
  });
});

describe("otherServices", async () => {
  // The spec's services, in the spec's order: the owner may reorder data/'s.
  const { services } = buildModel(await loadData(SPEC_DATA_DIR));

  it("lists the first four services other than the current one, in the data's order", () => {
    const keys = (key: string) => otherServices(services, key).map((service) => service.key);
    expect(keys("drainage-system")).toEqual(["culvert", "ditch", "erosion-control", "retention-pond"]);
    expect(keys("ditch")).toEqual(["drainage-system", "culvert", "erosion-control", "retention-pond"]);
    expect(keys("road-building")).toEqual(["drainage-system", "culvert", "ditch", "erosion-control"]);
  });

  it("never lists more than four, nor the current service", () => {
    for (const service of services) {
      const others = otherServices(services, service.key);
      expect(others).toHaveLength(4);
      expect(others.map((other) => other.key)).not.toContain(service.key);
    }
  });
});

describe("small formatting rules", () => {
  it("appends the business name to a title only when it fits", () => {
    expect(pageTitle("Contact", "Central Illinois Excavating")).toBe("Contact | Central Illinois Excavating");
    expect(pageTitle("Excavation Services in Champaign, IL", "Central Illinois Excavating")).toBe(
      "Excavation Services in Champaign, IL",
    );
  });

  it("writes times and lists the American way", () => {
    expect(formatTime("07:00")).toBe("7:00 a.m.");
    expect(formatTime("12:00")).toBe("noon");
    expect(formatTime("17:00")).toBe("5:00 p.m.");
    expect(joinList(["Coles", "Shelby", "Clark"])).toBe("Coles, Shelby and Clark");
    expect(joinList(["Coles"])).toBe("Coles");
  });
});

describe("a new kind of page", async () => {
  const model = buildModel(await loadData(DATA_DIR));
  // A small kind, as the pages README says to add one: a module, a template (here, inline) and a
  // line in the list of kinds. Its page is about the business as a whole, so seo/ needs nothing.
  const questionsKind: PageKindModule = {
    kind: "questions" as PageKind,
    routes: ({ model: site }) => [
      pageRoute({
        path: "/questions",
        kind: "questions" as PageKind,
        meta: {
          title: pageTitle("Questions", site.business.name),
          description: "Every question we are asked, answered.",
        },
        breadcrumbs: [HOME_CRUMB, { name: "Questions", path: "/questions" }],
        render: (shell) =>
          createElement(Layout, {
            shell,
            children: [
              createElement("h1", { key: "title" }, "Questions"),
              ...site.homeFaqs.map((faq) => createElement("h2", { key: faq.question }, faq.question)),
            ],
          }),
      }),
    ],
  };
  const routes = buildRoutes(model, undefined, [...PAGE_KINDS, questionsKind]);

  it("takes one module and one line in the list: its page is routed, written, in the sitemap and llms.txt", async () => {
    const route = routes.at(-1)!;
    expect([route.path, route.file, route.subject]).toEqual(["/questions", "questions.html", { kind: "site" }]);
    const html = renderRoute(route, {
      business: model.business,
      assets: await buildAssets(model.business),
      year: 2026,
      icons: iconDrawings(await loadIcons(iconsUsed(model))),
      headFor: pageHeadFor(model),
    });
    expect(html).toContain("<h1>Questions</h1>");
    expect(html).toContain(`<link rel="canonical" href="${model.business.url}/questions"/>`);
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(buildSitemap(routes, model.business.url, "2026-01-01")).toContain(
      `<loc>${model.business.url}/questions</loc>`,
    );
    expect(buildLlmsTxt(routes, model)).toContain(
      `- [Questions](${model.business.url}/questions): Every question we are asked, answered.`,
    );
    // The other pages are as they were.
    const described = (list: Route[]) =>
      list.map(({ render: _render, jsonLd, ...rest }) => ({
        ...rest,
        jsonLd: jsonLd(`${model.business.url}${rest.path}`),
      }));
    expect(described(routes.slice(0, -1))).toEqual(described(buildRoutes(model)));
  });
});
