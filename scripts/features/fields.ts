// The data of the features that add some: fields of site.yaml, in the order they are placed, and
// files of their own, after the core's. A
// feature's fields.ts belongs to data/'s layer (schema.ts places its fields, rules.ts asks its
// rules, the editor takes its labels): it imports what data/ may, and no schema of the core.
import type { FeatureFields } from "../data/extension.ts";
import { closuresFields } from "./closures/fields.ts";
import { jobsFields } from "./jobs/fields.ts";
import { reviewsFields } from "./reviews/fields.ts";

export const FEATURE_FIELDS = [closuresFields, reviewsFields, jobsFields] as const satisfies readonly FeatureFields[];
