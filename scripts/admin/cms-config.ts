// The configuration of the editor at /admin/ (Sveltia CMS), generated from the JSON Schemas, which
// are generated from the zod schemas: a field's label, hint, required or not, length, pattern,
// count and choices are written once, in data/schema.ts. Served as /admin/config.yml, the file the
// CMS reads by default; `sitegen cms-config` prints it. Never edit the output by hand.
//
// A job's town and services are picked from the site's own lists: the town pages of towns.yaml and
// the services of services.yaml, as the build that writes the configuration reads them.
//
// What the CMS cannot express stays with `sitegen check`: unique slugs, a service's towns existing,
// a point inside Illinois, alt text that is more than a file name, a review's service existing and
// its date not after today, a job's month not after this one. The build refuses those as it
// refuses any other problem.
import path from "node:path";
import { stringify } from "yaml";
import { jsonSchemaFor, resolveRef, type SchemaNode as JsonSchema } from "../data/json-schemas.ts";
import { iconNames } from "../data/icons.ts";
import { TOWN_PAGE_LISTS } from "../data/near-duplicates.ts";
import { DATA_FILES, type DataFileName, type Service, type SiteData, type Town } from "../data/schema.ts";
import type { FeatureFields, FeatureFolder, FileInEditor } from "../data/extension.ts";
import { HEX_COLOUR, MONTH, PHOTO_FILE, PHOTO_FOLDER } from "../data/fields.ts";
import { FEATURE_FIELDS } from "../features/fields.ts";
import { DATA_DIR } from "../lib/paths.ts";
import { GIT_HOST } from "../site/editor.ts";
import { editedPath } from "../site/urls.ts";
import { SVG_FAVICON, type Favicon } from "../site/favicon.ts";
import { PHOTO_LONG_SIDE } from "../site/photos.ts";

/** WebP quality of an uploaded photo: the CMS's default, well above what the site's own copies are encoded at. */
const UPLOAD_QUALITY = 85;
import type { CountRule } from "./editor.ts";

/** A field of the CMS configuration. */
export type CmsField = Record<string, unknown> & { name: string; widget: string };

/** The name under which the editor's script registers each data file's format (see editor.ts). */
export function formatName(name: DataFileName): string {
  return `sitegen-${name}`;
}

/** What the editor's menu calls each of the core's files, and its icon (a Material Symbols name, the CMS's set). */
const FILE_LABELS: Partial<Record<DataFileName, { label: string; icon: string }>> = {
  site: { label: "Business details", icon: "storefront" },
  services: { label: "Services", icon: "construction" },
  towns: { label: "Towns", icon: "location_city" },
  faq: { label: "Home page questions", icon: "quiz" },
  law: { label: "Rules of law", icon: "gavel" },
};

/** How the editor shows a file: the core's by FILE_LABELS, a feature's as it declares (data/extension.ts). */
function inEditor(name: DataFileName): FileInEditor {
  return FILE_LABELS[name] ?? (DATA_FILES[name] as { editor: FileInEditor }).editor;
}

/**
 * Labels where the field's name, split into words, would not say it plainly. Everything else is
 * labelled from its name: postalCode → "Postal code".
 */
const LABELS: Record<string, string> = {
  url: "Site address",
  ctaPhone: "Call button number",
  alsoServing: "Also serving (further towns)",
  towns: "Towns in the grids",
  faqs: "Questions",
  faq: "Questions",
  lat: "Latitude",
  lon: "Longitude",
  geo: "Map point of the business",
  coordinates: "Map point",
  embed: "Form embed code",
  leadForm: "Estimate form",
  areaServed: "Towns where it is offered",
  estimatePromise: "Estimate promise",
  foundedAs: "Founded, laid out or incorporated",
  unique: "Something unique",
  why: "Why it matters",
  tip: "Tip",
  intro: "Introduction",
  body: "Paragraphs",
  paragraphs: "Paragraphs",
  offerings: "What is offered",
  items: "Items",
  alt: "What the photo shows",
  file: "Photo",
  signInUrl: "Sign-in service address",
  editor: "Editor settings",
  hero: "Photo at the top of the page",
  privacyUpdated: "Privacy page last changed on",
};

/**
 * Labels of a field inside a group or at the top of a file, where its name alone would say the
 * wrong thing: by "group.field", "list.field" or "file.field" (site.yaml's icon is the tab's; a highlight's is an icon).
 */
const LABELS_IN: Record<string, string> = {
  "rules.id": "Name the pages use: {law:name}",
  "licensedWork.id": "Name the pages use: {law:name}",
  "sources.cites": "Statute or code section",
  "sources.url": "Its official address",
  "sources.read": "Checked against it on",
  "sources.copy": "Address of the copy read",
  "sources.copyDate": "Date the copy shows",
  "sources.passage": "The words it rests on",
};

/** The labels the features give their own fields (features/fields.ts), as LABELS and ITEM_LABELS do. */
const FEATURE_LABELS: Record<string, string> = Object.assign(
  {},
  ...(FEATURE_FIELDS as readonly FeatureFields[]).map((fields) => fields.labels),
);
const FEATURE_ITEM_LABELS: Record<string, string> = Object.assign(
  {},
  ...(FEATURE_FIELDS as readonly FeatureFields[]).map((fields) => fields.itemLabels),
);

/** What one item of a list is called, for its "Add …" button. */
const ITEM_LABELS: Record<string, string> = {
  towns: "Town",
  alsoServing: "Town",
  services: "Service",
  body: "Paragraph",
  paragraphs: "Paragraph",
  highlights: "Highlight",
  faqs: "Question",
  hours: "Opening hours",
  social: "Link",
  photos: "Photo",
  items: "Item",
  counties: "County",
  areaServed: "Town",
  rules: "Rule",
  licensedWork: "Licensed work",
  sources: "Source",
};

/** How a collapsed list item names itself: its first field that says what it is. */
const SUMMARY_FIELDS = ["name", "title", "question", "text", "heading", "alt", "reason", "id", "cites"];

/** One list, written once in config.yml and named (a YAML alias) wherever an icon is chosen. */
const ICON_OPTIONS = [...iconNames];

/**
 * Texts with room for more than this many characters get a multi-line box, which grows with the
 * text. A one-line box on a phone (390 pixels wide) shows about 45 characters and hides the rest
 * to the right: a town's description (70 to 160) could not be read back while typed. Two phone
 * lines: descriptions, questions, captions and the tagline get the multi-line box; names and
 * headings (at most 80, most under 45) keep one line.
 */
const MULTILINE_AFTER = 80;

/** The data's folder, from the repository's root: where the editor reads and writes. */
const DATA_FOLDER = path.basename(DATA_DIR);

/** A photo's file: a text held to the schema's pattern for photo files. */
function isPhotoFile(node: JsonSchema): boolean {
  return node.type === "string" && node.pattern === PHOTO_FILE.source;
}

/** The features' files their fields name, each kind in a folder of data/ of its own (data/extension.ts). */
const FEATURE_FOLDERS: readonly FeatureFolder[] = (FEATURE_FIELDS as readonly FeatureFields[]).flatMap((fields) =>
  fields.folder ? [fields.folder] : [],
);

/** The feature's files a field names, when it is a text held to the schema's pattern for them (a logo's file). */
function featureFilesOf(node: JsonSchema): FeatureFolder | undefined {
  return node.type === "string" ? FEATURE_FOLDERS.find((folder) => node.pattern === folder.pattern.source) : undefined;
}

/** A month: a text held to the schema's pattern for months (YYYY-MM). */
function isMonth(node: JsonSchema): boolean {
  return node.type === "string" && node.pattern === MONTH.source;
}

/** What the editor offers to pick from the site's own lists: the town pages and the services. */
export interface SiteLists {
  towns: readonly Pick<Town, "name" | "slug">[];
  services: readonly Pick<Service, "name" | "key">[];
}

type Option = { label: string; value: string };

/**
 * The fields of a file whose value is picked from a list of the site's, by field name: the options,
 * and the hint under the field (the schema's speaks of slugs and keys, which the editor hides).
 */
type Choices = Readonly<Record<string, { options: readonly Option[]; hint: string }>>;

/** The fields a file picks from the site's town pages or services (a feature's file declares them), each offered by its name. */
function choicesFor(name: DataFileName, lists: SiteLists): Choices {
  const options = {
    towns: lists.towns.map((town) => ({ label: town.name, value: town.slug })),
    services: lists.services.map((service) => ({ label: service.name, value: service.key })),
  };
  return Object.fromEntries(
    Object.entries(inEditor(name).choices ?? {}).map(([field, { from, hint }]) => [
      field,
      { options: options[from], hint },
    ]),
  );
}

function labelFor(name: string): string {
  const label = LABELS[name] ?? FEATURE_LABELS[name];
  if (label) return label;
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The hint under a field: the schema's description, without the "Optional:" the CMS shows itself. */
function hintOf(schema: JsonSchema): Record<string, string> {
  const hint = schema.description?.replace(/^Optional(?:, and)?[:,]?\s*/i, "");
  return hint ? { hint: hint.charAt(0).toUpperCase() + hint.slice(1) } : {};
}

function patternOf(schema: JsonSchema): Record<string, unknown> {
  if (schema.pattern === undefined) return {};
  return { pattern: [schema.pattern, schema.patternErrorMessage ?? "Not in the expected form"] };
}

function countsOf(schema: JsonSchema): Record<string, number> {
  return {
    ...(schema.minItems !== undefined && schema.minItems > 0 ? { min: schema.minItems } : {}),
    ...(schema.maxItems !== undefined ? { max: schema.maxItems } : {}),
  };
}

function itemLabel(name: string): Record<string, string> {
  const item = ITEM_LABELS[name] ?? FEATURE_ITEM_LABELS[name];
  return item ? { label_singular: item } : {};
}

function summaryOf(item: JsonSchema): Record<string, string> {
  const name = SUMMARY_FIELDS.find((field) => item.properties?.[field]);
  return name ? { summary: `{{fields.${name}}}` } : {};
}

/** One field of the editor for one property of the schema, inside the group named `parent`. */
function fieldFor(
  name: string,
  schema: JsonSchema,
  required: boolean,
  root: JsonSchema,
  choices: Choices,
  parent?: string,
): CmsField {
  const isIcon = schema.$ref === "#/definitions/icon";
  const node = resolveRef(schema, root);
  const base = {
    name,
    label: LABELS_IN[`${parent}.${name}`] ?? FEATURE_LABELS[`${parent}.${name}`] ?? labelFor(name),
    ...(required ? {} : { required: false }),
    ...hintOf(schema.description ? schema : node),
  };
  if (isIcon) {
    // A searchable list: the CMS turns a long list of options into a box that filters as you type.
    return { ...base, widget: "select", options: ICON_OPTIONS };
  }
  const choice = choices[name];
  if (choice) {
    // The site's own list, shown by name, saved as the slug or key the data holds.
    const { options, hint } = choice;
    return node.type === "array"
      ? { ...base, hint, widget: "select", multiple: true, options, ...countsOf(node) }
      : { ...base, hint, widget: "select", options };
  }
  if (isMonth(node)) {
    // A date picker, kept as the month: the phone's own calendar, never a month that does not exist.
    return {
      ...base,
      widget: "datetime",
      type: "date",
      format: "YYYY-MM",
      hint: "Any day of the month the job was done: the site shows the month",
    };
  }
  if (isPhotoFile(node)) {
    // Into the site-wide photo folder (media_folder below); editor.ts writes the path as the data has it.
    return {
      ...base,
      widget: "image",
      choose_url: false,
      accept: "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif",
    };
  }
  const files = featureFilesOf(node);
  if (files) {
    // Into the feature's folder (data/brand/), beside the data files rather than among the photos; editor.ts writes the path as the data has it.
    return {
      ...base,
      widget: "image",
      choose_url: false,
      accept: files.accept,
      media_folder: `/${DATA_FOLDER}/${files.name}`,
      public_folder: `/${files.name}`,
    };
  }
  if (node.type === "string" && node.pattern === HEX_COLOUR.source) {
    // A colour picker, with a box to type or paste the colour; the contrast rule is editor.ts's, on save.
    return { ...base, widget: "color", allowInput: true, ...patternOf(node) };
  }
  switch (node.type) {
    case "object":
      return {
        ...base,
        widget: "object",
        ...(required ? {} : { collapsed: true }),
        fields: fieldsOf(node, root, choices, name),
      };
    case "array": {
      const item = resolveRef(node.items ?? {}, root);
      if (item.enum) {
        return { ...base, widget: "select", multiple: true, options: item.enum, ...countsOf(node) };
      }
      if (item.type === "object") {
        return {
          ...base,
          widget: "list",
          ...itemLabel(name),
          collapsed: true,
          ...summaryOf(item),
          ...countsOf(node),
          fields: fieldsOf(item, root, choices, name),
        };
      }
      return {
        ...base,
        widget: "list",
        ...itemLabel(name),
        ...countsOf(node),
        field: { ...fieldFor("item", node.items ?? {}, true, root, choices), label: labelFor(name) },
      };
    }
    case "boolean":
      return { ...base, widget: "boolean" };
    case "integer":
    case "number": {
      const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : undefined);
      return {
        ...base,
        widget: "number",
        value_type: node.type === "integer" ? "int" : "float",
        ...(min !== undefined ? { min } : {}),
        ...(node.maximum !== undefined ? { max: node.maximum } : {}),
        ...(node.type === "number" ? { step: 0.001 } : {}),
      };
    }
    case "string":
      if (node.enum) return { ...base, widget: "select", options: node.enum };
      // A date picker: it offers only days that exist, and saves them as YYYY-MM-DD.
      if (node.format === "date") return { ...base, widget: "datetime", type: "date" };
      return {
        ...base,
        widget: (node.maxLength ?? 0) > MULTILINE_AFTER ? "text" : "string",
        ...(node.minLength !== undefined && node.minLength > 0 ? { minlength: node.minLength } : {}),
        ...(node.maxLength !== undefined ? { maxlength: node.maxLength } : {}),
        ...patternOf(node),
      };
    default:
      throw new Error(`No editor field for ${name}: JSON Schema type ${String(node.type)}`);
  }
}

function fieldsOf(schema: JsonSchema, root: JsonSchema, choices: Choices, parent?: string): CmsField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fieldFor(name, property, required.has(name), root, choices, parent),
  );
}

/**
 * Calls `visit` on every node of a data file's schema with where it is: keys, "*" for any item of
 * a list, and the labels of the named keys on the way.
 */
function walkSchema(name: DataFileName, visit: (node: JsonSchema, at: string[], labels: string[]) => void): void {
  const root = jsonSchemaFor(name) as JsonSchema;
  const walk = (schema: JsonSchema, at: string[], labels: string[]) => {
    const node = resolveRef(schema, root);
    visit(node, at, labels);
    if (node.type === "object") {
      for (const [key, property] of Object.entries(node.properties ?? {}))
        walk(property, [...at, key], [...labels, labelFor(key)]);
    } else if (node.type === "array" && node.items) {
      walk(node.items, [...at, "*"], labels);
    }
  };
  walk(root, [], []);
}

/** Every list of a data file with a count in the schema, for the editor's check on save (editor.ts). */
export function countRulesFor(name: DataFileName): CountRule[] {
  const rules: CountRule[] = [];
  walkSchema(name, (node, at, labels) => {
    if (node.type !== "array" || !(node.minItems || node.maxItems !== undefined)) return;
    rules.push({
      path: at,
      labels,
      ...(node.minItems ? { min: node.minItems } : {}),
      ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
    });
  });
  return rules;
}

/**
 * The lists of the towns file whose rows are town pages, by their labels, for the editor's check
 * of near-duplicate pages on save (editor.ts); none for the other files.
 */
export function townPageListsFor(name: DataFileName): Record<string, string> | undefined {
  return name === "towns" ? Object.fromEntries(TOWN_PAGE_LISTS.map((list) => [list, labelFor(list)])) : undefined;
}

/** Where the site file holds the estimate form's embed code, with its labels, for the editor's check on save (editor.ts). */
export function leadFormFieldFor(name: DataFileName): { path: string[]; labels: string[] } | undefined {
  const path = ["leadForm", "embed"];
  return name === "site" ? { path, labels: path.map(labelFor) } : undefined;
}

/**
 * Where a data file names a photo. The CMS writes a picked photo as "/photos/x.jpg" (it starts
 * every public path with a slash); the data says "photos/x.jpg", relative to data/. The editor's
 * script turns one into the other at these places (editor.ts).
 */
export function photoPathsFor(name: DataFileName): string[][] {
  const paths: string[][] = [];
  walkSchema(name, (node, at) => {
    if (isPhotoFile(node)) paths.push(at);
  });
  return paths;
}

/**
 * Where a data file names a feature's file, by the feature's folder ("/brand/logo.svg" in the CMS,
 * "brand/logo.svg" in the data): every such folder, with no place in a file that names none of its files.
 */
export function featureFilePathsFor(name: DataFileName): { paths: string[][]; folder: string }[] {
  return FEATURE_FOLDERS.map((files) => {
    const paths: string[][] = [];
    walkSchema(name, (node, at) => {
      if (featureFilesOf(node) === files) paths.push(at);
    });
    return { paths, folder: files.name };
  });
}

/**
 * Where the site file holds the colour the buttons are drawn in (a feature's field, such as the
 * accent), with its labels, for the editor's check on save (editor.ts); two features that each
 * give one are refused.
 */
export function buttonColourFieldFor(name: DataFileName): { path: string[]; labels: string[] } | undefined {
  const fields = (FEATURE_FIELDS as readonly FeatureFields[]).flatMap((fields) =>
    fields.buttonColour ? [fields.buttonColour] : [],
  );
  if (fields.length > 1) throw new Error(`Two features' fields hold the buttons' colour: ${fields.join(" and ")}`);
  const [field] = fields;
  return name === "site" && field ? { path: [field], labels: [labelFor(field)] } : undefined;
}

/** The editor's fields for one data file, in the schema's order (the order the CMS writes keys in). */
function cmsFieldsFor(name: DataFileName, lists: SiteLists): CmsField[] {
  const schema = jsonSchemaFor(name) as JsonSchema;
  return fieldsOf(schema, schema, choicesFor(name, lists), name);
}

/**
 * The whole configuration, as an object. `editor` comes from site.yaml: where the files live;
 * `lists`, from the towns and services files: what a job's town and services are picked from;
 * `favicon`, the site's tab icon, the editor's logo (a feature's, or the drawn shovel).
 */
export function cmsConfig(
  site: Pick<SiteData, "name" | "url" | "editor">,
  lists: SiteLists,
  favicon: Favicon = SVG_FAVICON,
): Record<string, unknown> {
  const names = Object.keys(DATA_FILES) as DataFileName[];
  const fileEntry = (name: DataFileName) => ({
    name,
    label: inEditor(name).label,
    icon: inEditor(name).icon,
    file: `${DATA_FOLDER}/${DATA_FILES[name].file}`,
    format: formatName(name),
    // "View Preview" on a draft, and "View on Live Site": the page a change to the file is on.
    preview_path: editedPath(name).slice(1),
    fields: cmsFieldsFor(name, lists),
  });
  return {
    backend: {
      name: GIT_HOST.backend,
      repo: site.editor.repository,
      branch: site.editor.branch,
      // The sign-in service (scripts/sign-in/) signs the owner in and passes the editor's calls to
      // GitHub on: the CMS asks it at <signInUrl>/api/v3 and <signInUrl>/api/graphql.
      ...(site.editor.signInUrl ? { base_url: site.editor.signInUrl, api_root: site.editor.signInUrl } : {}),
      commit_messages: {
        create: "Update {{path}} in the site editor, by {{author-login}}",
        update: "Update {{path}} in the site editor, by {{author-login}}",
        uploadMedia: "Add {{path}} in the site editor, by {{author-login}}",
        deleteMedia: "Remove {{path}} in the site editor, by {{author-login}}",
      },
    },
    // Save makes a draft (a branch and a pull request the host builds as a preview); only Publish,
    // which merges it, changes the live site. The local repository has no drafts: it saves as before.
    publish_mode: "editorial_workflow",
    app_title: `${site.name}: site editor`,
    site_url: site.url,
    logo: { src: favicon.path },
    // Uploads go to data/photos/; the CMS names them /photos/x.jpg (editor.ts drops the slash).
    media_folder: `${DATA_FOLDER}/${PHOTO_FOLDER}`,
    public_folder: `/${PHOTO_FOLDER}`,
    media_libraries: {
      default: {
        config: {
          // "IMG 2041 (1).JPG" is saved as img-2041-1.jpg: a file name that reads well in a web address.
          slugify_filename: true,
          // A camera's photo (JPEG, or HEIC from an iPhone) is shrunk in the browser before it is
          // saved, to the longest side the site uses, as WebP, which check accepts and measures like
          // any photo: the repository does not grow by the camera's megabytes with each job. A PNG or
          // WebP (a logo, an icon) is saved as it is.
          transformations: Object.fromEntries(
            ["jpeg", "heic"].map((format) => [
              format,
              { format: "webp", quality: UPLOAD_QUALITY, width: PHOTO_LONG_SIDE, height: PHOTO_LONG_SIDE },
            ]),
          ),
        },
      },
      // Only the owner's own photos: stock photos on the site would show someone else's work.
      stock_assets: false,
    },
    show_preview_links: true,
    editor: { preview: false },
    output: { omit_empty_optional_fields: true, yaml: { indent_size: 2, indent_sequences: true } },
    collections: [
      {
        name: "data",
        label: "Site content",
        icon: "edit_note",
        description: "Everything the site says. Save makes a draft to look at; Publish puts it on the site.",
        files: names.filter((name) => !inEditor(name).collection).map(fileEntry),
      },
      // A file the owner edits most often (the jobs), a collection of its own on the first screen.
      ...names.flatMap((name) => {
        const { collection, icon } = inEditor(name);
        return collection
          ? [{ name, label: collection.label, icon, description: collection.description, files: [fileEntry(name)] }]
          : [];
      }),
    ],
  };
}

/** The icons `config` gives its collections and files: Material Symbols names, drawn by the CMS. */
export function cmsIconNames(config: Record<string, unknown>): string[] {
  const collections = config.collections as { icon?: string; files?: { icon?: string }[] }[];
  return collections
    .flatMap((collection) => [collection.icon, ...(collection.files ?? []).map((file) => file.icon)])
    .filter((icon) => icon !== undefined);
}

/** /admin/config.yml: the configuration (cmsConfig()) as the CMS reads it, with a note on where it comes from. */
export function cmsConfigText(config: Record<string, unknown>): string {
  const header = [
    "# The configuration of the site editor at /admin/ (Sveltia CMS), generated by `sitegen generate`",
    "# and `sitegen cms-config` from scripts/data/schema.ts and data/ (site.yaml, the towns and services). Do not edit.",
  ].join("\n");
  return `${header}\n${stringify(config, { lineWidth: 0 })}`;
}
