// The data matches the client's spec exactly: keys, slugs, order and counts.
import { describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { buildModel, toPhone } from "../scripts/data/model.ts";
import { DATA_DIR } from "./support/paths.ts";

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

describe("the site's data", async () => {
  const raw = await loadData(DATA_DIR);
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

  it("gives every service 4 highlights and every section", () => {
    for (const service of raw.services) {
      expect(service.highlights, service.key).toHaveLength(4);
      expect(service.intro.paragraphs.length, service.key).toBeGreaterThan(0);
      expect(service.why.text.length, service.key).toBeGreaterThan(0);
      expect(service.offerings.items.length, service.key).toBeGreaterThanOrEqual(3);
      expect(service.tip.text.length, service.key).toBeGreaterThan(0);
      expect(service.areaServed.length, service.key).toBeGreaterThan(0);
    }
  });

  it("gives every town page 4 highlights and exactly 3 FAQs", () => {
    for (const town of [...raw.towns, ...raw.alsoServing]) {
      expect(town.highlights, town.slug).toHaveLength(4);
      expect(town.faqs, town.slug).toHaveLength(3);
    }
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

  it("has 4 home page FAQs", () => {
    expect(raw.homeFaqs).toHaveLength(4);
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
