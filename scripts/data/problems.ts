// A problem in the data, as the owner reads it: file, line, column and field, what was found and what
// was expected there. Every check (YAML syntax, schema, rules across files) reports this way, and
// so does a warning: something the build allows but had better not be there. A problem quotes the
// data (a field name, a value), so its line is made printable here, where every problem is
// formatted: a key of terminal escapes is shown, never obeyed.
import { printable } from "../lib/printable.ts";

/** A step on the way to a value in a data file: a field name or a list position. */
export type PathKey = string | number;

export interface DataProblem {
  file: string;
  line: number;
  column: number;
  field: string;
  found: string;
  expected: string;
  /** "did you mean 'droplets'?" when a close valid spelling exists. */
  hint?: string;
}

export class DataError extends Error {
  constructor(readonly problems: DataProblem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "DataError";
  }
}

/** One line: file:line:column field: found …, expected …; with every character a terminal would act on shown as \u{…}. */
export function formatProblem(p: DataProblem): string {
  const field = p.field ? ` ${p.field}:` : "";
  const hint = p.hint ? `; ${p.hint}` : "";
  return printable(`${p.file}:${p.line}:${p.column}${field} found ${p.found}, expected ${p.expected}${hint}`);
}

/** Warnings as the command line prints them: a heading, then one line each, as problems are printed. */
export function formatWarnings(warnings: readonly DataProblem[]): string {
  const count = `${warnings.length} warning${warnings.length === 1 ? "" : "s"}`;
  return [`The data has ${count} (allowed, but worth fixing):`, ...warnings.map(formatProblem)].join("\n");
}
