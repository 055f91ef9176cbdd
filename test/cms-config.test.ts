// The site editor's configuration (/admin/config.yml): valid for the CMS by its own published
// schema, printed by `sitegen cms-config` exactly as generate writes it, and in agreement with the
// zod schemas on sample values: whatever the CMS can express (required, lengths, patterns, counts,
// choices, number bounds) accepts and refuses the same values zod does. What it cannot express
// (trimming, unique slugs, towns that exist, a point inside Illinois, a job's month not after this
// one) stays with `check`.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import {
  buttonColourFieldFor,
  featureFilePathsFor,
  cmsConfig,
  leadFormFieldFor,
  photoPathsFor,
  type CmsField,
  type SiteLists,
} from "../scripts/admin/cms-config.ts";
import { buttonTextProblem } from "../scripts/data/palette.ts";
import { parseHtmlFragment } from "../scripts/data/html-fragment.ts";
import { readLeadFormEmbed } from "../scripts/data/lead-form.ts";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { DATA_FILES, type DataFileName, type Service, type Town } from "../scripts/data/schema.ts";
import { DATA_DIR, ROOT } from "./support/paths.ts";
import { FIXTURE_PROFILE, LONG_REVIEWS } from "./support/review-fixtures.ts";
import { FIXTURE_JOBS } from "./support/job-fixtures.ts";

const run = promisify(execFile);
const NAMES = Object.keys(DATA_FILES) as DataFileName[];
type Data = Record<string, unknown>;

let config: Record<string, unknown>;
let site: Data;
let lists: SiteLists;

beforeAll(async () => {
  site = parse(await readFile(path.join(DATA_DIR, "site.yaml"), "utf8")) as Data;
  const towns = parse(await readFile(path.join(DATA_DIR, "towns.yaml"), "utf8")) as {
    towns: Town[];
    alsoServing: Town[];
  };
  const { services } = parse(await readFile(path.join(DATA_DIR, "services.yaml"), "utf8")) as { services: Service[] };
  lists = { towns: [...towns.towns, ...towns.alsoServing], services };
  config = cmsConfig(site as never, lists);
});

/** A data file as data/ has it; jobs.yaml, until the owner makes it, the tests' own jobs. */
async function dataOf(name: DataFileName): Promise<Data> {
  const text = await readFile(path.join(DATA_DIR, DATA_FILES[name].file), "utf8").catch(() => undefined);
  return text === undefined && DATA_FILES[name].optional ? { jobs: FIXTURE_JOBS } : (parse(text ?? "") as Data);
}

/** A select's values: its options, or the value of each option shown by a label. */
const optionValues = (field: CmsField) =>
  (field.options as unknown[]).map((option) =>
    option && typeof option === "object" ? (option as { value: unknown }).value : option,
  );

/**
 * What the CMS does with a value in a field, by its configuration (Sveltia's rules). An empty value
 * is held only to `required`: the CMS checks no length or pattern on an optional field left empty,
 * such as the caption of a photo just added.
 */
function cmsAccepts(field: CmsField, value: unknown): boolean {
  const empty = value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
  if (empty) return field.required === false;
  const min = field.min as number | undefined;
  const max = field.max as number | undefined;
  switch (field.widget) {
    case "string":
    case "text": {
      if (typeof value !== "string") return false;
      const [pattern] = (field.pattern as [string, string] | undefined) ?? [];
      return (
        value.length >= ((field.minlength as number) ?? 0) &&
        value.length <= ((field.maxlength as number) ?? Infinity) &&
        (pattern === undefined || new RegExp(pattern).test(value))
      );
    }
    case "number":
      return (
        typeof value === "number" &&
        (field.value_type !== "int" || Number.isInteger(value)) &&
        value >= (min ?? -Infinity) &&
        value <= (max ?? Infinity)
      );
    case "select": {
      const options = optionValues(field);
      if (!field.multiple) return options.includes(value);
      return (
        Array.isArray(value) &&
        value.every((item) => options.includes(item)) &&
        value.length >= (min ?? 0) &&
        value.length <= (max ?? Infinity)
      );
    }
    case "list":
      return Array.isArray(value) && value.length >= (min ?? 0) && value.length <= (max ?? Infinity);
    case "datetime":
      // A date picker (type: date) gives only days that exist, as YYYY-MM-DD; with a format, the
      // day's month, as YYYY-MM.
      if (field.format === "YYYY-MM") return typeof value === "string" && /^\d{4}-(?:0[1-9]|1[0-2])$/.test(value);
      return (
        field.type === "date" &&
        typeof value === "string" &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(value)) &&
        new Date(value).toISOString().startsWith(value)
      );
    case "color": {
      // Sveltia's colour picker saves #rrggbb; the box beside it takes what is typed, held to the pattern.
      const [pattern] = (field.pattern as [string, string] | undefined) ?? [];
      return typeof value === "string" && (pattern === undefined || new RegExp(pattern).test(value));
    }
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return typeof value === "object";
    default:
      throw new Error(`No rule for widget ${field.widget}`);
  }
}

/**
 * Whether zod accepts `value` at `at` in the file's data: no problem reported at that place (or
 * inside it, for a field that owns its items, `within`).
 */
function zodAccepts(name: DataFileName, data: Data, at: (string | number)[], value: unknown, within = false): boolean {
  const copy = structuredClone(data);
  let node: Data = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Data;
  if (value === undefined) delete node[at.at(-1)!];
  else node[at.at(-1)!] = value;
  const result = DATA_FILES[name].schema.safeParse(copy);
  const place = at.join("/");
  return !(result.error?.issues ?? []).some((issue) => {
    const where = issue.path.join("/");
    return where === place || (within && where.startsWith(`${place}/`));
  });
}

/** Values to try in a field: the one the data has, and values at and beyond each of its bounds. */
function samples(field: CmsField, current: unknown): unknown[] {
  const values: unknown[] = [current, undefined];
  if (typeof current === "string") {
    const long = `${current} `.repeat(50).replace(/\s+/g, "x");
    for (const bound of [field.minlength, field.maxlength] as (number | undefined)[]) {
      if (bound !== undefined) values.push(long.slice(0, bound - 1), long.slice(0, bound), long.slice(0, bound + 1));
    }
    values.push(
      "",
      current.toUpperCase(),
      `${current}x`,
      `x${current}`,
      current.replaceAll(" ", "-"),
      "x",
      "within 2 days",
      "Coles County",
      "http://example.com",
      "https://example.com/page",
      "IL",
      "il",
      "61938",
      "6193",
      "(217) 555-0142",
      "217 555 0142",
      "07:00",
      "7:00",
      "24:00",
      "2024-02-29",
      "2023-02-29",
      "2025-04-31",
      "2025-4-12",
      "2099-01-01",
      "2025-06",
      "2025-6",
      "2025-13",
      "2025-00",
      "#1d4e89",
      "#1D4E89",
      "#f2b300",
      "#2e8b57",
      "#777777",
      "1d4e89",
      "#fff",
    );
  } else if (typeof current === "number") {
    values.push(
      current + 0.5,
      Math.round(current),
      -1000,
      1000,
      field.min,
      field.max,
      (field.min as number) - 1,
      (field.max as number) + 1,
    );
  } else if (typeof current === "boolean") {
    values.push(!current, "yes");
  } else if (Array.isArray(current)) {
    const one = current[0];
    for (const count of [
      0,
      1,
      2,
      3,
      4,
      5,
      (field.min as number) - 1,
      field.min,
      field.max,
      (field.max as number) + 1,
    ]) {
      if (typeof count === "number" && count >= 0 && count < 20)
        values.push(Array.from({ length: count }, (_, i) => current[i] ?? one));
    }
    if (field.widget === "select") values.push(["Someday"], ["Monday", "Monday"], optionValues(field).slice(0, 2));
  }
  if (field.widget === "select" && !field.multiple) values.push(...optionValues(field).slice(0, 3), "none", "");
  return values.filter((value) => value !== undefined || field.required === false || current !== undefined);
}

/** Every field of a file with its place in the data and the data's value there (first item of a list). */
function* fieldsWithValues(
  fields: CmsField[],
  data: Data,
  at: (string | number)[] = [],
): Generator<[CmsField, (string | number)[], unknown]> {
  for (const field of fields) {
    const value = data?.[field.name];
    const here = [...at, field.name];
    yield [field, here, value];
    if (field.widget === "object" && value) yield* fieldsWithValues(field.fields as CmsField[], value as Data, here);
    if (field.widget === "list" && Array.isArray(value) && value.length > 0) {
      if (field.fields) yield* fieldsWithValues(field.fields as CmsField[], value[0] as Data, [...here, 0]);
      else yield [{ ...(field.field as CmsField), required: true }, [...here, 0], value[0]];
    }
  }
}

/**
 * The data with a photo in the first item of each photo list, so the photo's fields are compared
 * too while the data has no photos yet. `paths` end in the list and the photo's file: photos, any item, file.
 */
function withSamplePhotos(data: Data, paths: string[][]): Data {
  const copy = structuredClone(data);
  for (const at of paths.filter((path) => path.at(-3) === "photos")) {
    let node: unknown = copy;
    for (const key of at.slice(0, -3)) node = key === "*" ? (node as unknown[])[0] : (node as Data)[key];
    const owner = node as Data;
    const list = at.at(-3)!;
    if (!Array.isArray(owner[list]) || (owner[list] as unknown[]).length === 0)
      owner[list] = [{ file: "photos/basement-dig.jpg", alt: "Excavator digging a basement", caption: "Basement dig" }];
  }
  return copy;
}

/**
 * The owner's marks and photos at the top of the pages (none in the data yet): a logo, an icon and an
 * accent in site.yaml, and a photo at the top of the home page and of the first town and service.
 */
function withSampleBrand(name: DataFileName, data: Data): Data {
  const copy = structuredClone(data);
  const hero = { file: "photos/yard.jpg", alt: "Excavator loading a dirt pile on a job site" };
  if (name === "site")
    Object.assign(copy, {
      logo: { file: "brand/logo.svg", alt: "Fixture Excavating" },
      icon: "brand/icon.png",
      accent: "#1d4e89",
      hero,
    });
  for (const list of ["services", "towns"]) if (Array.isArray(copy[list])) (copy[list] as Data[])[0]!.hero = hero;
  return copy;
}

/**
 * site.yaml with a review and the Business Profile, so that their fields are compared too while
 * the data has none (the site never shows an invented review; this one stays in the test).
 */
function withSampleReview(name: DataFileName, data: Data): Data {
  if (name !== "site") return data;
  const copy = structuredClone(data);
  if (!Array.isArray(copy.reviews) || copy.reviews.length === 0) copy.reviews = [LONG_REVIEWS[0]];
  copy.googleBusinessProfile ??= FIXTURE_PROFILE;
  return copy;
}

/**
 * site.yaml with a closed range of days and an emergency note, so that their fields are compared
 * too while the data has none (the owner named no closed days; these stay in the test).
 */
function withSampleHours(name: DataFileName, data: Data): Data {
  if (name !== "site") return data;
  const copy = structuredClone(data);
  copy.specialHours = [{ from: "2026-12-24", to: "2026-12-26", closed: true, reason: "Christmas" }];
  copy.emergencyNote = "Storm damage or a broken sewer line? Call any time.";
  return copy;
}

/** Every file of every collection, in the order the editor lists them. */
function filesOf(cms: Record<string, unknown>) {
  return (cms.collections as { files: { name: DataFileName; file: string; fields: CmsField[] }[] }[]).flatMap(
    (collection) => collection.files,
  );
}

/**
 * What the editor's script checks on save beyond the CMS's own checks (admin/editor.ts): the
 * estimate form's embed code, read as the build reads it, and the accent's contrast.
 */
function editorSaves(name: DataFileName, at: (string | number)[], value: unknown): boolean {
  const accent = buttonColourFieldFor(name);
  if (accent && at.join(".") === accent.path.join(".") && typeof value === "string" && /^#[0-9a-f]{6}$/i.test(value))
    return buttonTextProblem(value) === undefined;
  const leadForm = leadFormFieldFor(name);
  if (!leadForm || at.join(".") !== leadForm.path.join(".") || typeof value !== "string") return true;
  return !("offset" in readLeadFormEmbed(value, parseHtmlFragment));
}

/**
 * What the build's rules hold to the site's own lists beyond the schema (data/rules.ts): a job's
 * town is a town page's slug and its services services' keys; the editor offers only those.
 */
function inSiteLists(name: DataFileName, at: (string | number)[], value: unknown): boolean {
  if (name !== "jobs" || value === undefined) return true;
  const field = at.at(-1);
  if (field === "town") return lists.towns.some((town) => town.slug === value);
  if (field === "services" && Array.isArray(value))
    return value.every((key) => lists.services.some((service) => service.key === key));
  return true;
}

describe("the site editor's configuration", () => {
  it("is valid by the CMS's own published configuration schema", async () => {
    const schema = JSON.parse(
      await readFile(path.join(ROOT, "node_modules/@sveltia/cms/schema/sveltia-cms.json"), "utf8"),
    );
    const validate = new Ajv({ allErrors: true, strict: false, logger: false }).compile(schema);
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // And the schema does refuse a wrong configuration.
    expect(
      validate({
        ...config,
        collections: [
          {
            name: "data",
            files: [{ name: "x", file: "x.yaml", fields: [{ name: "a", widget: "string", minlenght: 3 }] }],
          },
        ],
      }),
    ).toBe(false);
  });

  it("names every data file once, in the format the editor's script registers", () => {
    expect(filesOf(config).map((file) => [file.name, file.file])).toEqual(
      NAMES.map((name) => [name, `data/${DATA_FILES[name].file}`]),
    );
  });

  it("is what `sitegen cms-config` prints and what generate writes as /admin/config.yml", async () => {
    const { stdout } = await run(process.execPath, [path.join(ROOT, "bin/sitegen.js"), "cms-config"], { cwd: ROOT });
    expect(stdout).toContain("options:");
    const built = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
    expect(String(built.files.get("admin/config.yml"))).toBe(stdout);
    expect(parse(stdout)).toEqual(config);
  }, 120_000); // the command line's cms-config, then a build in memory (15 s cold alone, 2 s with the cache)

  it("agrees with zod on sample values for everything the CMS can express", async () => {
    let compared = 0;
    const places = new Set<string>();
    const disagreements: string[] = [];
    for (const file of filesOf(config)) {
      const data = withSampleBrand(
        file.name,
        withSampleHours(
          file.name,
          withSampleReview(file.name, withSamplePhotos(await dataOf(file.name), photoPathsFor(file.name))),
        ),
      );
      for (const [field, at, current] of fieldsWithValues(file.fields, data)) {
        if (field.widget === "object" || field.widget === "image") continue;
        for (const value of samples(field, current)) {
          // Trimming is zod's alone: the CMS keeps spaces at either end.
          if (typeof value === "string" && value !== value.trim()) continue;
          const cms = cmsAccepts(field, value) && editorSaves(file.name, at, value);
          // An empty optional field is left out of the file on save (omit_empty_optional_fields).
          const saved =
            field.required === false && (value === "" || (Array.isArray(value) && value.length === 0))
              ? undefined
              : value;
          const zod =
            zodAccepts(file.name, data, at, saved, field.widget === "select") && inSiteLists(file.name, at, saved);
          compared++;
          places.add(`${file.name} ${at.join(".")}`);
          if (cms !== zod)
            disagreements.push(
              `${file.name} ${at.join(".")} = ${JSON.stringify(value)?.slice(0, 60)}: CMS ${cms}, zod ${zod}`,
            );
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
    for (const field of ["quote", "name", "town", "date", "service", "link"])
      expect(places).toContain(`site reviews.0.${field}`);
    expect(places).toContain("site googleBusinessProfile.writeReviewUrl");
    for (const field of ["from", "to", "closed", "reason"]) expect(places).toContain(`site specialHours.0.${field}`);
    expect(places).toContain("site emergencyNote");
    expect(places).toContain("site phones.text");
    expect(places).toContain("site leadForm.embed");
    for (const field of ["slug", "title", "town", "services", "month", "story", "photos"])
      expect(places).toContain(`jobs jobs.0.${field}`);
    for (const field of ["role", "alt", "caption"]) expect(places).toContain(`jobs jobs.0.photos.0.${field}`);
    for (const field of ["logo.alt", "accent", "hero.alt"]) expect(places).toContain(`site ${field}`);
    expect(places).toContain("towns towns.0.hero.alt");
  });

  it("offers a photo picker wherever the data names a photo, into data/photos/, with no stock photos", () => {
    expect(photoPathsFor("towns")).toEqual([
      ["towns", "*", "photos", "*", "file"],
      ["towns", "*", "hero", "file"],
      ["alsoServing", "*", "photos", "*", "file"],
      ["alsoServing", "*", "hero", "file"],
    ]);
    expect(photoPathsFor("services")).toEqual([
      ["services", "*", "photos", "*", "file"],
      ["services", "*", "hero", "file"],
    ]);
    expect(photoPathsFor("jobs")).toEqual([["jobs", "*", "photos", "*", "file"]]);
    expect([photoPathsFor("site"), photoPathsFor("faq")]).toEqual([[["hero", "file"]], []]);
    const town = filesOf(config)
      .find((file) => file.name === "towns")!
      .fields.find((field) => field.name === "towns")!.fields as CmsField[];
    const photo = (town.find((field) => field.name === "photos")!.fields as CmsField[])[0]!;
    expect([photo.name, photo.widget, photo.choose_url]).toEqual(["file", "image", false]);
    expect([config.media_folder, config.public_folder]).toEqual(["data/photos", "/photos"]);
    expect(config.media_libraries).toEqual({
      default: {
        config: {
          slugify_filename: true,
          transformations: {
            jpeg: { format: "webp", quality: 85, width: 2134, height: 2134 },
            heic: { format: "webp", quality: 85, width: 2134, height: 2134 },
          },
        },
      },
      stock_assets: false,
    });
  });

  it("offers the logo and the icon as pictures into data/brand/, and the accent as a colour picker", () => {
    expect(featureFilePathsFor("site")).toEqual([{ paths: [["logo", "file"], ["icon"]], folder: "brand" }]);
    for (const name of ["towns", "services", "faq"] as const)
      expect(featureFilePathsFor(name)).toEqual([{ paths: [], folder: "brand" }]);
    const site = filesOf(config).find((file) => file.name === "site")!.fields;
    const byName = (fields: CmsField[], name: string) => fields.find((field) => field.name === name)!;
    const logo = byName(site, "logo");
    expect([logo.label, logo.widget, logo.required]).toEqual(["Logo", "object", false]);
    for (const picture of [byName(logo.fields as CmsField[], "file"), byName(site, "icon")]) {
      expect(picture).toMatchObject({
        widget: "image",
        choose_url: false,
        accept: "image/svg+xml,image/png,image/webp",
        media_folder: "/data/brand",
        public_folder: "/brand",
      });
    }
    expect(byName(logo.fields as CmsField[], "alt")).toMatchObject({ label: "The logo's words", required: false });
    expect(byName(site, "icon").label).toBe("Browser tab icon");
    // A highlight's icon is still an icon, in every file.
    const towns = filesOf(config).find((file) => file.name === "towns")!.fields;
    const highlights = byName(byName(towns, "towns").fields as CmsField[], "highlights");
    expect(byName(highlights.fields as CmsField[], "icon").label).toBe("Icon");
    expect(byName(site, "accent")).toMatchObject({
      label: "Accent colour",
      widget: "color",
      allowInput: true,
      required: false,
    });
    const hero = byName(site, "hero");
    expect(byName(hero.fields as CmsField[], "file")).toMatchObject({ widget: "image", label: "Photo" });
    expect(buttonColourFieldFor("site")).toEqual({ path: ["accent"], labels: ["Accent colour"] });
    expect(buttonColourFieldFor("towns")).toBeUndefined();
  });

  it("leaves the optional parts optional and counts lists exactly as the schema does", () => {
    const towns = filesOf(config).find((file) => file.name === "towns")!.fields;
    const town = (towns.find((field) => field.name === "towns")!.fields as CmsField[]).reduce<Record<string, CmsField>>(
      (all, field) => ({ ...all, [field.name]: field }),
      {},
    );
    expect(town.facts?.required).toBe(false);
    expect(town.ctaPhone?.required).toBe(false);
    expect(town.photos?.required).toBe(false);
    expect(town.name?.required).toBeUndefined();
    expect([town.highlights?.min, town.highlights?.max]).toEqual([4, 4]);
    expect([town.faqs?.min, town.faqs?.max]).toEqual([3, 3]);
    const icon = (town.highlights!.fields as CmsField[]).find((field) => field.name === "icon")!;
    expect(icon.widget).toBe("select");
    expect(icon.options).toContain("shovel");
    expect((icon.options as string[]).length).toBeGreaterThan(1000);
  });
  it("gives the jobs a collection of their own, the town and services picked from the site's lists, the month from a calendar", () => {
    const collections = config.collections as { name: string; label: string; files: { name: string }[] }[];
    expect(collections.map((collection) => [collection.label, collection.files.map((file) => file.name)])).toEqual([
      ["Site content", ["site", "services", "towns", "faq", "law"]],
      ["Jobs", ["jobs"]],
    ]);
    const jobs = filesOf(config)
      .find((file) => file.name === "jobs")!
      .fields.find((field) => field.name === "jobs")!;
    expect([jobs.widget, jobs.label_singular, jobs.summary]).toEqual(["list", "Job", "{{fields.title}}"]);
    const job = Object.fromEntries((jobs.fields as CmsField[]).map((field) => [field.name, field]));
    expect(Object.keys(job)).toEqual(["slug", "title", "town", "services", "month", "story", "photos"]);
    expect(job.town!.options).toEqual(lists.towns.map((town) => ({ label: town.name, value: town.slug })));
    expect(job.town!.options).toContainEqual({ label: "Arcola", value: "arcola-seo" });
    expect([job.services!.widget, job.services!.multiple, job.services!.min, job.services!.max]).toEqual([
      "select",
      true,
      1,
      4,
    ]);
    expect(job.services!.options).toContainEqual({ label: "Drainage Systems", value: "drainage-system" });
    expect([job.month!.widget, job.month!.type, job.month!.format]).toEqual(["datetime", "date", "YYYY-MM"]);
    // The story gets the box that grows with the text.
    expect(job.story!.widget).toBe("text");
    const photo = Object.fromEntries((job.photos!.fields as CmsField[]).map((field) => [field.name, field]));
    expect(Object.keys(photo)).toEqual(["file", "role", "alt", "caption"]);
    expect([photo.file!.widget, photo.role!.widget, photo.role!.options]).toEqual([
      "image",
      "select",
      ["before", "during", "after"],
    ]);
    expect(photo.alt!.required).toBeUndefined();
  });
});
