// The "did you mean …?" part of a data problem: for a misspelt field name, icon name or choice,
// the closest one the schema allows at that place.
import type { z } from "zod";
import { iconNames } from "./icons.ts";
import { iconSchema } from "./rows-schema.ts";
import type { PathKey } from "./problems.ts";
import { fieldsAt, schemaAt } from "./schema-paths.ts";
import { closestMatch, didYouMean, suggestionsFor } from "./suggest.ts";

/** For an unknown field `key` in the group of fields at `mapPath`. */
export function unknownFieldHint(root: z.ZodType, mapPath: readonly PathKey[], key: string): string | undefined {
  const match = closestMatch(key, fieldsAt(root, mapPath));
  return match ? didYouMean([match]) : undefined;
}

/** The fields allowed at `mapPath`, as the "expected" part of an unknown-field problem. */
export function allowedFieldsText(root: z.ZodType, mapPath: readonly PathKey[]): string {
  const fields = fieldsAt(root, mapPath);
  return fields.length > 0 ? `one of the fields ${fields.join(", ")}` : "only the fields this file allows";
}

/**
 * For a value the schema refused: an icon name or one of a fixed list of choices; or a number or
 * yes/no where text belongs (postalCode: 61938), which quotes turn into text. `source` is the value
 * as typed in the file.
 */
export function valueHint(root: z.ZodType, issue: z.core.$ZodIssue, value: unknown, source?: string): string | undefined {
  if (issue.code === "invalid_type" && issue.expected === "string" && (typeof value === "number" || typeof value === "boolean")) {
    return `write it in double quotes to make it text: "${source ?? String(value)}"`;
  }
  if (typeof value !== "string") return undefined;
  if (issue.code === "invalid_value" && "values" in issue) {
    const match = closestMatch(value, issue.values.map(String));
    return match ? didYouMean([match]) : undefined;
  }
  if (issue.code === "custom" && schemaAt(root, issue.path as PathKey[]) === iconSchema) {
    return didYouMean(suggestionsFor(value, iconNames));
  }
  return undefined;
}
