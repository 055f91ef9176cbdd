// The suite passes on any day, not only the day it was written: the test files whose results could
// hang on the day they run (builds of the shipped data, whose dates are checked against the build's
// day; builds of copied data folders compared with each other; the rules for reviews, jobs and
// closed days) run again in a child whose clock libfaketime has moved on, 45 days and 400 days
// (past a year's end and a daylight-saving change). The browser suites are left out: Firefox does
// not start under libfaketime.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/paths.ts";
import { FAKETIME, toolPath } from "./support/tools.ts";

const run = promisify(execFile);

/** The files that read today's date, directly or through a build. */
const DAY_BOUND_FILES = [
  "test/jobs.test.ts",
  "test/privacy-date.test.ts",
  "test/hours-exceptions.test.ts",
  "test/reviews.test.ts",
  "test/job-rules.test.ts",
];

/** The environment less the outer run's own vitest variables (a run of its own), in plain text. */
function childEnvironment(): NodeJS.ProcessEnv {
  const outer = Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST") && name !== "FORCE_COLOR");
  return { ...Object.fromEntries(outer), NO_COLOR: "1" };
}

describe("the day-bound tests on a later day", () => {
  it.each(["45 days", "400 days"])(
    "pass with the clock moved on %s",
    async (later) => {
      const now = await run(toolPath(FAKETIME), [`+${later}`, "date", "+%F"]);
      const expected = new Date(Date.now() + Number.parseInt(later) * 86_400_000).toISOString().slice(0, 10);
      // faketime moves the clock by the calendar; at most a day apart from the arithmetic, near midnight.
      expect(Math.abs(Date.parse(now.stdout.trim()) - Date.parse(expected))).toBeLessThanOrEqual(86_400_000);
      const vitest = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");
      const { stdout } = await run(
        toolPath(FAKETIME),
        [`+${later}`, process.execPath, vitest, "run", "--reporter=dot", ...DAY_BOUND_FILES],
        { cwd: ROOT, env: childEnvironment(), maxBuffer: 64 * 1024 * 1024 },
      ).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`The day-bound tests failed ${later} later:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
      });
      expect(stdout).toMatch(
        new RegExp(`Test Files\\s+${DAY_BOUND_FILES.length} passed \\(${DAY_BOUND_FILES.length}\\)`),
      );
    },
    // Runs the day-bound test files again in a Vitest of their own, with the clock moved.
    300_000,
  );
});
