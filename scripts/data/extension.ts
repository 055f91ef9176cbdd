// The data fields an optional feature adds to site.yaml (features/*/fields.ts, listed in
// features/fields.ts): their schema, where they go among the core's fields, the rules across
// files that a schema cannot say, and the editor's labels for them. schema.ts places them, rules.ts
// asks their rules, admin/cms-config.ts takes their labels.
import type { z } from "zod";
import type { CheckedFiles, Findings } from "./rows.ts";

export interface FeatureFields<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** The feature's folder under features/. */
  feature: string;
  /** Its fields of site.yaml, placed right after the core's field `after`, in their order. */
  site: { after: string; shape: Shape };
  /** Its rules across rows and files, for the files that passed their schema; `today` is the build's moment. */
  rules?(files: CheckedFiles, today: Date): Findings;
  /** The editor's label of a field, by its name (admin/cms-config.ts), and of one item of a list, for its "Add …" button. */
  labels?: Readonly<Record<string, string>>;
  itemLabels?: Readonly<Record<string, string>>;
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
