// The route table is the one list of pages: a page per row of the data besides the fixed pages and
// the privacy policy (the spec's exact 43 routes are checked on the spec's data in data.test.ts),
// clean URLs, the spec's rules.
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { allTowns, buildModel, joinList, otherServices, formatTime } from "../scripts/data/model.ts";
import { createElement } from "react";
import {
  buildRoutes,
  editedRoutes,
  notFoundRoute,
  PAGE_KINDS,
  pageTitle,
  refuseSharedFiles,
} from "../scripts/pages/routes.ts";
import { DATA_FILES, type DataFileName } from "../scripts/data/schema.ts";
import { HOME_CRUMB, pageRoute, type PageKindModule } from "../scripts/pages/kind.ts";
import { buildAssets } from "../scripts/pages/assets.ts";
import { renderRoute } from "../scripts/pages/render.ts";
import { iconsUsed } from "../scripts/pages/icons.ts";
import { loadIcons } from "../scripts/data/icons.ts";
import { iconDrawings } from "../templates/parts/icon-drawing.ts";
import { pageHeadFor } from "../scripts/seo/head.ts";
import { buildLlmsTxt } from "../scripts/seo/llms-txt.ts";
import { buildSitemap } from "../scripts/seo/sitemap.ts";
import type { Route } from "../scripts/site/page.ts";
import { fileForPath } from "../scripts/site/urls.ts";
import { DATA_DIR, ROOT, SPEC_DATA_DIR } from "./support/paths.ts";
import { fencedBlocks, readGuide } from "./support/readme.ts";
import { shadowProject, typeErrors } from "./support/shadow-project.ts";

describe("the route table", async () => {
  const model = buildModel(await loadData(DATA_DIR));
  const routes = buildRoutes(model);

  it("has a page for each service and town, the fixed pages and the privacy policy, each once", () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.at(-1)).toBe("/privacy");
    expect(paths.slice(0, 3)).toEqual(["/", "/contact", "/services"]);
    expect(paths).toContain("/towns");
    const fixed = ["/", "/contact", "/services", "/towns", "/privacy"];
    const rows = [
      ...model.services.map((service) => `/services/${service.key}`),
      ...allTowns(model).map((town) => `/towns/${town.slug}`),
    ];
    expect(paths).toEqual(expect.arrayContaining([...fixed, ...rows]));
    expect(paths).toHaveLength(fixed.length + rows.length);
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

/**
 * The pages README's new kind of page, as written there: each block starts with the file it is
 * (`// scripts/pages/kinds/questions.ts`); the block of routes.ts holds its import and its line in
 * PAGE_KINDS, added here as a reader would add them (the line last, so the page is listed last).
 */
async function readmeKind(): Promise<{ files: Record<string, string>; blocks: string[] }> {
  const readme = await readGuide("scripts/pages/README.md");
  const blocks = [...fencedBlocks(readme, "ts"), ...fencedBlocks(readme, "tsx")].filter(
    (block) =>
      block.startsWith("// scripts/pages/kinds/questions.ts\n") ||
      block.startsWith("// templates/pages/QuestionsPage.tsx\n") ||
      block.startsWith("// scripts/pages/routes.ts\n"),
  );
  const files: Record<string, string> = {};
  for (const block of blocks) {
    const [first, ...rest] = block.split("\n");
    const file = first!.slice("// ".length);
    if (file !== "scripts/pages/routes.ts") files[file] = block;
    else {
      const routes = await readFile(path.join(ROOT, file), "utf8");
      const imports = rest.filter((line) => line.startsWith("import "));
      const entries = rest.filter((line) => line.trim() !== "" && !line.startsWith("import "));
      const end = routes.indexOf("\n];\n", routes.indexOf("export const PAGE_KINDS"));
      files[file] = `${imports.join("\n")}\n${routes.slice(0, end)}\n${entries.join("\n")}${routes.slice(end)}`;
    }
  }
  return { files, blocks };
}

describe("a new kind of page, as the pages README adds one", async () => {
  const model = buildModel(await loadData(DATA_DIR));
  const { files, blocks } = await readmeKind();
  const shadow = await shadowProject(files);
  afterAll(() => rm(shadow, { recursive: true, force: true }));

  it("is three files (the module, the template and a line in the list) that compile as written, with no cast", async () => {
    expect(Object.keys(files).sort()).toEqual([
      "scripts/pages/kinds/questions.ts",
      "scripts/pages/routes.ts",
      "templates/pages/QuestionsPage.tsx",
    ]);
    expect(blocks.join("\n")).not.toMatch(/\bas (?!const\b)/);
    // The kind's name is said once: in its module.
    expect(blocks.join("\n").match(/"questions"/g)).toHaveLength(1);
    expect(await typeErrors(shadow, Object.keys(files))).toBe("");
  });

  it("takes the module, the template and the line: its page is routed, written, in the sitemap and llms.txt", async () => {
    const added = (await import(
      path.join(shadow, "scripts/pages/routes.ts")
    )) as typeof import("../scripts/pages/routes.ts");
    const routes = added.buildRoutes(model);
    const route = routes.at(-1)!;
    expect([route.path, route.file, route.kind, route.subject]).toEqual([
      "/questions",
      "questions.html",
      "questions",
      { kind: "site" },
    ]);
    const html = renderRoute(route, {
      business: model.business,
      assets: await buildAssets(model.business),
      year: 2026,
      icons: iconDrawings(await loadIcons(iconsUsed(model))),
      headFor: pageHeadFor(model),
    });
    expect(html).toContain('<div class="page-head"><div class="container"><h1>Questions</h1></div></div>');
    expect(html).toContain(`<h3 id="questions-heading-1">${model.homeFaqs[0]!.question}</h3>`);
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

describe("two pages at one address", async () => {
  const model = buildModel(await loadData(DATA_DIR));
  /** A kind with one page at `path`, about the site. */
  const kindAt = (kind: string, path: string): PageKindModule => ({
    kind,
    routes: () => [
      pageRoute({
        path,
        meta: { title: `The ${kind} page`, description: "Nothing." },
        breadcrumbs: [HOME_CRUMB, { name: kind, path }],
        render: () => createElement("html"),
      }),
    ],
  });
  const written = (kinds: PageKindModule[]) => [
    ...buildRoutes(model, undefined, [...PAGE_KINDS, ...kinds]),
    notFoundRoute(model),
    ...editedRoutes(
      model,
      Object.fromEntries(Object.keys(DATA_FILES).map((name) => [name, "/"])) as Record<DataFileName, string>,
    ),
  ];

  it("lets every page of the site have a file of its own", () => {
    expect(() => refuseSharedFiles(written([]))).not.toThrow();
  });

  it("refuses a page at another page's address, or at another name of its file, naming both", () => {
    const contact = buildRoutes(model).find((route) => route.path === "/contact")!;
    expect(() => refuseSharedFiles(written([kindAt("estimate", "/contact")]))).toThrow(
      `Two pages would be written to contact.html: the contact page at /contact ("${contact.meta.title}") and the estimate page at /contact ("The estimate page").`,
    );
    const home = buildRoutes(model)[0]!;
    expect(() => refuseSharedFiles(written([kindAt("start", "/index")]))).toThrow(
      `Two pages would be written to index.html: the home page at / ("${home.meta.title}") and the start page at /index ("The start page").`,
    );
  });

  it("stops the build, which writes nothing", async () => {
    // The project with a kind of page at /contact in its list: the pipeline's own code, and the
    // features' list that reads the kinds, run from it.
    const pipeline = "scripts/pipeline/generate.ts";
    const features = "scripts/features/index.ts";
    const routes = await readFile(path.join(ROOT, "scripts/pages/routes.ts"), "utf8");
    const shadow = await shadowProject({
      [pipeline]: await readFile(path.join(ROOT, pipeline), "utf8"),
      [features]: await readFile(path.join(ROOT, features), "utf8"),
      "scripts/pages/routes.ts": routes.replace(
        "export const PAGE_KINDS: readonly PageKindModule[] = [",
        `$&\n  { kind: "estimate", routes: (context) => contactKind.routes(context) },`,
      ),
    });
    try {
      const { generate } = (await import(
        path.join(shadow, pipeline)
      )) as typeof import("../scripts/pipeline/generate.ts");
      // A folder of the shadow's own: its dist would be a link to the project's, which a build may have made.
      const outDir = path.join(shadow, "test-output");
      await expect(generate({ dataDir: DATA_DIR, outDir, cacheDir: false })).rejects.toThrow(
        /^Two pages would be written to contact\.html: the estimate page at \/contact \(.+\) and the contact page at \/contact /,
      );
      expect(existsSync(outDir)).toBe(false);
    } finally {
      await rm(shadow, { recursive: true, force: true });
    }
  });

  it("refuses a page written over a page that has no address of its own: the not-found page, a preview link's", () => {
    expect(() => refuseSharedFiles(written([kindAt("missing", "/404")]))).toThrow(
      /^Two pages would be written to 404\.html: the missing page at \/404 \("The missing page"\) and the not-found page at \/404 /,
    );
    expect(() => refuseSharedFiles(written([kindAt("changes", "/edited/towns")]))).toThrow(
      /written to edited\/towns\.html: the changes page at \/edited\/towns .* and the edited page at \/edited\/towns /,
    );
  });
});
