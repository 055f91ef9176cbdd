// Why a generate or check failed, in three kinds the owner can act on: the data has problems (each
// at file:line:column), a page could not be rendered or allowed by the security policy (the page
// is named), or something else (the file system, say). The command line turns the kind into its
// exit code and the dev server into its error page. Light on purpose: loading this module loads
// neither React nor the HTML parser.
import { PolicyError } from "../headers/policy-error.ts";
import { DataError, type DataProblem } from "../data/problems.ts";
import { RenderError } from "../pages/render-error.ts";

export type Failure = { kind: "data"; problems: DataProblem[] } | { kind: "render" | "other"; message: string };

export function failureOf(error: unknown): Failure {
  if (error instanceof DataError) return { kind: "data", problems: error.problems };
  // A page that breaks the Content-Security-Policy is a page that failed, like a template that throws.
  if (error instanceof RenderError || error instanceof PolicyError) return { kind: "render", message: error.message };
  return { kind: "other", message: error instanceof Error ? error.message : String(error) };
}

/** The command line's exit code for each kind of failure (0 is success). */
export const EXIT_CODES: Record<Failure["kind"], number> = { data: 1, render: 2, other: 3 };
