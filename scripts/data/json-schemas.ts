// JSON Schemas for editors, generated from the zod schemas the generator validates with, so that a
// rule is written once. A YAML file's first line points its editor at one:
//   # yaml-language-server: $schema=../schemas/towns.schema.json
// Editors then complete field names and icon names and underline mistakes while the owner types.
// Rules that span files (unique slugs, a service's towns existing) stay with `sitegen check`.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { iconNames } from "./icons.ts";
import { DATA_FILES, type DataFileName } from "./schema.ts";
import { iconSchema } from "./rows-schema.ts";
import { HTTPS_ADDRESS, HTTPS_ADDRESS_EXPECTED } from "./web-address.ts";
import { SCHEMAS_DIR } from "../lib/paths.ts";


type JsonSchema = Record<string, unknown>;

/** A node of the JSON Schemas written here (draft-07), as the readers of their shape see it. */
export interface SchemaNode {
  type?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  enum?: unknown[];
  pattern?: string;
  patternErrorMessage?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
  definitions?: Record<string, SchemaNode>;
}

/** The node a reference ("#/definitions/icon") stands for, in the schema `root`; other nodes as they are. */
export function resolveRef(node: SchemaNode, root: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const target = root.definitions?.[node.$ref.replace("#/definitions/", "")];
  if (!target) throw new Error(`No definition for ${node.$ref}`);
  return resolveRef(target, root);
}

/** What each of the core's files holds; a feature's file says what it holds itself (data/extension.ts). */
const DESCRIPTIONS: Partial<Record<DataFileName, string>> = {
  site: "Business facts shown on every page: name, phones, address, hours, counties, links.",
  services: "The services, in the order the site shows them. Each key becomes /services/{key}.",
  towns: "The town pages, in the order the site shows them. Each slug becomes /towns/{slug}.",
  faq: "The four questions and answers on the home page.",
  law: "Each statement of law the site makes, with its sources, and the work that needs a state license. A page says one by writing {law:<id>}.",
};

/** Where the one copy of the icon list sits inside each schema that uses it. */
const ICON_REF = "#/definitions/icon";


export function schemaFileName(name: DataFileName): string {
  return `${name}.schema.json`;
}

/** The message zod gives for a text that breaks a pattern rule, for the editor to show too. */
function patternMessage(schema: z.ZodType): string | undefined {
  const result = schema.safeParse("\u0000");
  const issue = result.error?.issues.find((candidate) => candidate.code === "invalid_format");
  return issue ? `Expected ${issue.message}` : undefined;
}

export function jsonSchemaFor(name: DataFileName): JsonSchema {
  const { file, schema } = DATA_FILES[name];
  let usesIcons = false;
  const generated = z.toJSONSchema(schema, {
    target: "draft-07",
    io: "input",
    override: ({ zodSchema, jsonSchema }) => {
      const target = jsonSchema as JsonSchema;
      if (zodSchema === (iconSchema as unknown)) {
        // A refine check has no JSON Schema form: the list of names stands in for it.
        usesIcons = true;
        for (const key of Object.keys(target)) delete target[key];
        target.$ref = ICON_REF;
        return;
      }
      if (target.pattern === HTTPS_ADDRESS.source) {
        target.patternErrorMessage = `Expected ${HTTPS_ADDRESS_EXPECTED}`;
        return;
      }
      if (typeof target.pattern === "string") {
        const message = patternMessage(zodSchema as unknown as z.ZodType);
        if (message) target.patternErrorMessage = message;
      }
    },
  }) as JsonSchema;
  const { $schema, ...rest } = generated;
  const definitions = { ...((rest.definitions as JsonSchema | undefined) ?? {}) };
  if (usesIcons) {
    definitions.icon = {
      type: "string",
      description: iconSchema.description,
      enum: [...iconNames],
      errorMessage: "Not a Lucide icon name: pick one from the list, or from https://lucide.dev/icons",
    };
  }
  return {
    $schema,
    title: `data/${file}`,
    description: DESCRIPTIONS[name] ?? (DATA_FILES[name] as { description?: string }).description,
    ...rest,
    ...(Object.keys(definitions).length > 0 ? { definitions } : {}),
  };
}

/** Every schema file, by file name, as the text written to schemas/. */
export function buildJsonSchemas(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of Object.keys(DATA_FILES) as DataFileName[]) {
    files.set(schemaFileName(name), `${JSON.stringify(jsonSchemaFor(name), null, 2)}\n`);
  }
  return files;
}

export async function writeJsonSchemas(dir: string = SCHEMAS_DIR): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [file, text] of buildJsonSchemas()) {
    const target = path.join(dir, file);
    const current = await readFile(target, "utf8").catch(() => undefined);
    if (current !== text) {
      await writeFile(target, text);
      written.push(file);
    }
  }
  return written;
}
