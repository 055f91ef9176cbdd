// Reads data/*.yaml, validates every file against its schema and the rules across files
// (rules.ts), and reports every problem with the file, line, column and field it concerns.
import { lstat } from "node:fs/promises";
import path from "node:path";
import { isScalar } from "yaml";
import type { z } from "zod";
import { DataError, type DataProblem, type PathKey } from "./problems.ts";
import { allowedFieldsText, unknownFieldHint, valueHint } from "./hints.ts";
import { fieldName, keyNodeAt, nodeAt, parseFile, problemAt, problemInText, type ParsedFile } from "./read-yaml.ts";
import { checkPhotos, photoPlaces } from "./photos.ts";
import type { PhotoInfo } from "./site-rows.ts";
import { checkRules } from "./rules.ts";
import { DATA_FILES, type Faq, type LawFile, type Service, type SiteData, type Town } from "./schema.ts";
import { lawProblems, lawSentences, withLaw } from "./law.ts";
import { quotedValue } from "../lib/printable.ts";
import { placeholdersIn } from "./placeholders.ts";
import type { FeatureFields, FeatureFileValues, FilesRead } from "./extension.ts";
import { FEATURE_FIELDS } from "../features/fields.ts";

export interface RawData {
  site: SiteData;
  services: Service[];
  towns: Town[];
  alsoServing: Town[];
  homeFaqs: Faq[];
  /** The features' own data files that are there (jobs.yaml), by name, as they passed their schema. */
  featureFiles: FeatureFileValues;
  /**
   * The rules of law and the licensed work of law.yaml; none without the file. The texts above hold
   * their sentences where they referred to them ({law:<id>}).
   */
  law: LawFile;
  /** The photos the rows name, by file, as read and checked. */
  photos: ReadonlyMap<string, PhotoInfo>;
  /** What the features' fields read of the files they name (such as the logo in data/brand/), by feature (extension.ts). */
  filesRead: FilesRead;
  /** What is allowed but close to a rule (a town page close to another's wording), located as problems are. */
  warnings: DataProblem[];
  /**
   * The placeholders still in site.yaml (placeholders.ts), located as problems are: `check` lists
   * them, a build for a host refuses them, a build on this computer shows them marked.
   */
  placeholders: DataProblem[];
}


function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "an empty value";
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "object") return "a group of fields";
  return quotedValue(value as string | number | boolean);
}

function valueAt(root: unknown, keys: readonly PathKey[]): unknown {
  let value: unknown = root;
  for (const key of keys) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PathKey, unknown>)[key];
  }
  return value;
}

/** Type names as the owner knows them: "text", not "string". */
const PLAIN_TYPE_NAMES: Record<string, string> = {
  string: "text",
  object: "a group of fields",
  array: "a list",
  int: "a whole number",
  boolean: "true or false",
};

function expectedText(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === "invalid_type") {
    const article = /^[aeiou]/.test(issue.expected) ? "an" : "a";
    const wanted = PLAIN_TYPE_NAMES[issue.expected] ?? `${article} ${issue.expected}`;
    // A field whose schema says what belongs there when it is missing (zod's own words start "Invalid input").
    const said = issue.message.startsWith("Invalid input") ? wanted : issue.message;
    return value === undefined ? `${said} (this field is required)` : wanted;
  }
  if (issue.code === "invalid_value" && "values" in issue) {
    const choices = `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    return value === undefined ? `${choices} (this field is required)` : choices;
  }
  return issue.message;
}

function schemaProblems(parsed: ParsedFile, schema: z.ZodType): DataProblem[] {
  const result = schema.safeParse(parsed.value);
  if (result.success) {
    // Keep the validated form (trimmed text) for everything that follows.
    parsed.value = result.data;
    return [];
  }
  const problems: DataProblem[] = [];
  for (const issue of result.error.issues) {
    const keys = issue.path as PathKey[];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const keyNode = keyNodeAt(parsed.doc, keys, key);
        const at = parsed.lines.linePos(keyNode?.range?.[0] ?? nodeAt(parsed.doc, keys)?.range?.[0] ?? 0);
        const hint = unknownFieldHint(schema, keys, key);
        problems.push({
          file: parsed.file,
          line: at.line,
          column: at.col,
          field: fieldName([...keys, key]),
          // Quoted and cut short as a value is: a key, too, is whatever the file says.
          found: `the unknown field ${describeValue(key)}`,
          expected: allowedFieldsText(schema, keys),
          ...(hint ? { hint } : {}),
        });
      }
      continue;
    }
    const value = valueAt(parsed.value, keys);
    const inText = issue.code === "custom" ? textPlace(issue.params) : undefined;
    if (inText) {
      problems.push(problemInText(parsed, keys, inText.offset, inText.found, issue.message));
      continue;
    }
    const node = parsed.doc.getIn(keys, true);
    const hint = valueHint(schema, issue, value, isScalar(node) ? node.source : undefined);
    problems.push({ ...problemAt(parsed, keys, describeValue(value), expectedText(issue, value)), ...(hint ? { hint } : {}) });
  }
  return problems;
}

/** Where a rule placed a problem inside a text value (lead-form.ts), and what it found there. */
function textPlace(params: unknown): { offset: number; found: string } | undefined {
  const { offset, found } = (params ?? {}) as { offset?: unknown; found?: unknown };
  return typeof offset === "number" && typeof found === "string" ? { offset, found } : undefined;
}

/** Problems file by file (in DATA_FILES order), then from the top of each file down. */
function inReadingOrder(problems: DataProblem[]): DataProblem[] {
  const fileOrder: string[] = Object.values(DATA_FILES).map(({ file }) => file);
  const rank = (problem: DataProblem) => fileOrder.indexOf(path.basename(problem.file));
  return [...problems].sort((a, b) => rank(a) - rank(b) || a.line - b.line || a.column - b.column);
}

export interface LoadOptions {
  /** The day the data is checked against (a review may not be dated later); the clock's today by default. */
  today?: Date;
}

/**
 * Loads and validates every data file; throws a DataError listing every problem found. Warnings,
 * which stop nothing, come back with the data.
 */
export async function loadData(dataDir: string, options: LoadOptions = {}): Promise<RawData> {
  const problems: DataProblem[] = [];
  const parsed = {} as Record<keyof typeof DATA_FILES, ParsedFile | undefined>;
  // An optional file that is not there was read and found empty; anything else under its name
  // (a link, a folder) is read, and refused, as any data file is.
  const absent = new Set<keyof typeof DATA_FILES>();
  for (const [name, { file, schema, optional }] of Object.entries(DATA_FILES) as [keyof typeof DATA_FILES, (typeof DATA_FILES)[keyof typeof DATA_FILES]][]) {
    if (optional && !(await lstat(path.join(dataDir, file)).catch(() => undefined))) {
      absent.add(name);
      continue;
    }
    const result = await parseFile(dataDir, file, problems);
    if (result) {
      const found = schemaProblems(result, schema);
      problems.push(...found);
      parsed[name] = found.length === 0 ? result : undefined;
    }
  }
  const { site, services, towns, faq, law } = parsed;
  // The build's moment, one for every dated rule and check.
  const today = options.today ?? new Date();
  const rules = checkRules(parsed, today);
  problems.push(...rules.problems);
  for (const fields of FEATURE_FIELDS as readonly FeatureFields[])
    if (site && fields.checks) problems.push(...(await fields.checks(dataDir, site, today)));
  problems.push(...lawProblems(parsed, absent.has("law"), today));
  const checked = await checkPhotos(dataDir, photoPlaces(parsed));
  problems.push(...checked.problems);
  const filesRead: Record<string, unknown> = {};
  for (const fields of FEATURE_FIELDS as readonly FeatureFields[]) {
    if (!fields.folder || !site) continue;
    const folder = await fields.folder.read(dataDir, site);
    problems.push(...folder.problems);
    filesRead[fields.feature] = folder.read;
  }
  // Every file read (or, if optional, absent), as its schema asks.
  const allRead = (Object.keys(DATA_FILES) as (keyof typeof DATA_FILES)[]).every((name) => absent.has(name) || parsed[name]);
  if (problems.length > 0 || !site || !services || !towns || !faq || !allRead)
    throw new DataError(inReadingOrder(problems));
  const siteData = site.value as SiteData;
  const lawData: LawFile = law ? (law.value as LawFile) : { rules: [], licensedWork: [] };
  // Each reference, {law:<id>}, becomes its sentence: the one place the pages' rules come from.
  const sentences = lawSentences(lawData, siteData.licenses);
  const townData = withLaw(towns.value as { towns: Town[]; alsoServing: Town[] }, sentences);
  return {
    // site.yaml's prose (the tagline, the note under the hours, the claims) may name a rule too.
    site: {
      ...siteData,
      tagline: withLaw(siteData.tagline, sentences),
      ...(siteData.emergencyNote === undefined ? {} : { emergencyNote: withLaw(siteData.emergencyNote, sentences) }),
      claims: withLaw(siteData.claims, sentences),
    },
    services: withLaw((services.value as { services: Service[] }).services, sentences),
    towns: townData.towns,
    alsoServing: townData.alsoServing,
    homeFaqs: withLaw((faq.value as { faqs: Faq[] }).faqs, sentences),
    featureFiles: Object.fromEntries(
      (FEATURE_FIELDS as readonly FeatureFields[])
        .flatMap((fields) => Object.keys(fields.files ?? {}) as (keyof typeof DATA_FILES)[])
        .flatMap((name) => (parsed[name] ? [[name, withLaw(parsed[name].value, sentences)]] : [])),
    ),
    law: lawData,
    photos: checked.photos,
    filesRead,
    warnings: inReadingOrder(rules.warnings),
    placeholders: placeholderProblems(site),
  };
}

/**
 * Each placeholder of site.yaml as a problem at its place: the form's at its address inside the
 * embed code, where the owner pastes the provider's own.
 */
function placeholderProblems(site: ParsedFile): DataProblem[] {
  return placeholdersIn(site.value as SiteData).map(({ keys, value, replaceWith }) => {
    const found = `the placeholder ${quotedValue(value)}`;
    const raw = site.doc.getIn(keys);
    const offset = typeof raw === "string" ? raw.indexOf(value) : -1;
    return offset > 0 ? problemInText(site, keys, offset, found, replaceWith) : problemAt(site, keys, found, replaceWith);
  });
}

