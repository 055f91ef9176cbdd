// The one canonical form of the data files, the form the repository keeps: what `sitegen fmt`
// writes after a hand edit, what the editor at /admin/ writes when it saves, and what `sitegen
// check` compares with. Values keep their content; the rest is decided here:
// - keys in the order the schema lists them (the editor at /admin/ writes them in that order too,
//   so a save changes no line it did not edit); keys the schema does not know keep their place
//   after the known ones, for `check` to report;
// - the first line links the file to its JSON Schema (editors complete and underline from it); a
//   save that dropped it gets it back;
// - the layout of lib/yaml-layout.ts: no other comments (a browser editor would drop them, so
//   nothing may live there; the notes that did are the schema's descriptions now, shown as hints),
//   long texts folded, short lists of words on one line.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { isMap, isSeq, parseDocument, type Node } from "yaml";
import { layoutYaml } from "../lib/yaml-layout.ts";
import { jsonSchemaFor, resolveRef, type SchemaNode as JsonSchema } from "./json-schemas.ts";
import { openRegularFile } from "./regular-file.ts";
import { DATA_FILES, type DataFileName } from "./schema.ts";

/** The comment that links a data file to its JSON Schema (schemas/, beside data/). */
export function schemaLink(name: DataFileName): string {
  return ` yaml-language-server: $schema=../schemas/${name}.schema.json`;
}

/** Puts the keys of every map in the order its schema lists them; unknown keys follow, in place. */
function orderKeys(node: Node | null | undefined, schema: JsonSchema | undefined, root: JsonSchema): void {
  const resolved = schema && resolveRef(schema, root);
  if (!resolved) return;
  if (isSeq(node)) {
    for (const item of node.items) orderKeys(item as Node, resolved.items, root);
  } else if (isMap(node)) {
    const order = Object.keys(resolved.properties ?? {});
    const rank = (key: unknown) => {
      const index = order.indexOf(String(key));
      return index === -1 ? order.length : index;
    };
    node.items = node.items
      .map((pair, index) => ({ pair, index }))
      .sort((a, b) => rank((a.pair.key as { value?: unknown })?.value) - rank((b.pair.key as { value?: unknown })?.value) || a.index - b.index)
      .map(({ pair }) => pair);
    for (const pair of node.items) {
      orderKeys(pair.value as Node, resolved.properties?.[String((pair.key as { value?: unknown })?.value)], root);
    }
  }
}

/** The canonical text of a data file; undefined when the text is not valid YAML (check says why). */
export function canonicalText(name: DataFileName, text: string): string | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return undefined;
  const schema = jsonSchemaFor(name) as JsonSchema;
  orderKeys(doc.contents as Node, schema, schema);
  return layoutYaml(doc, schemaLink(name));
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

/** A data file's text, read only when it is a regular file (regular-file.ts); otherwise what it is instead. */
async function readDataText(file: string): Promise<string | { refused: string; missing?: true }> {
  const opened = await openRegularFile(file);
  if ("refused" in opened) return opened;
  try {
    return await opened.handle.readFile("utf8");
  } finally {
    await opened.handle.close();
  }
}

/** Puts every data file in `dataDir` in canonical form; returns the files it changed. */
export async function formatDataFiles(dataDir: string): Promise<string[]> {
  const changed: string[] = [];
  for (const [name, { file, optional }] of Object.entries(DATA_FILES) as [DataFileName, { file: string; optional: boolean }][]) {
    const target = path.join(dataDir, file);
    const text = await readDataText(target);
    // An optional file that is not there (jobs.yaml before the first job) has nothing to put in form.
    if (typeof text !== "string" && optional && text.missing) continue;
    if (typeof text !== "string")
      throw new Error(`${path.basename(dataDir)}/${file} is ${text.refused}, not a data file: run \`npm run check\` to see what it must be`);
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
    const text = await readDataText(path.join(dataDir, file));
    if (typeof text === "string") texts.set(name, text);
  }
  return unformattedFiles(texts);
}

