// The data fields of the features that add some to site.yaml, in the order they are placed. A
// feature's fields.ts belongs to data/'s layer (schema.ts places its fields, rules.ts asks its
// rules, the editor takes its labels): it imports what data/ may, and no schema of the core.
import type { FeatureFields } from "../data/extension.ts";
import { closuresFields } from "./closures/fields.ts";
import { reviewsFields } from "./reviews/fields.ts";

export const FEATURE_FIELDS = [closuresFields, reviewsFields] as const satisfies readonly FeatureFields[];
