// The JSON Schemas editors use are generated from the generator's own zod schemas, are committed
// up to date, and accept and refuse the same documents as the generator's validation.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildJsonSchemas, jsonSchemaFor, schemaFileName } from "../scripts/data/json-schemas.ts";
import { DATA_FILES } from "../scripts/data/schema.ts";
import { DATA_DIR, ROOT } from "./support/paths.ts";
import { FIXTURE_PROFILE, LONG_REVIEWS } from "./support/review-fixtures.ts";
import { FIXTURE_JOBS, jobsFileText } from "./support/job-fixtures.ts";

type Name = keyof typeof DATA_FILES;
type Doc = Record<string, any>;

const NAMES = Object.keys(DATA_FILES) as Name[];

/**
 * A data file's text in data/; for an optional file the owner has not made yet (jobs.yaml before the
 * first job), the tests' own, as `sitegen fmt` writes it.
 */
async function realText(name: Name): Promise<string> {
  const text = await readFile(path.join(DATA_DIR, DATA_FILES[name].file), "utf8").catch(() => undefined);
  if (text !== undefined || !DATA_FILES[name].optional) return text ?? "";
  return jobsFileText(FIXTURE_JOBS);
}

async function realDocument(name: Name): Promise<Doc> {
  return parse(await realText(name));
}

const ajv = new Ajv({ allErrors: true, strict: true, validateFormats: false });
// Editor-only message keywords, which validators ignore.
ajv.addVocabulary(["patternErrorMessage", "errorMessage"]);
const validators = new Map<Name, ReturnType<typeof ajv.compile>>();

/** The committed JSON Schema, compiled the way an editor reads it (draft-07). */
function jsonSchemaValidator(name: Name) {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(JSON.parse(readFileSync(path.join(ROOT, "schemas", schemaFileName(name)), "utf8")));
    validators.set(name, validate);
  }
  return validate;
}

/** Broken variants of each real file: each changes one thing the way a person might. */
const BROKEN: Record<Name, Record<string, (doc: Doc) => unknown>> = {
  site: {
    "phone without area code": (doc) => void (doc.phones.primary = "555-0142"),
    "phone with too many digits": (doc) => void (doc.phones.secondary = "(217) 555-01420"),
    "misspelt field": (doc) => {
      doc.tagLine = doc.tagline;
      delete doc.tagline;
    },
    "missing name": (doc) => void delete doc.name,
    "latitude as text": (doc) => void (doc.geo.lat = "39.48 N"),
    "misspelt day": (doc) => void (doc.hours[0].days[0] = "Munday"),
    "http address": (doc) => void (doc.url = "http://www.example.com"),
    "four-digit ZIP": (doc) => void (doc.address.postalCode = "6193"),
    "ZIP as a number": (doc) => void (doc.address.postalCode = 61938),
    "state in lowercase": (doc) => void (doc.address.region = "il"),
    "hour past midnight": (doc) => void (doc.hours[0].closes = "25:00"),
    "text number without area code": (doc) => void (doc.phones.text = "555-0163"),
    "closed day not on the calendar": (doc) =>
      void (doc.specialHours = [{ day: "2026-02-30", closed: true, reason: "Leap day" }]),
    "other hours past midnight": (doc) =>
      void (doc.specialHours = [{ day: "2026-11-27", opens: "08:00", closes: "24:00", reason: "Late day" }]),
    "closed day without a reason": (doc) => void (doc.specialHours = [{ day: "2026-11-26", closed: true }]),
    "closed as text": (doc) => void (doc.specialHours = [{ day: "2026-11-26", closed: "yes", reason: "Thanksgiving" }]),
    "emergency note of a whole paragraph": (doc) => void (doc.emergencyNote = "Call any time. ".repeat(10)),
    "no counties": (doc) => void (doc.counties = []),
    "empty file": () => null,
    "a list instead of fields": () => ["name"],
    "review with an http link": (doc) => void (doc.reviews = [{ ...LONG_REVIEWS[0], link: "http://g.co/kgs/x" }]),
    "review on a day not on the calendar": (doc) => void (doc.reviews = [{ ...LONG_REVIEWS[0], date: "2025-02-29" }]),
    "review quote too short": (doc) => void (doc.reviews = [{ ...LONG_REVIEWS[0], quote: "Great job!" }]),
    "review quote too long": (doc) =>
      void (doc.reviews = [{ ...LONG_REVIEWS[0], quote: `${LONG_REVIEWS[0]!.quote}!` }]),
    "review without a name": (doc) => {
      const { name: _name, ...rest } = LONG_REVIEWS[0]!;
      doc.reviews = [rest];
    },
    "review with a star rating": (doc) => void (doc.reviews = [{ ...LONG_REVIEWS[0], stars: 5 }]),
    "profile without the write-a-review address": (doc) =>
      void (doc.googleBusinessProfile = { reviewsUrl: FIXTURE_PROFILE.reviewsUrl }),
  },
  services: {
    "unknown icon": (doc) => void (doc.services[0].icon = "dropletz"),
    "unknown highlight icon": (doc) => void (doc.services[1].highlights[2].icon = "Shovel"),
    "3 highlights": (doc) => void doc.services[2].highlights.pop(),
    "extra field": (doc) => void (doc.services[3].price = "$100"),
    "key with capitals": (doc) => void (doc.services[4].key = "Site-Prep"),
    "description too short": (doc) => void (doc.services[5].description = "Digging."),
    "no towns served": (doc) => void (doc.services[6].areaServed = []),
    "missing tip": (doc) => void delete doc.services[7].tip,
    "no services": (doc) => void (doc.services = []),
  },
  towns: {
    "2 FAQs": (doc) => void doc.towns[0].faqs.pop(),
    "slug with a space": (doc) => void (doc.towns[1].slug = "mt zion"),
    "slug with capitals": (doc) => void (doc.towns[1].slug = "Charleston"),
    "county with the word County": (doc) => void (doc.towns[1].county = "Coles County"),
    "misspelt choice": (doc) => void (doc.towns[2].ctaPhone = "secondry"),
    "population as text": (doc) => void (doc.towns[0].facts.population = "many"),
    "population with a fraction": (doc) => void (doc.towns[0].facts.population = 1500.5),
    "facts without unique": (doc) => void delete doc.towns[0].facts.unique,
    "town outside Illinois": (doc) => void (doc.towns[3].coordinates.lat = 43.1),
    "misspelt field": (doc) => {
      doc.towns[4].countie = doc.towns[4].county;
      delete doc.towns[4].county;
    },
    "alsoServing not a list": (doc) => void (doc.alsoServing = "Lerna"),
    "5 body paragraphs": (doc) =>
      void doc.towns[5].body.push(...Array(5).fill("A paragraph long enough to pass the length rule on its own.")),
  },
  jobs: {
    "no photo": (doc) => void (doc.jobs[0].photos = []),
    "photo without alt": (doc) => void delete doc.jobs[0].photos[0].alt,
    "misspelt role": (doc) => void (doc.jobs[0].photos[0].role = "afterwards"),
    "month as a day": (doc) => void (doc.jobs[1].month = "2025-10-14"),
    "month 13": (doc) => void (doc.jobs[1].month = "2025-13"),
    "story too short": (doc) => void (doc.jobs[2].story = "Dug a ditch."),
    "no service": (doc) => void (doc.jobs[2].services = []),
    "town with capitals": (doc) => void (doc.jobs[3].town = "Charleston"),
    "misspelt field": (doc) => {
      doc.jobs[4].titel = doc.jobs[4].title;
      delete doc.jobs[4].title;
    },
  },
  law: {
    "rule without a source": (doc) => void (doc.rules[0].sources = []),
    "id with a space": (doc) => void (doc.rules[0].id = "julie notice"),
    "sentence without its period": (doc) => void (doc.rules[0].sentence = doc.rules[0].sentence.replace(/\.$/, "")),
    "read on a day not on the calendar": (doc) => void (doc.rules[0].sources[0].read = "2026-02-30"),
    "copy without its address": (doc) => void delete doc.rules[0].sources[0].copy,
    "misspelt license": (doc) => void (doc.licensedWork[0].license = "plumber"),
  },
  faq: {
    "3 FAQs": (doc) => void doc.faqs.pop(),
    "question too short": (doc) => void (doc.faqs[0].question = "Why?"),
    "answer as a number": (doc) => void (doc.faqs[1].answer = 42),
    "extra field": (doc) => void (doc.faqs[2].link = "https://example.com/faq"),
  },
};

describe("the JSON Schemas for editors", () => {
  it("are committed in schemas/ exactly as `npm run schemas` writes them", async () => {
    for (const [file, text] of buildJsonSchemas()) {
      const committed = await readFile(path.join(ROOT, "schemas", file), "utf8").catch(() => "(missing)");
      expect(committed, `schemas/${file} is out of date: run npm run schemas`).toBe(text);
    }
  });

  it.each(NAMES)("%s: the YAML file's first line points the editor at its schema", async (name) => {
    const text = await realText(name);
    expect(text.split("\n")[0]).toBe(`# yaml-language-server: $schema=../schemas/${schemaFileName(name)}`);
  });

  it("list every Lucide icon name once per file, for completion", () => {
    const services = jsonSchemaFor("services") as Doc;
    expect(services.definitions.icon.enum).toContain("droplets");
    expect(services.definitions.icon.enum.length).toBeGreaterThan(1000);
    expect(services.properties.services.items.properties.icon).toEqual({ $ref: "#/definitions/icon" });
    expect(JSON.stringify(services).match(/"droplets"/g)).toHaveLength(1);
  });

  it("carry the generator's wording for pattern rules", () => {
    const site = jsonSchemaFor("site") as Doc;
    expect(site.properties.phones.properties.primary.patternErrorMessage).toBe(
      "Expected a US phone number such as (217) 555-0142",
    );
  });

  it("and the generator both accept site.yaml with reviews and the Business Profile", async () => {
    const doc = { ...(await realDocument("site")), reviews: LONG_REVIEWS, googleBusinessProfile: FIXTURE_PROFILE };
    const validate = jsonSchemaValidator("site");
    expect(DATA_FILES.site.schema.safeParse(doc).success).toBe(true);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
  });

  it("and the generator both accept site.yaml with closed days, other hours and an emergency note", async () => {
    const doc = {
      ...(await realDocument("site")),
      specialHours: [
        { day: "2026-11-26", closed: true, reason: "Thanksgiving" },
        { from: "2026-12-24", to: "2026-12-26", closed: true, reason: "Christmas" },
        { day: "2026-11-27", opens: "08:00", closes: "12:00", reason: "day after Thanksgiving" },
      ],
      emergencyNote: "Storm damage or a broken sewer line? Call any time.",
    };
    const validate = jsonSchemaValidator("site");
    expect(DATA_FILES.site.schema.safeParse(doc).success).toBe(true);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
  });

  describe.each(NAMES)("%s: JSON Schema and generator agree", (name) => {
    const { schema } = DATA_FILES[name];

    it("on the real file: both accept it", async () => {
      const doc = await realDocument(name);
      const validate = jsonSchemaValidator(name);
      expect(schema.safeParse(doc).success).toBe(true);
      expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    });

    it.each(Object.keys(BROKEN[name]))("on a broken variant (%s): both refuse it", async (variant) => {
      const doc = await realDocument(name);
      const edit = BROKEN[name][variant]!;
      const replaced = edit(doc);
      const sample = replaced === undefined ? doc : replaced;
      const validate = jsonSchemaValidator(name);
      expect(schema.safeParse(sample).success).toBe(false);
      expect(validate(sample)).toBe(false);
    });
  });
});
