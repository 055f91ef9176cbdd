// The one canonical form of the data files, the form the repository keeps: what `sitegen fmt`
// writes after a hand edit or a save from a browser editor, and what `sitegen check` compares with.
// Keys keep their order and values their content; only the layout is decided here:
// - the first line links the file to its JSON Schema (editors complete and underline from it); a
//   save that dropped it gets it back;
// - no other comments: a browser editor would drop them, so nothing may live there (the notes that
//   did are the schema's descriptions now, shown as hints);
// - two-space indentation, list items indented under their key, long texts folded (">-") at 100
//   columns, short lists of words on one line, quotes only where YAML needs them, and numbers as
//   JavaScript writes them.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { isScalar, parseDocument, Scalar, visit } from "yaml";
import { DATA_FILES, type DataFileName } from "./schema.ts";

/** Texts longer than this are folded onto lines of their own. */
const FOLD_AFTER = 80;
/** Lists of words up to this many characters stay on one line. */
const SHORT_LIST = 80;

/** The comment that links a data file to its JSON Schema (schemas/, beside data/). */
export function schemaLink(name: DataFileName): string {
  return ` yaml-language-server: $schema=../schemas/${name}.schema.json`;
}

/** The canonical text of a data file; undefined when the text is not valid YAML (check says why). */
export function canonicalText(name: DataFileName, text: string): string | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return undefined;
  doc.commentBefore = schemaLink(name);
  doc.comment = null;
  const uncomment = (node: { commentBefore?: string | null; comment?: string | null; spaceBefore?: boolean }) => {
    node.commentBefore = null;
    node.comment = null;
    node.spaceBefore = false;
  };
  visit(doc, {
    Map: (_, node) => uncomment(node),
    Seq(_, node) {
      uncomment(node);
      // A short list of words on one line ([Monday, Tuesday]); anything longer, an item a line.
      const items = node.items as unknown[];
      const words = items.every((item) => isScalar(item) && typeof item.value !== "object");
      const length = items.reduce<number>((total, item) => total + String((item as Scalar).value).length + 2, 0);
      node.flow = words && length <= SHORT_LIST;
    },
    Alias: (_, node) => uncomment(node),
    Pair(_, pair) {
      if (isScalar(pair.key)) uncomment(pair.key);
    },
    Scalar(_, node) {
      uncomment(node);
      // Numbers as JavaScript writes them (-88.61, not -88.610), whatever the last save wrote.
      if (typeof node.value === "number") {
        delete node.minFractionDigits;
        delete node.format;
        return;
      }
      if (typeof node.value !== "string") return;
      // Folded only where folding cannot change the text: no line breaks, tabs, control
      // characters, runs of spaces or spaces at either end. Otherwise plain, or quoted if needed.
      const foldable = node.value.length > FOLD_AFTER && !/^\s|\s$|\s\s|[\0-\x1f\x7f]/.test(node.value);
      node.type = foldable ? Scalar.BLOCK_FOLDED : undefined;
    },
  });
  return doc.toString({ indent: 2, indentSeq: true, lineWidth: 100, minContentWidth: 20, flowCollectionPadding: false });
}

/** The data files not in canonical form, by file name. */
function unformattedFiles(texts: ReadonlyMap<DataFileName, string>): string[] {
  return [...texts]
    .filter(([name, text]) => {
      const canonical = canonicalText(name, text);
      return canonical !== undefined && canonical !== text;
    })
    .map(([name]) => DATA_FILES[name].file);
}

/** Puts every data file in `dataDir` in canonical form; returns the files it changed. */
export async function formatDataFiles(dataDir: string): Promise<string[]> {
  const changed: string[] = [];
  for (const [name, { file }] of Object.entries(DATA_FILES) as [DataFileName, { file: string }][]) {
    const target = path.join(dataDir, file);
    const text = await readFile(target, "utf8");
    const canonical = canonicalText(name, text);
    if (canonical === undefined) throw new Error(`${path.basename(dataDir)}/${file} is not valid YAML: run \`npm run check\` to see where`);
    if (canonical !== text) {
      await writeFile(target, canonical);
      changed.push(file);
    }
  }
  return changed;
}

/** The data files in `dataDir` that are not in canonical form. */
export async function unformattedDataFiles(dataDir: string): Promise<string[]> {
  const texts = new Map<DataFileName, string>();
  for (const [name, { file }] of Object.entries(DATA_FILES) as [DataFileName, { file: string }][]) {
    const text = await readFile(path.join(dataDir, file), "utf8").catch(() => undefined);
    if (text !== undefined) texts.set(name, text);
  }
  return unformattedFiles(texts);
}

