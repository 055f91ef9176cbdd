// What of services.yaml, towns.yaml, faq.yaml and jobs.yaml is prose: the sentences, headings and
// names a visitor reads as words. The rules about what the prose says (law.ts: no rule of law typed
// in it; rules.ts: no figure the pages compute, one estimate promise, the towns a service names)
// read these fields only, never a key, a slug, an icon's name, a photo's file, a county chosen from
// Illinois's list, a month or a choice, whose words state nothing ("culvert-permits" is a page's
// address, not a sentence about permits).
import type { PathKey } from "./problems.ts";

/** The fields of those files' schemas (schema.ts) that hold prose, or a list of it, by name. */
export const PROSE_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "label",
  "title",
  "heading",
  "description",
  "summary",
  "text",
  "paragraphs",
  "body",
  "question",
  "answer",
  "unique",
  "story",
  "alt",
  "caption",
]);

/** Every piece of prose in a value, with the path to it, `keys` the path to the value itself. */
export function proseIn(value: unknown, keys: PathKey[] = []): { text: string; keys: PathKey[] }[] {
  const field = keys.findLast((key) => typeof key === "string");
  if (typeof value === "string") return field !== undefined && PROSE_FIELDS.has(field) ? [{ text: value, keys }] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => proseIn(item, [...keys, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => proseIn(item, [...keys, key]));
  return [];
}
