// Reading a data file: a regular file only (regular-file.ts), size and encoding checks, YAML
// parsing with line and column for every node, and a problem located at any place in the file.
import { isUtf8 } from "node:buffer";
import path from "node:path";
import { isMap, isScalar, LineCounter, Scalar, parseDocument, visit, type Document, type Node } from "yaml";
import type { DataProblem, PathKey } from "./problems.ts";
import { openRegularFile, REGULAR_FILE_EXPECTED } from "./regular-file.ts";
import { explainYamlError } from "./yaml-errors.ts";

export interface ParsedFile {
  file: string;
  doc: Document.Parsed;
  lines: LineCounter;
  value: unknown;
  /** The file's text, to place a problem inside a value (problemInText). */
  source: string;
}

/**
 * The largest data file read. A real towns.yaml of thousands of towns is a few MB (2,700 towns:
 * 7.8 MB); anything past this is almost surely a photo, video or archive saved over a data file.
 */
export const MAX_DATA_FILE_BYTES = 32 * 1024 * 1024;

/**
 * The bytes of one data file, read only when it is a regular file under the size limit
 * (regular-file.ts); otherwise its problem, and undefined.
 */
async function readDataFile(absolute: string, file: string, problems: DataProblem[]): Promise<Buffer | undefined> {
  const opened = await openRegularFile(absolute);
  if ("refused" in opened) {
    problems.push(
      opened.missing
        ? { file, line: 1, column: 1, field: "", found: "no file", expected: `the file ${absolute}` }
        : { file, line: 1, column: 1, field: "", found: opened.refused, expected: REGULAR_FILE_EXPECTED },
    );
    return undefined;
  }
  try {
    // Checked before reading, so that a huge file is neither read nor parsed.
    if (opened.size > MAX_DATA_FILE_BYTES) {
      problems.push({
        file,
        line: 1,
        column: 1,
        field: "",
        found: `a file of ${opened.size} bytes`,
        expected: `a data file under ${MAX_DATA_FILE_BYTES / 1024 ** 2} MB`,
        hint: "was another file saved over this one?",
      });
      return undefined;
    }
    return await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
}

/** Reads and parses one data file; on failure, adds its problem and returns undefined. */
export async function parseFile(dataDir: string, name: string, problems: DataProblem[]) {
  const absolute = path.join(dataDir, name);
  const file = path.join(path.basename(dataDir), name);
  const bytes = await readDataFile(absolute, file, problems);
  if (!bytes) return undefined;
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
  const parsed: ParsedFile = { file, doc, lines, value, source };
  return parsed;
}

/** The YAML node for a path, or its nearest existing ancestor when the path does not exist. */
export function nodeAt(doc: Document.Parsed, keys: readonly PathKey[]): Node | undefined {
  for (let depth = keys.length; depth >= 0; depth--) {
    const node = doc.getIn(keys.slice(0, depth), true);
    if (node && typeof node === "object" && "range" in node) return node as Node;
  }
  return doc.contents ?? undefined;
}

/** The node of a key inside a mapping, to point at an unknown key itself. */
export function keyNodeAt(doc: Document.Parsed, mapPath: readonly PathKey[], key: string) {
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

/** A problem at a place in a parsed file: the line and column of its node, or of its nearest ancestor. */
export function problemAt(parsed: ParsedFile, keys: readonly PathKey[], found: string, expected: string) {
  const node = nodeAt(parsed.doc, keys);
  const offset = node?.range?.[0] ?? 0;
  const at = parsed.lines.linePos(offset);
  return { file: parsed.file, line: at.line, column: at.col, field: fieldName(keys), found, expected };
}

/**
 * A problem at a place inside a text value: `offset` characters into it. Placed exactly in a
 * literal block (`|`, where every line of the value stands in the file as it is, indented), in a
 * folded block (`>-`, the form of every long text, whose lines are the value's words cut at spaces)
 * and in a one-line value written without escapes; elsewhere at the value's start.
 */
export function problemInText(parsed: ParsedFile, keys: readonly PathKey[], offset: number, found: string, expected: string) {
  const atValue = problemAt(parsed, keys, found, expected);
  const node = parsed.doc.getIn(keys, true);
  if (!isScalar(node) || typeof node.value !== "string" || !node.range) return atValue;
  const value = node.value;
  const before = value.slice(0, offset).split("\n");
  const lineInValue = before.length - 1;
  const columnInValue = before.at(-1)!.length;
  const start = parsed.lines.linePos(node.range[0]);
  const sourceLines = parsed.source.split("\n");
  if (node.type === Scalar.BLOCK_LITERAL) {
    // The header (`|`) ends its line; the value's lines follow, each after the block's indentation.
    const first = start.line + 1;
    const indent = sourceLines.slice(first - 1).find((line) => line.trim() !== "")?.search(/\S/) ?? 0;
    const line = first + lineInValue;
    if (sourceLines[line - 1]?.slice(indent) !== value.split("\n")[lineInValue]) return atValue;
    return { ...atValue, line, column: indent + columnInValue + 1 };
  }
  if (node.type === Scalar.BLOCK_FOLDED) {
    // Each line of the block is a run of the value's words; one space joins a line to the next.
    const first = start.line + 1;
    // The value ends where its last line does, or at the start of the line after it.
    const last = parsed.lines.linePos(node.range[1]);
    const end = last.col === 1 ? last.line - 1 : last.line;
    const lines = sourceLines.slice(first - 1, end).map((line) => line.trim());
    while (lines.at(-1) === "") lines.pop();
    if (lines.join(" ") !== value) return atValue;
    let from = 0;
    for (const [index, line] of lines.entries()) {
      if (offset <= from + line.length || index === lines.length - 1) {
        const indent = sourceLines[first - 1 + index]!.search(/\S/);
        return { ...atValue, line: first + index, column: indent + (offset - from) + 1 };
      }
      from += line.length + 1;
    }
  }
  const written = parsed.source.slice(node.range[0], node.range[1]);
  const quote = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE ? 1 : 0;
  if (value.includes("\n") || written.slice(quote, quote + value.length) !== value) return atValue;
  return { ...atValue, column: start.col + quote + columnInValue };
}
