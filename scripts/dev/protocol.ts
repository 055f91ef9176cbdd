// Messages between `sitegen dev` and its build process.
import type { DataProblem } from "../data/load.ts";

export interface BuildRequest {
  type: "build";
  id: number;
  dataDir: string;
  outDir: string;
}

export type BuildFailure =
  | { kind: "data"; problems: DataProblem[] }
  | { kind: "render" | "other"; message: string };

export type WorkerReply =
  | { type: "ready" }
  | { type: "built"; id: number; pages: number; milliseconds: number; cpuMilliseconds: number }
  | ({ type: "failed"; id: number } & BuildFailure);

export type BuildOutcome =
  | { ok: true; pages: number; milliseconds: number; /** CPU time of the build process. */ cpuMilliseconds: number }
  | ({ ok: false } & BuildFailure);
