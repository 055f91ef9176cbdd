// What the rules across rows and files share (rules.ts, and a feature's own rules in
// features/*/fields.ts): the files they read, what they find, and a value given twice. It reads no
// schema, so that a feature's fields, which schema.ts places, can use it.
import type { DataProblem, PathKey } from "./problems.ts";
import { problemAt, type ParsedFile } from "./read-yaml.ts";

/** The data files that passed their schema, as the rules read them, by name: the core's, and the features' own (jobs). */
export interface CheckedFiles {
  readonly site?: ParsedFile | undefined;
  readonly services?: ParsedFile | undefined;
  readonly towns?: ParsedFile | undefined;
  readonly faq?: ParsedFile | undefined;
  readonly [file: string]: ParsedFile | undefined;
}

/** What the rules find: problems, which refuse the data, and warnings, which do not. */
export interface Findings {
  problems: DataProblem[];
  warnings: DataProblem[];
}

/** A problem at each value met a second time: "a unique <what>". */
export function duplicates(file: ParsedFile, entries: { keys: PathKey[]; value: string }[], what: string): DataProblem[] {
  const seen = new Set<string>();
  const problems: DataProblem[] = [];
  for (const entry of entries) {
    if (seen.has(entry.value)) problems.push(problemAt(file, entry.keys, `${JSON.stringify(entry.value)} a second time`, `a unique ${what}`));
    seen.add(entry.value);
  }
  return problems;
}
