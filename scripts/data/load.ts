// Reads data/*.yaml, validates every file against its schema and the cross-file rules, and
// reports every problem with the file, line, column and field it concerns.
import { isUtf8 } from "node:buffer";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { isMap, isScalar, LineCounter, parseDocument, visit, type Document, type Node } from "yaml";
import type { z } from "zod";
import { DataError, type DataProblem, type PathKey } from "./problems.ts";
import { allowedFieldsText, unknownFieldHint, valueHint } from "./hints.ts";
import { explainYamlError } from "./yaml-errors.ts";
import { isInIllinois } from "../geo/atlas.ts";
import { DATA_FILES, type Faq, type Service, type SiteData, type Town } from "./schema.ts";

export interface RawData {
  site: SiteData;
  services: Service[];
  towns: Town[];
  alsoServing: Town[];
  homeFaqs: Faq[];
}

interface ParsedFile {
  file: string;
  doc: Document.Parsed;
  lines: LineCounter;
  value: unknown;
}

/**
 * The largest data file read. A real towns.yaml of thousands of towns is a few MB (2,700 towns:
 * 7.8 MB); anything past this is almost surely a photo, video or archive saved over a data file.
 */
export const MAX_DATA_FILE_BYTES = 32 * 1024 * 1024;

async function parseFile(dataDir: string, name: string, problems: DataProblem[]) {
  const absolute = path.join(dataDir, name);
  const file = path.join(path.basename(dataDir), name);
  let size: number;
  try {
    size = (await stat(absolute)).size;
  } catch {
    problems.push({ file, line: 1, column: 1, field: "", found: "no file", expected: `the file ${absolute}` });
    return undefined;
  }
  // Checked before reading, so that a huge file is neither read nor parsed.
  if (size > MAX_DATA_FILE_BYTES) {
    problems.push({
      file,
      line: 1,
      column: 1,
      field: "",
      found: `a file of ${size} bytes`,
      expected: `a data file under ${MAX_DATA_FILE_BYTES / 1024 ** 2} MB`,
      hint: "was another file saved over this one?",
    });
    return undefined;
  }
  const bytes = await readFile(absolute);
  if (bytes.includes(0)) {
    problems.push({
      file,
      line: 1,
      column: 1,
      field: "",
      found: "binary data",
      expected: "a YAML text file",
      hint: "was another file saved over this one?",
    });
    return undefined;
  }
  const source = bytes.toString("utf8");
  if (!isUtf8(bytes)) {
    // Where the first byte that is not UTF-8 stands: the lenient decoding put U+FFFD there.
    const before = source.slice(0, Math.max(0, source.indexOf("\uFFFD")));
    const lines = before.split("\n");
    problems.push({
      file,
      line: lines.length,
      column: (lines.at(-1)?.length ?? 0) + 1,
      field: "",
      found: "characters that are not UTF-8 text",
      expected: "a file saved as UTF-8",
      hint: "save the file again as UTF-8 (most editors offer it under Encoding)",
    });
    return undefined;
  }
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const [firstError, ...laterErrors] = doc.errors;
  if (firstError) {
    // Only the first: once the parser loses its place, what it says about later lines is mostly
    // an echo of the same mistake.
    const at = lines.linePos(firstError.pos[0]);
    problems.push({
      file,
      line: at.line,
      column: at.col,
      field: "",
      found: "a YAML syntax error",
      expected: `valid YAML (${explainYamlError(firstError)})`,
      ...(laterErrors.length > 0 ? { hint: "fix this line first, then check again: later lines may be fine" } : {}),
    });
    return undefined;
  }
  let value: unknown;
  try {
    value = doc.toJS();
  } catch {
    // A reference ("*name") to nothing, or too many references: in these files, almost always
    // text that happens to start with * or &.
    let offset = 0;
    visit(doc, {
      Alias(_, node) {
        offset = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    const at = lines.linePos(offset);
    problems.push({
      file,
      line: at.line,
      column: at.col,
      field: "",
      found: 'a value that starts with "*" or "&"',
      expected: "such a value in double quotes (YAML reads * and & at the start as references)",
    });
    return undefined;
  }
  const parsed: ParsedFile = { file, doc, lines, value };
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

function fieldName(keys: readonly PathKey[]): string {
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

/** Type names as the owner knows them: "text", not "string". */
const PLAIN_TYPE_NAMES: Record<string, string> = {
  string: "text",
  object: "a group of fields",
  array: "a list",
  int: "a whole number",
};

function expectedText(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === "invalid_type") {
    const article = /^[aeiou]/.test(issue.expected) ? "an" : "a";
    const wanted = PLAIN_TYPE_NAMES[issue.expected] ?? `${article} ${issue.expected}`;
    return value === undefined ? `${wanted} (this field is required)` : wanted;
  }
  if (issue.code === "invalid_value" && "values" in issue) {
    const choices = `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    return value === undefined ? `${choices} (this field is required)` : choices;
  }
  return issue.message;
}

function problemAt(parsed: ParsedFile, keys: readonly PathKey[], found: string, expected: string) {
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
        const hint = unknownFieldHint(schema, keys, key);
        problems.push({
          file: parsed.file,
          line: at.line,
          column: at.col,
          field: fieldName([...keys, key]),
          found: `the unknown field "${key}"`,
          expected: allowedFieldsText(schema, keys),
          ...(hint ? { hint } : {}),
        });
      }
      continue;
    }
    const value = valueAt(parsed.value, keys);
    const node = parsed.doc.getIn(keys, true);
    const hint = valueHint(schema, issue, value, isScalar(node) ? node.source : undefined);
    problems.push({ ...problemAt(parsed, keys, describeValue(value), expectedText(issue, value)), ...(hint ? { hint } : {}) });
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

/** Problems file by file (in DATA_FILES order), then from the top of each file down. */
function inReadingOrder(problems: DataProblem[]): DataProblem[] {
  const fileOrder: string[] = Object.values(DATA_FILES).map(({ file }) => file);
  const rank = (problem: DataProblem) => fileOrder.indexOf(path.basename(problem.file));
  return [...problems].sort((a, b) => rank(a) - rank(b) || a.line - b.line || a.column - b.column);
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
  if (towns) {
    // The schema only bounds latitude and longitude by a rectangle; this is the state's outline.
    const townData = towns.value as { towns: Town[]; alsoServing: Town[] };
    for (const list of ["towns", "alsoServing"] as const) {
      townData[list].forEach((town, i) => {
        const { lat, lon } = town.coordinates;
        if (!isInIllinois({ lat, lon })) {
          problems.push(problemAt(towns, [list, i, "coordinates"], `${lat}, ${lon}`, "a point inside Illinois"));
        }
      });
    }
  }
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
  if (problems.length > 0 || !site || !services || !towns || !faq) throw new DataError(inReadingOrder(problems));
  const townData = towns.value as { towns: Town[]; alsoServing: Town[] };
  return {
    site: site.value as SiteData,
    services: (services.value as { services: Service[] }).services,
    towns: townData.towns,
    alsoServing: townData.alsoServing,
    homeFaqs: (faq.value as { faqs: Faq[] }).faqs,
  };
}

