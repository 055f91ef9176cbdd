// The content is true and consistent: one model of the service area, one estimate promise, each
// town page's tiles its own, and the corrections of the content audit kept. The rules live in
// scripts/data/rules.ts, so `sitegen check` reports a breach at its file, line and column.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadIcons } from "../scripts/data/icons.ts";
import { iconDrawings } from "../templates/parts/icon-drawing.ts";
import { loadData } from "../scripts/data/load.ts";
import {
  buildModel,
  inRegularArea,
  secondLineSentence,
  serviceAreaSentence,
  servicesIn,
} from "../scripts/data/model.ts";
import { buildAssets } from "../scripts/pages/assets.ts";
import { iconsUsed } from "../scripts/pages/icons.ts";
import { renderRoute } from "../scripts/pages/render.ts";
import { buildRoutes } from "../scripts/pages/routes.ts";
import { copyData, editYaml, lineOf, problemsOf } from "./support/data-copy.ts";
import { DATA_DIR } from "./support/paths.ts";

const model = buildModel(await loadData(DATA_DIR));
const allTowns = [...model.towns, ...model.alsoServing];
const townIndex = (slug: string) => model.towns.findIndex((town) => town.slug === slug);

/** The JULIE notice window since 1 January 2025 (P.A. 103-614), in the words every page uses. */
const JULIE_RULE =
  "at least two days before digging, not counting the day of the notice, weekends or holidays, and no more than 10 days before";

/** What a reader (or a search engine) reads on a rendered page: its text and its JSON-LD, without markup. */
function readableText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<script(?![^>]*application\/ld\+json)[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Every page of the site as its visitors read it, by path. */
async function renderedPages(): Promise<Map<string, string>> {
  const icons = iconDrawings(await loadIcons(iconsUsed(model)));
  const context = { business: model.business, assets: await buildAssets(model.business), year: 2026, icons };
  return new Map(buildRoutes(model).map((route) => [route.path, readableText(renderRoute(route, context))]));
}

const sentences = (text: string) => text.split(/(?<=[.!?])["']?\s+/);

describe("the service area", () => {
  it("is one model: site.yaml's counties, and each town's county", () => {
    expect(model.business.counties).toEqual([
      "Coles",
      "Shelby",
      "Cumberland",
      "Moultrie",
      "Douglas",
      "Clark",
      "Christian",
    ]);
    const beyond = allTowns.filter((town) => !inRegularArea(model.business, town)).map((town) => town.slug);
    expect(beyond.sort()).toEqual([
      "champaign",
      "decatur",
      "effingham",
      "monticello",
      "mt-zion",
      "newton",
      "paris",
      "robinson",
      "savoy",
      "urbana",
    ]);
  });

  it("gives every town page a sentence derived from it", () => {
    const paris = allTowns.find((town) => town.slug === "paris")!;
    const arthur = allTowns.find((town) => town.slug === "arthur-seo")!;
    expect(serviceAreaSentence(model.business, paris)).toBe(
      "Paris is in Edgar County, beyond the seven counties of our service area; we take on projects here too.",
    );
    expect(serviceAreaSentence(model.business, arthur)).toBe(
      "Arthur is in Douglas County, one of the seven counties of our service area.",
    );
    expect(serviceAreaSentence({ counties: ["Coles"] }, paris)).toContain("beyond the county of our service area");
  });

  it("refuses a page that claims the regular area for a town outside the served counties", async () => {
    const dir = await copyData();
    const paris = townIndex("paris");
    const text = await editYaml(dir, "towns.yaml", (doc) =>
      doc.setIn(
        ["towns", paris, "faqs", 0, "answer"],
        "Yes, Edgar County is part of our regular service area. Send the form and we will call.",
      ),
    );
    const problems = await problemsOf(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: "data/towns.yaml", field: `towns[${paris}].faqs[0].answer` });
    // The answer's first line: "answer: >-" or the text itself, as the YAML library folds it.
    expect(lineOf(text, "part of our regular service area") - problems[0]!.line).toBeLessThanOrEqual(1);
    expect(problems[0]!.found).toContain("Edgar County");
  });

  it("accepts the same claim on a town in a served county", async () => {
    const dir = await copyData();
    await editYaml(dir, "towns.yaml", (doc) =>
      doc.setIn(
        ["towns", townIndex("charleston"), "faqs", 0, "answer"],
        "Yes. Charleston is part of our regular service area, a short drive from the yard.",
      ),
    );
    await expect(loadData(dir)).resolves.toBeDefined();
  });
});

describe("figures and lists the pages compute, never typed", () => {
  it("finds no number of miles, no list or count of the counties and no phone number in the data's prose", async () => {
    const file = (name: string) => readFile(path.join(DATA_DIR, name), "utf8");
    const prose = (await file("services.yaml")) + (await file("towns.yaml")) + (await file("faq.yaml"));
    expect(prose).not.toMatch(
      /\b(?:\d[\d,.]*|a|one|two|three|four|five|six|seven|eight|nine|ten|\w+teen|twenty)[\s-]+miles?\b/i,
    );
    expect(prose).not.toMatch(/\b(?:\d+|three|four|five|six|seven|eight|nine|ten) counties\b/i);
    expect(prose).not.toMatch(/\(?\b[2-9]\d{2}\)?[ .-]?[2-9]\d{2}[ .-]\d{4}\b/);
  });

  it.each([
    [
      "a distance",
      ["towns", 1, "body", 0],
      "Charleston lies about 10 miles east of Mattoon, on the way to the Embarras River valley.",
      '"10 miles"',
    ],
    [
      "a distance in words",
      ["alsoServing", 2, "body", 0],
      "Gays sits on Illinois Route 16, some six miles west of Mattoon, in the southeast of its county.",
      '"six miles"',
    ],
    [
      "a count of the counties",
      ["towns", 1, "faqs", 0, "answer"],
      "Yes. Charleston lies in one of the seven counties we serve, so send the form for a free estimate.",
      '"seven counties"',
    ],
    [
      "the counties",
      ["towns", 1, "faqs", 0, "answer"],
      "Yes. We serve Coles, Shelby and Cumberland counties, Charleston included, so send the form for a free estimate.",
      "Coles, Shelby, Cumberland",
    ],
    [
      "a phone number",
      ["towns", 1, "faqs", 0, "answer"],
      "Yes. Call (217) 555-0142 or send the form and a free estimate follows within 24 hours of it.",
      '"(217) 555-0142"',
    ],
  ])("refuses %s typed in prose, at its line", async (_, keys, text, found) => {
    const dir = await copyData();
    const written = await editYaml(dir, "towns.yaml", (doc) => doc.setIn(keys, text));
    const problems = await problemsOf(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe(
      keys.map((key, i) => (typeof key === "number" ? `[${key}]` : i ? `.${key}` : key)).join(""),
    );
    expect(problems[0]!.found).toContain(found);
    expect(lineOf(written, text.slice(0, 30)) - problems[0]!.line).toBeLessThanOrEqual(1);
  });

  it("accepts a town on the line between two counties", async () => {
    const dir = await copyData();
    await editYaml(dir, "towns.yaml", (doc) =>
      doc.setIn(
        ["alsoServing", 7, "body", 0],
        "Arthur straddles two counties: its main street is the line between Douglas and Moultrie counties, and the village grew up around the railroad.",
      ),
    );
    await expect(loadData(dir)).resolves.toBeDefined();
  });
});

describe("the services a town page offers", () => {
  const services = (slug: string) =>
    model.services.filter((service) =>
      servicesIn(
        model,
        allTowns.find((town) => town.slug === slug)!,
      ).includes(service),
    );

  it("are every service in the counties of the service area, and beyond them those whose areaServed names the town", () => {
    for (const town of allTowns) {
      const offered = servicesIn(model, town).map((service) => service.key);
      if (inRegularArea(model.business, town)) expect(offered, town.slug).toEqual(model.services.map((s) => s.key));
      else
        expect(offered, town.slug).toEqual(
          model.services.filter((service) => service.areaServed.includes(town.slug)).map((service) => service.key),
        );
      expect(offered.length, town.slug).toBeGreaterThan(0);
    }
    expect(services("decatur").map((service) => service.key)).not.toContain("septic-system");
  });

  it("agree with each service page's list of towns beyond the counties, page for page", async () => {
    const pages = await renderedPages();
    for (const service of model.services) {
      const text = pages.get(`/services/${service.key}`)!;
      const beyond = /Beyond those counties, we take on projects in: (.*?) Other services/.exec(text)?.[1] ?? "";
      const listed = allTowns.filter(
        (town) => !inRegularArea(model.business, town) && new RegExp(`\\b${town.name}\\b`).test(beyond),
      );
      const offering = allTowns.filter(
        (town) => !inRegularArea(model.business, town) && servicesIn(model, town).includes(service),
      );
      expect(
        listed.map((town) => town.slug),
        service.key,
      ).toEqual(offering.map((town) => town.slug));
      for (const town of offering)
        expect(pages.get(`/towns/${town.slug}`), `${town.slug} ${service.key}`).toContain(service.name);
    }
  });

  it("refuses a town beyond the counties that no service reaches, and a service that names such a town outside its areaServed", async () => {
    const dir = await copyData();
    const text = await editYaml(dir, "services.yaml", (doc) => {
      for (const [i, service] of model.services.entries())
        doc.setIn(
          ["services", i, "areaServed"],
          service.areaServed.filter((slug) => slug !== "robinson"),
        );
      doc.setIn(
        ["services", 0, "why", "text"],
        "Flat ground around Robinson and the oil field leases holds water after every rain, so a drain needs a planned outlet.",
      );
    });
    const problems = await problemsOf(dir);
    expect(problems.map((problem) => [problem.file, problem.field])).toEqual([
      ["data/services.yaml", "services[0].why.text"],
      ["data/towns.yaml", `towns[${townIndex("robinson")}].name`],
    ]);
    expect(lineOf(text, "Flat ground around Robinson") - problems[0]!.line).toBeLessThanOrEqual(1);
  });
});

describe("a second phone number", () => {
  it("is explained on each page that shows it, naming every town page that gives it, and nowhere else but /privacy", async () => {
    const pages = await renderedPages();
    const second = allTowns.filter((town) => town.ctaPhone === "secondary");
    expect(second.map((town) => town.slug)).toEqual(["decatur", "urbana", "champaign", "savoy"]);
    const sentence = `Calls about Decatur, Urbana, Champaign and Savoy go to our second line, ${model.business.secondPhone.display}; our main number, ${model.business.phone.display}, is at the foot of every page.`;
    for (const [path, page] of pages) {
      // The band of a build with placeholders names every number (test/host-build.test.ts); the page is the rest.
      const text = page.replace(/Placeholders, not the business's own: .*? a build for a host refuses them\./, "");
      const shows = text.includes(model.business.secondPhone.display);
      if (path === "/privacy") {
        // /privacy names every number the pages show, this one as the line some towns' pages give.
        expect(text).toContain(model.business.secondPhone.display);
        expect(text).toContain("our second line, which the pages of some towns show");
        continue;
      }
      expect(text.includes(sentence), path).toBe(shows);
      expect(shows, path).toBe(second.some((town) => path === `/towns/${town.slug}`));
    }
    for (const town of allTowns)
      expect(secondLineSentence(model, town) !== undefined, town.slug).toBe(town.ctaPhone === "secondary");
  });
});

describe("the estimate promise", () => {
  it("comes from site.yaml, and no text promises another time", async () => {
    expect(model.business.estimatePromise).toBe("within 24 hours");
    const dir = await copyData();
    const text = await editYaml(dir, "towns.yaml", (doc) =>
      doc.setIn(
        ["towns", townIndex("decatur"), "faqs", 0, "answer"],
        "Yes. Send plans with your request and a free estimate will follow within one business day.",
      ),
    );
    const [problem, ...rest] = await problemsOf(dir);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ found: '"within one business day"' });
    expect(lineOf(text, "within one business day") - problem!.line).toBeLessThanOrEqual(1);
    expect(problem!.expected).toContain('"within 24 hours"');
  });

  it("does not mistake a project start for the promise", async () => {
    const dir = await copyData();
    await editYaml(dir, "faq.yaml", (doc) =>
      doc.setIn(
        ["faqs", 3, "answer"],
        "Most projects start within a few days of an approved estimate, weather permitting.",
      ),
    );
    await expect(loadData(dir)).resolves.toBeDefined();
  });

  it("makes every old promise a located problem when the owner changes it", async () => {
    const dir = await copyData();
    await editYaml(dir, "site.yaml", (doc) => doc.set("estimatePromise", "within 48 hours"));
    const problems = await problemsOf(dir);
    expect(problems.length).toBeGreaterThan(5);
    expect(problems.every((problem) => problem.found === '"within 24 hours"')).toBe(true);
  });
});

describe("town highlights", () => {
  it("are never shared by two town pages", () => {
    const texts = allTowns.flatMap((town) => town.highlights.map((highlight) => highlight.text.toLowerCase()));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("are refused, located, when two pages share one", async () => {
    const dir = await copyData();
    const casey = model.towns[townIndex("casey")]!.highlights[3]!.text;
    await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["alsoServing", 3, "highlights", 3, "text"], casey));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({
      field: "alsoServing[3].highlights[3].text",
      found: `${JSON.stringify(casey.toLowerCase())} a second time`,
    });
  });
});

describe("the content audit's corrections", () => {
  const file = (name: string) => readFile(path.join(DATA_DIR, name), "utf8");

  it("gives Charleston's founding year with its label (established 1831)", () => {
    const charleston = allTowns.find((town) => town.slug === "charleston")!;
    expect(charleston.facts).toMatchObject({ founded: 1831, foundedAs: "founded" });
  });

  it("words the JULIE notice as the law reads since 2025: both ends of the window, white-lined", async () => {
    const sitePrep = model.services.find((service) => service.key === "site-prep")!;
    expect(sitePrep.tip.text).toContain(JULIE_RULE);
    expect(sitePrep.tip.text).toMatch(/Every JULIE notice needs the dig area pre-marked: on the ground in white paint/);
    const text = (await file("services.yaml")) + (await file("towns.yaml")) + (await file("faq.yaml"));
    expect(text).not.toMatch(/working days ahead|business\s+days|48\s+hours/);
  });

  it("hedges the frost depth everywhere and names no equipment the owner never claimed", async () => {
    const text = (await file("towns.yaml")) + (await file("services.yaml"));
    expect(text).not.toMatch(/36-inch frost line/);
    expect(text).not.toMatch(/tri-axle|tandem/i);
    for (const match of text.matchAll(/36\s+inches/g)) {
      const around = text.slice(match.index - 200, match.index + 200);
      expect(around, around).toMatch(/about|around|commonly/);
      expect(around, around).toMatch(/code requires|may require more/);
    }
  });

  it("keeps only what could be sourced about Lerna and Pana", async () => {
    const text = await file("towns.yaml");
    expect(text).not.toMatch(/Quality Hill|North Swamp|East Swamp|West Swamp/);
    expect(text).toMatch(/Lincoln Log Cabin State Historic Site[^.]*lies near the village/);
  });
});

describe("what the pages say of the law and of the business", () => {
  let pages: Map<string, string>;
  const page = (path: string) => pages.get(path) ?? "";
  beforeAll(async () => {
    pages = await renderedPages();
  });

  it("gives the whole JULIE window wherever a page says when JULIE must be notified", () => {
    const period = /\b(?:one|two|three|\d+)\s+(?:business\s+|working\s+|calendar\s+)?(?:days?|hours?)\b/i;
    const timed: string[] = [];
    for (const [path, text] of pages) {
      for (const sentence of sentences(text)) {
        if (!/JULIE|\b811\b/.test(sentence) || !period.test(sentence)) continue;
        timed.push(path);
        expect(sentence, `${path}: ${sentence}`).toMatch(/no more than 10 days/);
        expect(sentence, `${path}: ${sentence}`).not.toMatch(/business days|working days|48 hours/);
      }
    }
    for (const path of [
      "/",
      "/services/culvert",
      "/services/site-prep",
      "/services/utility-trenching",
      "/towns/humboldt-seo",
    ]) {
      expect(timed, path).toContain(path);
      expect(page(path), path).toContain(JULIE_RULE);
    }
  });

  it("says of the business only the owner's claims from site.yaml, under the home page's heading and in every footer", () => {
    for (const [path, text] of pages)
      expect(text, path).toContain(
        `${model.business.claims.map((claim) => `${claim.text}.`).join(" ")} Serving Central Illinois`,
      );
    for (const claim of model.business.claims) expect(page("/")).toContain(claim.text);
  });

  it("claims no yard, crew, visit or habit the owner did not give", () => {
    // The business's yard and crew, its habits: a customer's yard, or the foundation crew on the
    // job, is another matter.
    const unclaimed =
      /\bour (?:Mattoon )?yard\b|\bfrom (?:the|our) yard\b|\bour crews?\b|\b(?:locally owned|Coles County|local) crew\b|\bcan a crew\b|\ba crew (?:based|from|get)\b|\bwe regularly\b|\bhonestly\b|look at the site|arrange a visit|\bwe always\b|\bevery time\b/i;
    expect("How soon can a crew get to Shelbyville?").toMatch(unclaimed);
    expect("so the foundation crew has room to set forms").not.toMatch(unclaimed);
    for (const [path, text] of pages)
      for (const sentence of sentences(text)) expect(sentence, `${path}: ${sentence}`).not.toMatch(unclaimed);
  });

  it("says of no one beyond the owner's list (homeowners, farms, builders, small businesses) that the business works for them", () => {
    const others = /\b(?:institutions?|property managers?|developers?|industrial|churches|schools|Amish farms)\b/i;
    const claims = (sentence: string) =>
      /\b(?:we|you) work for\b/i.test(sentence) || (/\b(?:we|our|us|you)\b/i.test(sentence) && others.test(sentence));
    expect(claims("Do you work for property managers and institutions?")).toBe(true);
    expect(claims("For commercial and industrial owners we handle site preparation.")).toBe(true);
    expect(claims("Many communities require one when a new subdivision, church, store or shop adds roofs.")).toBe(
      false,
    );
    for (const [path, text] of pages)
      for (const sentence of sentences(text)) expect(claims(sentence), `${path}: ${sentence}`).toBe(false);
  });

  it("makes no heading of a service page out of the service's name, but its title", async () => {
    // Every service renamed: a heading that changes with the name was made from it.
    const renamed = { ...model, services: model.services.map((service) => ({ ...service, name: "Sentinel Work" })) };
    const icons = iconDrawings(await loadIcons(iconsUsed(renamed)));
    const context = { business: renamed.business, assets: await buildAssets(renamed.business), year: 2026, icons };
    for (const route of buildRoutes(renamed).filter((route) => route.kind === "service")) {
      const html = renderRoute(route, context);
      expect(html, route.path).toMatch(/<h1[^>]*>Sentinel Work<\/h1>/);
      const headings = [...html.matchAll(/<h[2-6][^>]*>(.*?)<\/h[2-6]>/g)].map((match) =>
        match[1]!.replace(/<[^>]+>/g, ""),
      );
      for (const heading of headings) expect(heading, route.path).not.toMatch(/sentinel/i);
    }
  });

  it("does not promise that the business takes care of the culvert permit", () => {
    const culvert = page("/services/culvert");
    const promise =
      /\b(?:we|us|our)\b[^.]*\b(?:sort(?:s|ed)? out|handle|take care of|obtain|get|pull|secure|arrange|apply for|file)\b[^.]*\bpermits?\b|\bpermitted with\b|\bfrom the permit\b/i;
    for (const sentence of sentences(culvert)) expect(sentence).not.toMatch(promise);
    expect(culvert).not.toMatch(/Road district and IDOT permits|we can help you find out which/);
    expect(culvert).toMatch(/Illinois law requires the written consent of the highway authority/);
    expect(culvert).toMatch(/the first call about a new or replacement culvert goes to whoever maintains the road/);
  });
});
