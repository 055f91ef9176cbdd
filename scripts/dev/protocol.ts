// Messages between `sitegen dev` and its build process.
import type { Failure } from "../pipeline/failure.ts";

export interface BuildRequest {
  type: "build";
  id: number;
  dataDir: string;
  outDir: string;
}

/** What the build process reports of a failed build. */
export type BuildFailure = Failure;

export type BuildReply =
  | { type: "ready" }
  | { type: "built"; id: number; pages: number; milliseconds: number; cpuMilliseconds: number }
  | ({ type: "failed"; id: number } & BuildFailure);

export type BuildOutcome =
  | { ok: true; pages: number; milliseconds: number; /** CPU time of the build process. */ cpuMilliseconds: number }
  | ({ ok: false } & BuildFailure);
