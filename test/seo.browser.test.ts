// What search engines, link previews and answer engines read from the generated site: every
// check runs on the served output (HTML, sitemap.xml, robots.txt, llms.txt, preview images),
// loaded in Chromium, never on the templates.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { allTowns, buildModel, joinList, type SiteModel } from "../scripts/data/model.ts";
import {
  asArray,
  e164,
  LEFT_OUT_FOR_PLACEHOLDERS,
  missingProperties,
  phonesIn,
  references,
  structuredHours,
  typedNodes,
  typeOf,
  visibleHours,
  type JsonObject,
} from "./support/json-ld.ts";
import { isPlaceholderAddress, isPlaceholderPhone, isPlaceholderStreet } from "../scripts/data/placeholders.ts";
import { crawlSite, NOT_FOUND_PROBE, sitePath, type CrawledSite, type PageFacts } from "./support/page-facts.ts";
import { DATA_DIR } from "./support/paths.ts";
import { pairScores } from "./support/similarity.ts";

let crawl: CrawledSite;
let model: SiteModel;
/** The public pages (everything in the sitemap), by path. */
let publicPages: PageFacts[];
let notFound: PageFacts;

beforeAll(async () => {
  model = buildModel(await loadData(DATA_DIR));
  crawl = await crawlSite();
  publicPages = crawl.sitemapUrls.map((url) => crawl.pages.get(sitePath(url))!);
  notFound = crawl.pages.get(NOT_FOUND_PROBE)!;
});

afterAll(async () => {
  await crawl?.close();
});

const servicePages = () => publicPages.filter((page) => page.path.startsWith("/services/"));
const townPages = () => publicPages.filter((page) => page.path.startsWith("/towns/"));
const canonicalOf = (pagePath: string) => `${model.business.url}${pagePath}`;

describe("the sitemap and robots.txt", () => {
  it("lists every page of the data exactly once, as absolute URLs on the public host, each answering 200", () => {
    const expected = [
      "/",
      "/contact",
      "/services",
      "/towns",
      ...model.services.map((service) => `/services/${service.key}`),
      ...allTowns(model).map((town) => `/towns/${town.slug}`),
      "/privacy",
    ];
    const paths = crawl.sitemapUrls.map(sitePath);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...expected].sort());
    for (const url of crawl.sitemapUrls) expect(url).toBe(canonicalOf(sitePath(url)));
    for (const page of publicPages) expect(page.status, page.path).toBe(200);
    expect(paths).not.toContain("/404");
  });

  it("gives each URL the date the data last changed, and robots.txt allows all but the site editor and names the sitemap", async () => {
    const sitemap = await (await fetch(`${crawl.site.url}/sitemap.xml`)).text();
    const dates = [...sitemap.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => match[1]);
    expect(dates).toHaveLength(crawl.sitemapUrls.length);
    for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const robots = await (await fetch(`${crawl.site.url}/robots.txt`)).text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots.match(/^Disallow: *\S.*$/gm)).toEqual(["Disallow: /admin/"]);
    expect(robots).toContain(`Sitemap: ${model.business.url}/sitemap.xml`);
  });
});

describe("page metadata", () => {
  it("gives every page a unique title of at most 60 characters and a unique 70–160 character description", () => {
    const titles = publicPages.map((page) => page.title);
    const descriptions = publicPages.map((page) => page.meta.description ?? "");
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const page of publicPages) {
      expect(page.title.length, page.path).toBeGreaterThan(10);
      expect(page.title.length, page.title).toBeLessThanOrEqual(60);
      expect(page.meta.description?.length ?? 0, page.path).toBeGreaterThanOrEqual(70);
      expect(page.meta.description?.length ?? 0, page.path).toBeLessThanOrEqual(160);
    }
  });

  it("names the service or the town and IL in the title of their pages", () => {
    for (const service of model.services) {
      const title = crawl.pages.get(`/services/${service.key}`)?.title ?? "";
      expect(title).toContain(service.name);
      expect(title).toMatch(/\bIL\b/);
    }
    for (const town of allTowns(model)) {
      expect(crawl.pages.get(`/towns/${town.slug}`)?.title).toContain(`${town.name}, IL`);
    }
  });

  it("has lang, viewport and an absolute canonical URL from site.yaml on every page, and no noindex", () => {
    for (const page of publicPages) {
      expect(page.lang, page.path).toBe("en");
      expect(page.meta.viewport, page.path).toContain("width=device-width");
      expect(page.canonical, page.path).toBe(canonicalOf(page.path));
      expect(page.meta.robots ?? "", page.path).not.toMatch(/noindex/);
    }
  });

  it("answers unknown paths with status 404, noindex and no canonical link", () => {
    expect(notFound.status).toBe(404);
    expect(notFound.meta.robots).toMatch(/noindex/);
    expect(notFound.canonical).toBeNull();
    expect(notFound.meta["og:url"]).toBeUndefined();
    expect(notFound.jsonLd).toEqual([]);
  });
});

describe("link previews", () => {
  it("has Open Graph and Twitter tags that repeat the page's own title, description and URL", () => {
    for (const page of publicPages) {
      const { meta } = page;
      expect(meta["og:title"], page.path).toBe(page.title);
      expect(meta["og:description"], page.path).toBe(meta.description);
      expect(meta["og:url"], page.path).toBe(page.canonical);
      expect(meta["og:type"], page.path).toBe("website");
      expect(meta["og:site_name"], page.path).toBe(model.business.name);
      expect(meta["og:image"], page.path).toMatch(new RegExp(`^${model.business.url}/.+\\.png$`));
      expect(meta["og:image:width"], page.path).toBe("1200");
      expect(meta["og:image:height"], page.path).toBe("630");
      expect(meta["og:image:alt"]?.length ?? 0, page.path).toBeGreaterThan(20);
      expect(meta["twitter:card"], page.path).toBe("summary_large_image");
    }
  });

  it("describes each preview image in whole sentences, each with its full stop", () => {
    const { business } = model;
    const home = publicPages.find((page) => page.path === "/")!;
    expect(home.meta["og:image:alt"]).toBe(
      `${business.name}: ${business.tagline}. Serving ${joinList(business.counties)} counties. Free estimates: call ${business.phone.display}.`,
    );
    for (const page of publicPages) {
      const alt = page.meta["og:image:alt"] ?? "";
      // A sentence runs into the next when a capital follows a word without a stop in between.
      expect(alt, page.path).not.toMatch(/[a-z0-9)] (?:Free|Serving) /);
      expect(alt, page.path).not.toMatch(/[.!?]\./);
      expect(alt, page.path).toMatch(/\.$/);
    }
  });

  it("gives the site, each service and each town its own 1200×630 PNG, written to the output", async () => {
    const imageOf = (page: PageFacts) => page.meta["og:image"] ?? "";
    const images = new Set(publicPages.map(imageOf));
    expect(images.size).toBe(1 + model.services.length + allTowns(model).length);
    for (const page of [...servicePages(), ...townPages()]) {
      expect(
        publicPages.filter((other) => imageOf(other) === imageOf(page)),
        page.path,
      ).toHaveLength(1);
    }
    for (const image of images) {
      const png = await readFile(path.join(crawl.site.dir, sitePath(image)));
      expect(png.subarray(1, 4).toString("latin1"), image).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], image).toEqual([1200, 630]);
    }
  });

  it("serves the preview images from the local server as PNG", async () => {
    const response = await fetch(`${crawl.site.url}${sitePath(publicPages[0]!.meta["og:image"]!)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
  });
});

describe("structured data", () => {
  const graphOf = (page: PageFacts): JsonObject[] =>
    page.jsonLd.flatMap((block) => {
      const parsed = JSON.parse(block) as JsonObject;
      expect(parsed["@context"], page.path).toBe("https://schema.org");
      return asArray(parsed["@graph"] as JsonObject[] | undefined);
    });
  const nodesOf = (page: PageFacts, type: string) => graphOf(page).filter((node) => typeOf(node) === type);

  it("parses as JSON on every public page, never contains a raw '<', and every node has its required properties", () => {
    for (const page of publicPages) {
      expect(page.jsonLd.length, page.path).toBeGreaterThan(0);
      for (const block of page.jsonLd) expect(block, page.path).not.toContain("<");
      // The shipped data's placeholders are never stated (structured-data.test.ts holds the rest).
      const problems = typedNodes(graphOf(page))
        .flatMap(missingProperties)
        .filter((problem) => !(LEFT_OUT_FOR_PLACEHOLDERS as readonly string[]).includes(problem));
      expect(problems, page.path).toEqual([]);
    }
  });

  it("describes the business and the website on the home and contact pages", () => {
    for (const pagePath of ["/", "/contact"]) {
      const page = crawl.pages.get(pagePath)!;
      const [business] = nodesOf(page, "GeneralContractor");
      expect(business, pagePath).toBeDefined();
      expect(business?.name).toBe(model.business.name);
      expect(business?.url).toBe(`${model.business.url}/`);
      const social = model.business.social.map((link) => link.url).filter((url) => !isPlaceholderAddress(url));
      expect(business?.sameAs).toEqual(social.length > 0 ? social : undefined);
      expect(business).not.toHaveProperty("priceRange");
      const served = asArray(business?.areaServed as JsonObject[]);
      expect(served.filter((place) => typeOf(place) === "AdministrativeArea").map((place) => place.name)).toEqual(
        model.business.counties.map((county) => `${county} County, IL`),
      );
      expect(served.filter((place) => typeOf(place) === "City").map((place) => place.name)).toEqual(
        allTowns(model).map((town) => `${town.name}, IL`),
      );
      expect(nodesOf(page, "WebSite")).toHaveLength(1);
    }
  });

  it("states the phone, address and hours exactly as the same page shows them", () => {
    for (const pagePath of ["/", "/contact"]) {
      const page = crawl.pages.get(pagePath)!;
      const business = nodesOf(page, "GeneralContractor")[0]!;
      const shown = page.contactFacts!;
      // A placeholder the page shows, marked, is not stated at all.
      expect(business.telephone, pagePath).toBe(isPlaceholderPhone(shown.phone) ? undefined : e164(shown.phone));
      const address = business.address as JsonObject;
      const street = model.business.address.street;
      expect(address.streetAddress, pagePath).toBe(isPlaceholderStreet(street) ? undefined : street);
      expect(
        `${street} ${String(address.addressLocality)}, ${String(address.addressRegion)} ${String(address.postalCode)}`,
        pagePath,
      ).toBe(shown.address);
      const hours = typedNodes(business).filter((node) => typeOf(node) === "OpeningHoursSpecification");
      expect(structuredHours(hours).sort(), pagePath).toEqual(visibleHours(shown.hours).sort());
      expect(visibleHours(shown.hours), pagePath).toContain("Monday 07:00-17:00");
      expect(visibleHours(shown.hours), pagePath).toContain("Saturday 08:00-12:00");
      const geo = business.geo as JsonObject;
      expect([geo.latitude, geo.longitude]).toEqual([model.business.geo.lat, model.business.geo.lon]);
    }
  });

  it("gives every phone number in the structured data as a number the page's main content shows", () => {
    for (const page of publicPages) {
      const telephones = typedNodes(graphOf(page))
        .map((node) => node.telephone)
        .filter((phone): phone is string => typeof phone === "string");
      const shown = phonesIn(page.mainText);
      for (const telephone of telephones) expect(shown, `${page.path} ${telephone}`).toContain(telephone);
    }
  });

  it("marks each service page as a Service of the business, named like its heading", () => {
    for (const page of servicePages()) {
      const services = nodesOf(page, "Service");
      expect(services, page.path).toHaveLength(1);
      const service = services[0]!;
      expect(service.provider).toEqual({ "@id": `${model.business.url}/#business` });
      expect(service.name).toBe(page.headings.find((heading) => heading.level === 1)?.text);
      expect(service.url).toBe(page.canonical);
      expect(asArray(service.areaServed as JsonObject[]).length).toBeGreaterThan(0);
    }
  });

  it("marks each town page with that town as a City served by the business, and its three FAQs", () => {
    for (const page of townPages()) {
      const service = nodesOf(page, "Service")[0]!;
      const city = service.areaServed as JsonObject;
      expect(typeOf(city), page.path).toBe("City");
      // Compared without case: the eyebrow that shows "Mattoon, IL" is set in capitals by CSS.
      expect(page.mainText.toLowerCase(), page.path).toContain(String(city.name).toLowerCase());
      expect(service.provider).toEqual({ "@id": `${model.business.url}/#business` });
      const faq = nodesOf(page, "FAQPage");
      expect(faq, page.path).toHaveLength(1);
      const questions = asArray(faq[0]!.mainEntity as JsonObject[]);
      expect(questions, page.path).toHaveLength(3);
      for (const question of questions) {
        expect(
          page.headings.map((heading) => heading.text),
          page.path,
        ).toContain(question.name);
        expect(page.mainText, page.path).toContain((question.acceptedAnswer as JsonObject).text);
      }
    }
  });

  it("marks the home page's four questions as an FAQPage", () => {
    const home = crawl.pages.get("/")!;
    const questions = asArray(nodesOf(home, "FAQPage")[0]?.mainEntity as JsonObject[]);
    expect(questions).toHaveLength(4);
    for (const question of questions) {
      expect(home.headings.map((heading) => heading.text)).toContain(question.name);
      expect(home.mainText).toContain((question.acceptedAnswer as JsonObject).text);
    }
  });

  it("has a BreadcrumbList on every page below the home page that matches the visible trail", () => {
    expect(nodesOf(crawl.pages.get("/")!, "BreadcrumbList")).toEqual([]);
    for (const page of publicPages.filter((candidate) => candidate.path !== "/")) {
      const lists = nodesOf(page, "BreadcrumbList");
      expect(lists, page.path).toHaveLength(1);
      const items = asArray(lists[0]!.itemListElement as JsonObject[]);
      expect(
        items.map((item) => item.position),
        page.path,
      ).toEqual(items.map((_, index) => index + 1));
      expect(
        items.map((item) => item.name),
        page.path,
      ).toEqual(page.breadcrumbs.map((crumb) => crumb.name));
      const visibleTargets = page.breadcrumbs.map((crumb) => (crumb.href ? sitePath(crumb.href) : page.path));
      expect(
        items.map((item) => sitePath(String(item.item))),
        page.path,
      ).toEqual(visibleTargets);
      expect(items.at(-1)?.item, page.path).toBe(page.canonical);
    }
  });

  it("points every @id reference at a node the site defines", () => {
    const defined = new Set(
      publicPages.flatMap((page) =>
        typedNodes(graphOf(page))
          .map((node) => node["@id"])
          .filter(Boolean),
      ),
    );
    for (const page of publicPages) {
      for (const reference of references(graphOf(page)))
        expect(defined, `${page.path} → ${reference}`).toContain(reference);
    }
  });
});

/** Link text that says nothing about where a link goes (Lighthouse's and WCAG's examples). */
const VAGUE_LINK_TEXT = new Set([
  "click here",
  "click this",
  "here",
  "this",
  "more",
  "learn more",
  "read more",
  "more info",
  "continue",
  "go",
  "start",
  "link",
  "details",
]);

describe("links", () => {
  const internalLinks = (page: PageFacts) => page.links.filter((link) => new URL(link.href).origin === crawl.site.url);

  it("never uses vague link text, and every link and button has an accessible name", () => {
    for (const page of crawl.pages.values()) {
      const vague = page.links.filter((link) => VAGUE_LINK_TEXT.has(link.name.toLowerCase().replace(/[.!…]+$/, "")));
      expect(vague, page.path).toEqual([]);
      expect(page.unnamedControls, page.path).toEqual([]);
    }
  });

  it("links every public page from at least one other page with descriptive text", () => {
    const orphans = publicPages
      .filter((target) => target.path !== "/")
      .filter(
        (target) =>
          ![...crawl.pages.values()].some(
            (source) =>
              source.path !== target.path &&
              internalLinks(source).some((link) => sitePath(link.href) === target.path && link.name.length >= 3),
          ),
      )
      .map((page) => page.path);
    expect(orphans).toEqual([]);
  });

  it("reaches every public page from the home page by following links", () => {
    const reached = new Set<string>(["/"]);
    const queue = ["/"];
    while (queue.length > 0) {
      const page = crawl.pages.get(queue.shift()!);
      for (const link of page ? internalLinks(page) : []) {
        const target = sitePath(link.href);
        if (!reached.has(target) && crawl.pages.has(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    expect([...reached].sort()).toEqual(publicPages.map((page) => page.path).sort());
  });

  it("links only to pages that exist", () => {
    const known = new Set(publicPages.map((page) => page.path));
    for (const page of crawl.pages.values()) {
      // Same-page anchors (the skip link) are fine on any page, the 404 page included.
      const broken = internalLinks(page).filter(
        (link) => sitePath(link.href) !== page.path && !known.has(sitePath(link.href)),
      );
      expect(broken, page.path).toEqual([]);
    }
  });
});

describe("headings and icons", () => {
  it("has exactly one h1 per page, first, and never skips a heading level", () => {
    for (const page of crawl.pages.values()) {
      const levels = page.headings.map((heading) => heading.level);
      expect(
        levels.filter((level) => level === 1),
        page.path,
      ).toHaveLength(1);
      expect(levels[0], page.path).toBe(1);
      const skips = page.headings.filter((heading, i) => i > 0 && heading.level > levels[i - 1]! + 1);
      expect(skips, page.path).toEqual([]);
    }
  });

  it("hides decorative icons from assistive technology and gives every other graphic a text alternative", () => {
    for (const page of crawl.pages.values()) {
      expect(page.graphics.length, page.path).toBeGreaterThan(0);
      const unlabelled = page.graphics.filter((graphic) => !graphic.hidden && !graphic.alternative?.trim());
      expect(unlabelled, page.path).toEqual([]);
    }
  });
});

describe("near-duplicate pages", () => {
  /*
   * Word 5-gram shingles, Jaccard index of the text inside <main>. Text every sibling shares by
   * design (breadcrumbs, button labels, the list of twelve services on each town page, "More
   * info coming soon") puts today's pages at 0.03–0.06. Measured on the Lerna page: a copy with
   * the town's name swapped scores 0.78; a page that reuses a sibling's body paragraphs but keeps
   * its own highlights and FAQ scores 0.36; one FAQ answer copied from a sibling adds about 0.03.
   * At 0.20 about a third of a page's five-word runs also appear on the other page
   * (J = s / (2 − s) for a shared fraction s): well above shared furniture and a borrowed
   * sentence, well below a reused body. Hence 0.20, under the 0.35 ceiling.
   */
  const THRESHOLD = 0.2;

  const check = (pages: PageFacts[]) => {
    const scores = pairScores(new Map(pages.map((page) => [page.path, page.mainText])));
    const [max] = scores;
    console.info(
      `near-duplicates: ${scores.length} pairs of ${pages.length} pages, max ${max?.score.toFixed(3)} (${max?.a} ↔ ${max?.b})`,
    );
    expect(scores.filter((pair) => pair.score > THRESHOLD)).toEqual([]);
  };

  it("keeps the main content of every pair of town pages below the threshold", () => {
    expect(townPages()).toHaveLength(allTowns(model).length);
    check(townPages());
  });

  it("keeps the main content of every pair of service pages below the threshold", () => {
    expect(servicePages()).toHaveLength(model.services.length);
    check(servicePages());
  });
});

describe("llms.txt", () => {
  let text: string;
  beforeAll(async () => {
    const response = await fetch(`${crawl.site.url}/llms.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    text = await response.text();
  });

  it("opens with the business name as H1 and a one-paragraph summary in a blockquote", () => {
    const lines = text.split("\n");
    expect(lines[0]).toBe(`# ${model.business.name}`);
    expect(lines[1]).toBe("");
    expect(lines[2]).toMatch(/^> .{80,}/);
    expect(lines.filter((line) => /^# /.test(line))).toHaveLength(1);
  });

  it("names the service area and how to get an estimate, with the phone number from site.yaml", () => {
    expect(text).toMatch(/^## Service area$/m);
    for (const county of model.business.counties) expect(text).toContain(county);
    expect(text).toMatch(/^## How to get an estimate$/m);
    expect(text).toContain(model.business.phone.display);
    expect(text).toContain(`(${model.business.url}/contact)`);
  });

  it("links every public page once with its absolute URL", () => {
    const listed = [...text.matchAll(/^- \[[^\]]+\]\((https:\/\/[^)\s]+)\)/gm)].map((match) => match[1]);
    const pages = listed.filter((url) => !url?.endsWith("/sitemap.xml"));
    expect(new Set(pages).size).toBe(pages.length);
    expect([...pages].sort()).toEqual([...crawl.sitemapUrls].sort());
  });
});
