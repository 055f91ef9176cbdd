// Finds the part of a zod schema that checks a given place in a data file, so that a problem
// report can say which fields or values would have been accepted there.
import { z } from "zod";
import type { PathKey } from "./problems.ts";


/** The schema itself, without the optional/nullable/default wrappers around it. */
function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodDefault) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.in as z.ZodType;
    } else {
      return current;
    }
  }
}

/** The schema for the value at `keys` inside a document checked by `root`, if there is one. */
export function schemaAt(root: z.ZodType, keys: readonly PathKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = unwrapSchema(root);
  for (const key of keys) {
    if (!current) return undefined;
    if (current instanceof z.ZodArray && typeof key === "number") {
      current = unwrapSchema(current.element as z.ZodType);
    } else if (current instanceof z.ZodObject && typeof key === "string" && Object.hasOwn(current.shape, key)) {
      current = unwrapSchema(current.shape[key] as z.ZodType);
    } else {
      return undefined;
    }
  }
  return current;
}

/** The field names allowed in the group of fields at `keys`, in the schema's order. */
export function fieldsAt(root: z.ZodType, keys: readonly PathKey[]): string[] {
  const schema = schemaAt(root, keys);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}
