// The project's command line, run as a person runs it: `node bin/sitegen.js <args>`, its exit
// code and what it printed, whether it succeeded or not.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./paths.ts";

const run = promisify(execFile);
const CLI = path.join(ROOT, "bin", "sitegen.js");

export interface SitegenResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `sitegen <args>` in `cwd` (the project, by default), Node started with `nodeArgs`. */
export function sitegen(args: string[], cwd?: string, nodeArgs: string[] = []): Promise<SitegenResult> {
  return run(process.execPath, [...nodeArgs, CLI, ...args], { cwd }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: SitegenResult) => error,
  );
}
