// The data, held two ways. The spec's exact lists, orders and counts are checked against
// test/fixtures/spec-data/: a frozen copy of data/ as it was delivered to the spec, loaded by the
// same loader, so that it stays a data folder the site builds. The owner's data/ grows and
// changes (the owner's guide's "Add a town", "Add a service", a new phone number, holiday hours), so it
// is held only to what must hold for any owner's data: every page of the spec is still there (the
// owner may add pages, not remove the spec's), the schema and the rules across files load it
// without a problem, no two town pages are near-duplicates, and the route table and the sitemap
// follow it. The same rules run on the spec's data with the owner's guide's own new town and new service
// pasted in as the owner's guide says: pasted into a copy of the spec's data, which the owner's guide's example
// is written for, since pasting it into data/ would be refused once the owner has added it there.
import { appendFile, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadData, type RawData } from "../scripts/data/load.ts";
import { buildModel, toPhone } from "../scripts/data/model.ts";
import { nearDuplicateTowns } from "../scripts/data/near-duplicates.ts";
import type { Town } from "../scripts/data/schema.ts";
import { buildRoutes } from "../scripts/pages/routes.ts";
import { buildSitemap } from "../scripts/seo/sitemap.ts";
import { copyData } from "./support/data-copy.ts";
import { DATA_DIR, SPEC_DATA_DIR } from "./support/paths.ts";
import { guideSection, OWNER_GUIDE, readGuide, readmeTownExample } from "./support/readme.ts";

const SPEC_SERVICE_KEYS = [
  "drainage-system",
  "culvert",
  "ditch",
  "erosion-control",
  "retention-pond",
  "site-prep",
  "basement",
  "utility-trenching",
  "septic-system",
  "foundation",
  "dirt-hauling",
  "road-building",
];

const SPEC_TOWN_SLUGS = [
  "mattoon",
  "charleston",
  "effingham",
  "sullivan",
  "shelbyville",
  "tuscola",
  "casey",
  "paris",
  "newton",
  "pana",
  "marshall",
  "monticello",
  "decatur",
  "urbana",
  "champaign",
  "robinson",
  "savoy",
  "mt-zion",
];

const SPEC_EXTRA_SLUGS = [
  "lerna-seo",
  "neoga-seo",
  "gays-seo",
  "humboldt-seo",
  "windsor-seo",
  "arcola-seo",
  "toledo-seo",
  "arthur-seo",
  "strasburg-seo",
];

const SPEC_COUNTIES = ["Coles", "Shelby", "Cumberland", "Moultrie", "Douglas", "Clark", "Christian"];

describe("the spec's data (test/fixtures/spec-data)", async () => {
  const raw = await loadData(SPEC_DATA_DIR);
  const model = buildModel(raw);

  it("has the 12 services of the spec, in the spec's order", () => {
    expect(raw.services.map((service) => service.key)).toEqual(SPEC_SERVICE_KEYS);
  });

  it("has the 18 towns and the 9 extra search pages of the spec, in order", () => {
    expect(raw.towns.map((town) => town.slug)).toEqual(SPEC_TOWN_SLUGS);
    expect(raw.alsoServing.map((town) => town.slug)).toEqual(SPEC_EXTRA_SLUGS);
  });

  it("names Mt Zion with the slug mt-zion", () => {
    expect(raw.towns.find((town) => town.slug === "mt-zion")?.name).toMatch(/^Mt\.? Zion$/);
  });

  it("has facts for each of the 18 towns, within the spec's population range", () => {
    for (const town of raw.towns) {
      expect(town.facts, town.slug).toBeDefined();
      expect(town.facts?.population, town.slug).toBeGreaterThanOrEqual(2_000);
      expect(town.facts?.population, town.slug).toBeLessThanOrEqual(90_000);
    }
    const casey = raw.towns.find((town) => town.slug === "casey")?.facts?.population ?? 0;
    const champaign = raw.towns.find((town) => town.slug === "champaign")?.facts?.population ?? 0;
    expect(Math.min(...raw.towns.map((town) => town.facts?.population ?? Infinity))).toBe(casey);
    expect(Math.max(...raw.towns.map((town) => town.facts?.population ?? 0))).toBe(champaign);
  });

  it("has no near-duplicate town pages, not even a warning", () => {
    expect(raw.warnings).toEqual([]);
  });

  it("keeps every business fact in site.yaml, with fiction-range placeholder phones", () => {
    const { business } = model;
    expect(business.address.city).toBe("Mattoon");
    expect(business.address.region).toBe("IL");
    expect(business.address.postalCode).toBe("61938");
    expect(business.counties).toEqual(SPEC_COUNTIES);
    for (const phone of [business.phone, business.secondPhone]) {
      expect(phone.e164).toMatch(/^\+1\d{3}55501\d{2}$/);
    }
    expect(business.phone.e164).not.toBe(business.secondPhone.e164);
    expect(business.hours.map(({ days, opens, closes }) => ({ days, opens, closes }))).toEqual([
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "17:00" },
      { days: ["Saturday"], opens: "08:00", closes: "12:00" },
    ]);
    expect(business.closedDays).toEqual(["Sunday"]);
    expect(business.geo.lat).toBeCloseTo(39.48, 1);
    expect(business.geo.lon).toBeCloseTo(-88.37, 1);
  });

  it("has a placeholder number for texts of its own, as an sms: link, and no closed days or emergency note", () => {
    const { business } = model;
    expect(business.text?.e164).toMatch(/^\+1\d{3}55501\d{2}$/);
    expect([business.phone.e164, business.secondPhone.e164]).not.toContain(business.text?.e164);
    expect(business.text?.href.startsWith(`sms:${business.text.e164}?&body=`)).toBe(true);
    expect(raw.site.specialHours).toEqual([]);
    expect(business.specialHours).toEqual([]);
    expect(business.emergencyNote).toBeUndefined();
  });

  it("uses the second phone on some town pages and the primary on most", () => {
    const all = [...raw.towns, ...raw.alsoServing];
    const secondary = all.filter((town) => town.ctaPhone === "secondary");
    expect(secondary.length).toBeGreaterThan(0);
    expect(secondary.length).toBeLessThan(all.length / 2);
  });

  it("gives the route table the spec's 43 pages and the privacy policy, and the sitemap all of them", () => {
    const routes = buildRoutes(model);
    expect(routes.map((route) => route.path)).toEqual([
      "/",
      "/contact",
      "/services",
      ...SPEC_SERVICE_KEYS.map((key) => `/services/${key}`),
      "/towns",
      ...[...SPEC_TOWN_SLUGS, ...SPEC_EXTRA_SLUGS].map((slug) => `/towns/${slug}`),
      "/privacy",
    ]);
    expect(buildSitemap(routes, model.business.url, "2026-01-01").match(/<loc>/g)).toHaveLength(routes.length);
  });
});

/**
 * What holds for any data the owner may keep: the rules of the schema and across files (loadData
 * refuses what breaks them), the spec's pages, the near-duplicate rule, and the route table and
 * the sitemap following the rows.
 */
function ownerDataRules(load: () => RawData) {
  it("loads: the schema and the rules across files find no problem", () => {
    expect(load().services.length).toBeGreaterThan(0);
  });

  it("keeps every service and town page of the spec, the 18 towns in the town grids", () => {
    const raw = load();
    expect(raw.services.map((service) => service.key)).toEqual(expect.arrayContaining(SPEC_SERVICE_KEYS));
    expect(raw.towns.map((town) => town.slug)).toEqual(expect.arrayContaining(SPEC_TOWN_SLUGS));
    expect([...raw.towns, ...raw.alsoServing].map((town) => town.slug)).toEqual(
      expect.arrayContaining(SPEC_EXTRA_SLUGS),
    );
  });

  it("gives every service 4 highlights and every section, every town page 4 highlights and 3 FAQs, the home page 4 FAQs", () => {
    const raw = load();
    for (const service of raw.services) {
      expect(service.highlights, service.key).toHaveLength(4);
      expect(service.intro.paragraphs.length, service.key).toBeGreaterThan(0);
      expect(service.why.text.length, service.key).toBeGreaterThan(0);
      expect(service.offerings.items.length, service.key).toBeGreaterThanOrEqual(3);
      expect(service.tip.text.length, service.key).toBeGreaterThan(0);
      expect(service.areaServed.length, service.key).toBeGreaterThan(0);
    }
    for (const town of [...raw.towns, ...raw.alsoServing]) {
      expect(town.highlights, town.slug).toHaveLength(4);
      expect(town.faqs, town.slug).toHaveLength(3);
    }
    expect(raw.homeFaqs).toHaveLength(4);
  });

  it("has no two town pages that are near-duplicates", () => {
    const raw = load();
    const pages = [...raw.towns, ...raw.alsoServing];
    expect(
      nearDuplicateTowns({ towns: raw.towns, alsoServing: raw.alsoServing }).filter((found) => found.refused),
    ).toEqual([]);
    expect(new Set(pages.map((town) => town.slug)).size).toBe(pages.length);
  });

  it("gives every row its page in the route table and the sitemap, each once", () => {
    const raw = load();
    const model = buildModel(raw);
    const routes = buildRoutes(model);
    const paths = routes.map((route) => route.path);
    const expected = [
      "/",
      "/contact",
      "/services",
      "/towns",
      "/privacy",
      ...raw.services.map((service) => `/services/${service.key}`),
      ...[...raw.towns, ...raw.alsoServing].map((town) => `/towns/${town.slug}`),
    ];
    expect(paths).toEqual(expect.arrayContaining(expected));
    expect(paths).toHaveLength(expected.length);
    expect(new Set(paths).size).toBe(paths.length);
    const sitemap = buildSitemap(routes, model.business.url, "2026-01-01");
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual(
      paths.map((urlPath) => new URL(urlPath, model.business.url).href),
    );
  });
}

describe("the owner's data/", async () => {
  const raw = await loadData(DATA_DIR);
  ownerDataRules(() => raw);
});

describe("the spec's data with the owner's guide's new town and new service pasted in", () => {
  let dir: string;
  let raw: RawData;
  let newKey: string;

  beforeAll(async () => {
    dir = await copyData(SPEC_DATA_DIR);
    // "Add a town": the owner's guide's example, pasted at the very end of towns.yaml.
    await appendFile(path.join(dir, "towns.yaml"), await readmeTownExample());
    // "Add a service": a whole entry copied, from its `- key:` line down to the line before the
    // next one, pasted (here at the end), every value that names it rewritten; the owner's guide's key.
    const section = guideSection(await readGuide(OWNER_GUIDE), "Add a service");
    newKey = /`key: ([a-z0-9-]+)`/.exec(section)![1]!;
    const services = await readFile(path.join(dir, "services.yaml"), "utf8");
    const starts = [...services.matchAll(/^ {2}- key: /gm)].map((match) => match.index);
    const entry = services.slice(starts[0], starts[1]);
    const rewritten = entry
      .replace(/^( {2}- key: ).*$/m, `$1${newKey}`)
      .replace(/^( {4}name: ).*$/m, "$1Stump Removal")
      .replace(/^( {4}label: ).*$/m, "$1Stump Removal")
      .replace(
        /^( {4}description: )[\s\S]*?(?=^ {4}\w)/m,
        "$1Stumps ground out or dug out whole, the hole filled and the yard left ready for seed or a new building pad.\n",
      );
    await appendFile(path.join(dir, "services.yaml"), rewritten);
    raw = await loadData(dir);
  });

  afterAll(async () => {
    if (dir) await rm(path.dirname(dir), { recursive: true, force: true });
  });

  ownerDataRules(() => raw);

  it("has the new town at the end of the town pages and the new service at the end of the services", async () => {
    const pasted = (parse(await readmeTownExample()) as Town[])[0]!;
    expect(raw.alsoServing.at(-1)?.slug).toBe(pasted.slug);
    expect(raw.services.at(-1)?.key).toBe(newKey);
    expect(raw.services.at(-1)?.name).toBe("Stump Removal");
    const paths = buildRoutes(buildModel(raw)).map((route) => route.path);
    expect(paths).toContain(`/towns/${pasted.slug}`);
    expect(paths).toContain(`/services/${newKey}`);
  });
});

describe("toPhone", () => {
  it("turns the written forms of a US number into one tel: link", () => {
    for (const written of ["(217) 555-0142", "217-555-0142", "217.555.0142"]) {
      expect(toPhone(written).href).toBe("tel:+12175550142");
    }
  });

  it("refuses what is not a US number", () => {
    expect(() => toPhone("555-0142")).toThrow();
    expect(() => toPhone("(117) 555-0142")).toThrow();
  });
});
