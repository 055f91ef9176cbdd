// The data of the features that add some: fields of site.yaml, in the order they are placed, and
// files of their own, after the core's. A feature's fields.ts, and its data/ folder where its fields
// name files of its own, belong to data/'s layer (schema.ts places its fields and lists its files,
// rules.ts asks its rules, load.ts has its files read, the editor takes its labels): they import
// what data/ may, and not data/schema.ts, which imports this list (the core's rows' own schemas
// and types are data/rows-schema.ts and data/site-rows.ts).
import type { FeatureFields } from "../data/extension.ts";
import { closuresFields } from "./closures/fields.ts";
import { countingFields } from "./counting/fields.ts";
import { brandFields } from "./brand/fields.ts";
import { jobsFields } from "./jobs/fields.ts";
import { reviewsFields } from "./reviews/fields.ts";

export const FEATURE_FIELDS = [
  closuresFields,
  reviewsFields,
  brandFields,
  countingFields,
  jobsFields,
] as const satisfies readonly FeatureFields[];
