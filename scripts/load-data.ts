// Reads data/*.yaml, validates every file against its schema and the cross-file rules, and
// reports every problem with the file, line, column and field it concerns.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { z } from "zod";
import { DATA_FILES, type Faq, type Service, type SiteData, type Town } from "./schema.ts";

export interface DataProblem {
  file: string;
  line: number;
  column: number;
  field: string;
  found: string;
  expected: string;
}

export class DataError extends Error {
  constructor(readonly problems: DataProblem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "DataError";
  }
}

export function formatProblem(p: DataProblem): string {
  const field = p.field ? ` ${p.field}:` : "";
  return `${p.file}:${p.line}:${p.column}${field} found ${p.found}, expected ${p.expected}`;
}

export interface RawData {
  site: SiteData;
  services: Service[];
  towns: Town[];
  alsoServing: Town[];
  homeFaqs: Faq[];
}

type PathKey = string | number;

export interface ParsedFile {
  file: string;
  doc: Document.Parsed;
  lines: LineCounter;
  value: unknown;
}

const MAX_DATA_FILE_BYTES = 1024 * 1024;

async function parseFile(dataDir: string, name: string, problems: DataProblem[]) {
  const absolute = path.join(dataDir, name);
  const file = path.join(path.basename(dataDir), name);
  let source: string;
  try {
    source = await readFile(absolute, "utf8");
  } catch {
    problems.push({ file, line: 1, column: 1, field: "", found: "no file", expected: `the file ${absolute}` });
    return undefined;
  }
  if (Buffer.byteLength(source) > MAX_DATA_FILE_BYTES) {
    problems.push({
      file,
      line: 1,
      column: 1,
      field: "",
      found: `a file of ${Buffer.byteLength(source)} bytes`,
      expected: `a data file under ${MAX_DATA_FILE_BYTES / 1024} KB`,
    });
    return undefined;
  }
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    for (const error of doc.errors.slice(0, 10)) {
      const at = lines.linePos(error.pos[0]);
      problems.push({
        file,
        line: at.line,
        column: at.col,
        field: "",
        found: "a YAML syntax error",
        expected: `valid YAML (${error.message.split("\n")[0]})`,
      });
    }
    return undefined;
  }
  const parsed: ParsedFile = { file, doc, lines, value: doc.toJS() };
  return parsed;
}

/** The YAML node for a path, or its nearest existing ancestor when the path does not exist. */
function nodeAt(doc: Document.Parsed, keys: readonly PathKey[]): Node | undefined {
  for (let depth = keys.length; depth >= 0; depth--) {
    const node = doc.getIn(keys.slice(0, depth), true);
    if (node && typeof node === "object" && "range" in node) return node as Node;
  }
  return doc.contents ?? undefined;
}

/** The node of a key inside a mapping, to point at an unknown key itself. */
function keyNodeAt(doc: Document.Parsed, mapPath: readonly PathKey[], key: string) {
  const map = mapPath.length === 0 ? doc.contents : doc.getIn(mapPath, true);
  if (!isMap(map)) return undefined;
  const pair = map.items.find((item) => isScalar(item.key) && item.key.value === key);
  return pair && isScalar(pair.key) ? pair.key : undefined;
}

export function fieldName(keys: readonly PathKey[]): string {
  return keys
    .map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join("");
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "an empty value";
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "object") return "a group of fields";
  const shown = JSON.stringify(value);
  return shown.length > 60 ? `${shown.slice(0, 57)}..."` : shown;
}

function valueAt(root: unknown, keys: readonly PathKey[]): unknown {
  let value: unknown = root;
  for (const key of keys) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PathKey, unknown>)[key];
  }
  return value;
}

function expectedText(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") {
    const article = /^[aeiou]/.test(issue.expected) ? "an" : "a";
    return issue.expected === "object" ? "a group of fields" : `${article} ${issue.expected}`;
  }
  if (issue.code === "invalid_value" && "values" in issue) {
    return `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  }
  return issue.message;
}

export function problemAt(parsed: ParsedFile, keys: readonly PathKey[], found: string, expected: string) {
  const node = nodeAt(parsed.doc, keys);
  const offset = node?.range?.[0] ?? 0;
  const at = parsed.lines.linePos(offset);
  return { file: parsed.file, line: at.line, column: at.col, field: fieldName(keys), found, expected };
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
        problems.push({
          file: parsed.file,
          line: at.line,
          column: at.col,
          field: fieldName([...keys, key]),
          found: `the unknown field "${key}"`,
          expected: "only the fields this file allows",
        });
      }
      continue;
    }
    problems.push(problemAt(parsed, keys, describeValue(valueAt(parsed.value, keys)), expectedText(issue)));
  }
  return problems;
}

function duplicateProblems(
  parsed: ParsedFile,
  entries: { keys: PathKey[]; value: string }[],
  what: string,
): DataProblem[] {
  const seen = new Set<string>();
  const problems: DataProblem[] = [];
  for (const entry of entries) {
    if (seen.has(entry.value)) {
      problems.push(problemAt(parsed, entry.keys, JSON.stringify(entry.value) + " a second time", `a unique ${what}`));
    }
    seen.add(entry.value);
  }
  return problems;
}

/** Loads and validates every data file; throws a DataError listing every problem found. */
export async function loadData(dataDir: string): Promise<RawData> {
  const problems: DataProblem[] = [];
  const parsed = {} as Record<keyof typeof DATA_FILES, ParsedFile | undefined>;
  for (const [name, { file, schema }] of Object.entries(DATA_FILES) as [keyof typeof DATA_FILES, (typeof DATA_FILES)[keyof typeof DATA_FILES]][]) {
    const result = await parseFile(dataDir, file, problems);
    if (result) {
      const found = schemaProblems(result, schema);
      problems.push(...found);
      parsed[name] = found.length === 0 ? result : undefined;
    }
  }
  const { site, services, towns, faq } = parsed;
  if (services && towns) {
    const serviceList = (services.value as { services: Service[] }).services;
    const townData = towns.value as { towns: Town[]; alsoServing: Town[] };
    const townEntries = [
      ...townData.towns.map((town, i) => ({ keys: ["towns", i, "slug"], value: town.slug })),
      ...townData.alsoServing.map((town, i) => ({ keys: ["alsoServing", i, "slug"], value: town.slug })),
    ];
    problems.push(...duplicateProblems(towns, townEntries, "town slug"));
    problems.push(
      ...duplicateProblems(
        services,
        serviceList.map((service, i) => ({ keys: ["services", i, "key"], value: service.key })),
        "service key",
      ),
    );
    const slugs = new Set(townEntries.map((entry) => entry.value));
    serviceList.forEach((service, i) =>
      service.areaServed.forEach((slug, j) => {
        if (!slugs.has(slug)) {
          problems.push(
            problemAt(services, ["services", i, "areaServed", j], JSON.stringify(slug), "the slug of a town in towns.yaml"),
          );
        }
      }),
    );
  }
  if (problems.length > 0 || !site || !services || !towns || !faq) throw new DataError(problems);
  const townData = towns.value as { towns: Town[]; alsoServing: Town[] };
  return {
    site: site.value as SiteData,
    services: (services.value as { services: Service[] }).services,
    towns: townData.towns,
    alsoServing: townData.alsoServing,
    homeFaqs: (faq.value as { faqs: Faq[] }).faqs,
  };
}

