// The data fields an optional feature adds to site.yaml (features/*/fields.ts, listed in
// features/fields.ts): their schema, where they go among the core's fields, the rules across
// files that a schema cannot say, the files of its own they name in a folder of data/, and the
// editor's labels for them. schema.ts places them, rules.ts asks their rules, load.ts has their
// files read, admin/cms-config.ts takes their labels, their folder and their checks on save.
import type { z } from "zod";
import type { DataProblem } from "./problems.ts";
import type { ParsedFile } from "./read-yaml.ts";
import type { CheckedFiles, Findings } from "./rows.ts";

/**
 * Files of a feature's own in a folder of data/ beside photos/ (such as brand/), which its fields
 * name: read and checked when the data is loaded, the editor's uploads for those fields put there.
 */
export interface FeatureFiles<Read = unknown> {
  /** The folder of data/ they are in. */
  folder: string;
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

/** What the features' fields read of their files when the data was loaded (FeatureFiles.read), by feature. */
export type FilesRead = Readonly<Record<string, unknown>>;

export interface FeatureFields<Shape extends z.ZodRawShape = z.ZodRawShape, Read = unknown> {
  /** The feature's folder under features/. */
  feature: string;
  /** Its fields of site.yaml, placed right after the core's field `after`, in their order. */
  site: { after: string; shape: Shape };
  /** Its rules across rows and files, for the files that passed their schema; `today` is the build's moment. */
  rules?(files: CheckedFiles, today: Date): Findings;
  /**
   * The editor's label of a field, by its name, or by "group.field" where its name alone would say
   * the wrong thing (admin/cms-config.ts), and of one item of a list, for its "Add …" button.
   */
  labels?: Readonly<Record<string, string>>;
  itemLabels?: Readonly<Record<string, string>>;
  /** Files of its own its fields name, in a folder of data/. */
  files?: FeatureFiles<Read>;
  /**
   * Its field of site.yaml that holds the colour the buttons are drawn in: the editor refuses on
   * save one that button text cannot be read on, as the build does (data/palette.ts's rule).
   */
  buttonColour?: string;
}

/** What `fields` read of their files when the data was loaded, from its `filesRead`; undefined when they read none. */
export function filesReadBy<Read>(
  fields: { feature: string; files?: Pick<FeatureFiles<Read>, "read"> },
  read: FilesRead,
): Read | undefined {
  return read[fields.feature] as Read | undefined;
}

type Intersection<U> = (U extends unknown ? (shape: U) => void : never) extends (shape: infer I) => void ? I : never;

/** The core's fields with each feature's placed after its anchor, in the list's order; an unknown anchor or a field given twice is refused. */
export function withFeatureFields<Core extends z.ZodRawShape, const List extends readonly FeatureFields[]>(
  core: Core,
  list: List,
): Core & Intersection<List[number]["site"]["shape"]> {
  const placed: Record<string, unknown> = {};
  for (const block of list)
    if (!(block.site.after in core)) throw new Error(`The ${block.feature} feature's fields go after ${block.site.after}: no such field`);
  for (const [name, field] of Object.entries(core)) {
    placed[name] = field;
    for (const block of list.filter((block) => block.site.after === name))
      for (const [added, addedField] of Object.entries(block.site.shape)) {
        if (added in core || added in placed) throw new Error(`The ${block.feature} feature adds ${added}, a field site.yaml already has`);
        placed[added] = addedField;
      }
  }
  return placed as Core & Intersection<List[number]["site"]["shape"]>;
}
