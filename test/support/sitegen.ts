// The project's command line, run as a person runs it: `node bin/sitegen.js <args>`, its exit
// code and what it printed, whether it succeeded or not.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./paths.ts";

const run = promisify(execFile);
const CLI = path.join(ROOT, "bin", "sitegen.js");

export interface SitegenResult {
  /** null when the run was killed at its time limit. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `sitegen <args>` in `cwd` (the project, by default), Node started with `nodeArgs`, with
 * `env` added to the environment. After `timeoutMs` the run is killed and its code is null: a
 * command that would never end fails its test instead of hanging it.
 */
export function sitegen(
  args: string[],
  cwd?: string,
  {
    env,
    timeoutMs = 120_000, // a whole build with nothing cached, beside other test files: a hung command still ends
    nodeArgs = [],
  }: { env?: NodeJS.ProcessEnv; timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<SitegenResult> {
  return run(process.execPath, [...nodeArgs, CLI, ...args], {
    cwd,
    env: env && { ...process.env, ...env },
    timeout: timeoutMs,
    killSignal: "SIGKILL",
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: SitegenResult) => error,
  );
}
