// The data an optional feature adds (features/*/fields.ts, listed in features/fields.ts): its fields
// of site.yaml, with where they go among the core's, or files of its own (jobs.yaml); the rules
// across files that a schema cannot say; the pictures of its own its fields name in a folder of
// data/ (brand/); its files' rows as the pages read them; and the editor's labels for them.
// schema.ts places the fields and lists the files, rules.ts asks the rules, photos.ts and law.ts
// read a file's photos and prose as the feature declares them, load.ts has its folder's files
// read, model.ts has its rows resolved, admin/cms-config.ts takes the labels, the folder and the
// checks on save.
import type { z } from "zod";
import type { DataProblem } from "./problems.ts";
import type { ParsedFile } from "./read-yaml.ts";
import type { CheckedFiles, Findings } from "./rows.ts";
import type { CoreRows, PhotoRef } from "./site-rows.ts";

/** A data file of a feature's own, optional: a site without it has none of what it holds. */
interface FeatureFile {
  file: string;
  schema: z.ZodType;
  optional: true;
  /** What the file holds, for the editors' JSON Schema. */
  description: string;
  /** The lists of its rows that have photos (`photos`), checked as the core's rows' are. */
  photoLists?: readonly string[];
  /** Whether its texts are prose the core's rules read (data/prose.ts's fields): no rule of law typed in them. */
  prose?: boolean;
  /** How the site editor shows it (admin/cms-config.ts). */
  editor: FileInEditor;
}

/** A feature's file in the site editor. */
export interface FileInEditor {
  /** Its name in the editor's menu, and its icon (a Material Symbols name, the editor's set). */
  label: string;
  icon: string;
  /** A collection of its own on the editor's first screen, for a file the owner edits most often; else it joins the site's content. */
  collection?: { label: string; description: string };
  /** Its fields whose value is picked from the site's town pages or services, each offered by its name, with the hint under it. */
  choices?: Readonly<Record<string, { from: "towns" | "services"; hint: string }>>;
}

/**
 * Files of a feature's own in a folder of data/ beside photos/ (such as brand/), which its fields
 * name: read and checked when the data is loaded, the editor's uploads for those fields put there.
 */
export interface FeatureFolder<Read = unknown> {
  /** The folder of data/ they are in. */
  name: string;
  /** What a field that names one of them holds ("brand/logo.svg"): the schema's pattern, by which the editor finds those fields. */
  pattern: RegExp;
  /** The kinds of file the editor's picker offers for them, as an accept attribute lists them. */
  accept: string;
  /**
   * Reads the files site.yaml names, once it has passed its schema, and checks them: each problem
   * at its field in site.yaml, as every other problem. What it gives back is the loaded data's
   * (`filesRead`), for the feature's build half to use.
   */
  read(dataDir: string, site: ParsedFile): Promise<{ problems: DataProblem[]; read: Read }>;
}

/** What the features' fields read of their files when the data was loaded (FeatureFolder.read), by feature. */
export type FilesRead = Readonly<Record<string, unknown>>;

/** The features' own data files that are there, by name, as they passed their schema, with each `{law:<id>}` put in. */
export type FeatureFileValues = Readonly<Record<string, unknown>>;

/** A feature's rows as its pages read them (`FeatureFields.model`), with what the core makes of them. */
export interface FeatureRows<Rows = unknown> {
  rows: Rows;
  /**
   * The rows' own photos (a job's pairs), encoded for the pages as the core's galleries are: each
   * from the file's `photoLists`, which the check read (`CoreRows.photo` resolves those only).
   */
  photos: readonly PhotoRef<{ file: string }>[];
  /** What `sitegen check`'s line says of them ("2 jobs"), when there are some. */
  summary?: { count: number; noun: string };
}

/** Each data feature's rows as its pages read them, by feature (the site model's `featureRows`). */
export type FeatureRowsBy = Readonly<Record<string, FeatureRows>>;

export interface FeatureFields<Shape extends z.ZodRawShape = z.ZodRawShape, Read = unknown, Rows = unknown> {
  /** The feature's folder under features/. */
  feature: string;
  /** Its fields of site.yaml, placed right after the core's field `after`, in their order. */
  site?: { after: string; shape: Shape };
  /** Its files in data/, by name (the name the rules and the editor give the file), after the core's. */
  files?: Readonly<Record<string, FeatureFile>>;
  /** Its rules across rows and files, for the files that passed their schema; `today` is the build's moment. */
  rules?(files: CheckedFiles, today: Date): Findings;
  /** Its checks that read more than the data's text (the data folder's history), once site.yaml passed its schema. */
  checks?(dataDir: string, site: ParsedFile, today: Date): Promise<DataProblem[]>;
  /**
   * The editor's label of a field, by its name, or by "group.field" where its name alone would say
   * the wrong thing (admin/cms-config.ts), and of one item of a list, for its "Add …" button.
   */
  labels?: Readonly<Record<string, string>>;
  itemLabels?: Readonly<Record<string, string>>;
  /** Pictures of its own its fields name, in a folder of data/ (brand/). */
  folder?: FeatureFolder<Read>;
  /**
   * Its files' rows as its pages read them, made once with the site's model (model.ts): each row
   * with the town pages, services and photos it names. Asked whether its files are there or not.
   */
  model?(files: FeatureFileValues, core: CoreRows): FeatureRows<Rows>;
  /**
   * Its field of site.yaml that holds the colour the buttons are drawn in: the editor refuses on
   * save one that button text cannot be read on, as the build does (data/palette.ts's rule).
   */
  buttonColour?: string;
}

/** What `fields` read of their files when the data was loaded, from its `filesRead`; undefined when they read none. */
export function filesReadBy<Read>(
  fields: { feature: string; folder?: Pick<FeatureFolder<Read>, "read"> },
  read: FilesRead,
): Read | undefined {
  return read[fields.feature] as Read | undefined;
}

/** A feature's rows as the site's model holds them (`FeatureFields.model`, `SiteModel.featureRows`); undefined when it declares none. */
export function rowsOf<Rows>(
  fields: { feature: string; model?(files: FeatureFileValues, core: CoreRows): FeatureRows<Rows> },
  featureRows: FeatureRowsBy,
): Rows | undefined {
  return featureRows[fields.feature]?.rows as Rows | undefined;
}

type Intersection<U> = [U] extends [never]
  ? unknown
  : (U extends unknown ? (shape: U) => void : never) extends (shape: infer I) => void
    ? I
    : never;

/** The site.yaml fields of a list of features, as one shape. */
type SiteShapes<List extends readonly FeatureFields[]> = Intersection<
  Extract<List[number], { site: { shape: z.ZodRawShape } }>["site"]["shape"]
>;

/** The files of a list of features, by name. */
type Files<List extends readonly FeatureFields[]> = Intersection<Extract<List[number], { files: object }>["files"]>;

/** The core's fields with each feature's placed after its anchor, in the list's order; an unknown anchor or a field given twice is refused. */
export function withFeatureFields<Core extends z.ZodRawShape, const List extends readonly FeatureFields[]>(
  core: Core,
  list: List,
): Core & SiteShapes<List> {
  const placed: Record<string, unknown> = {};
  const blocks = list.flatMap((block) => (block.site ? [{ feature: block.feature, ...block.site }] : []));
  for (const block of blocks)
    if (!(block.after in core)) throw new Error(`The ${block.feature} feature's fields go after ${block.after}: no such field`);
  for (const [name, field] of Object.entries(core)) {
    placed[name] = field;
    for (const block of blocks.filter((block) => block.after === name))
      for (const [added, addedField] of Object.entries(block.shape)) {
        if (added in core || added in placed) throw new Error(`The ${block.feature} feature adds ${added}, a field site.yaml already has`);
        placed[added] = addedField;
      }
  }
  return placed as Core & SiteShapes<List>;
}

/** The core's data files, then each feature's own, in the list's order; a name given twice is refused. */
export function withFeatureFiles<Core extends object, const List extends readonly FeatureFields[]>(
  core: Core,
  list: List,
): Core & Files<List> {
  const files: Record<string, unknown> = { ...(core as Record<string, unknown>) };
  for (const block of list)
    for (const [name, file] of Object.entries(block.files ?? {})) {
      if (name in files) throw new Error(`The ${block.feature} feature adds the data file ${name}, which the site already has`);
      files[name] = file;
    }
  return files as Core & Files<List>;
}
