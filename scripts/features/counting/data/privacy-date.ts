// The privacy page's date against the day counting was turned on. Setting site.yaml's plausible
// adds "Counting visits" to /privacy and changes other statements on it, so the page's words change
// that day, and privacyUpdated must be that day or later: the day its words take effect. Git tells
// the day counting was turned on: the day of the commit that last wrote the line that holds
// `plausible:` (its commit date, in the business's time zone), or today for a line not yet
// committed. A date earlier than that day says the page's words took effect before counting did,
// and is refused at the date's line, as every data problem is. The order of the commits does not
// matter: the owner may commit the new date first and turn counting on in a later commit, on or
// before that date. Outside a git checkout, for a file git does not track, or where git cannot tell
// (a shallow clone, whose oldest commit seems to write every line it holds), nothing is refused.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { DataProblem } from "../../../data/problems.ts";
import { keyNodeAt, problemAt, type ParsedFile } from "../../../data/read-yaml.ts";
import { businessDay } from "../../../data/days.ts";

const run = promisify(execFile);

/** The commit git blame gives a line not yet committed. */
const NOT_COMMITTED = /^0{40}$/;

/** The line (1-based) of a top-level key of site.yaml. */
function keyLine(site: ParsedFile, key: string): number | undefined {
  const node = keyNodeAt(site.doc, [], key);
  return node?.range ? site.lines.linePos(node.range[0]).line : undefined;
}

/** Whether `dataDir` is in a shallow clone, whose oldest commits stand in for the history cut off. */
async function isShallow(dataDir: string): Promise<boolean> {
  const { stdout } = await run("git", ["rev-parse", "--is-shallow-repository"], { cwd: dataDir });
  return stdout.trim() === "true";
}

/**
 * The business's day on which `line` of `file` (site.yaml) in `dataDir` was written: its commit's date, or
 * `today` when it is not committed yet; undefined where git cannot say.
 */
async function dayWritten(dataDir: string, file: string, line: number, today: Date): Promise<string | undefined> {
  try {
    const { stdout } = await run("git", ["blame", "--porcelain", "-L", `${line},${line}`, "--", file], {
      cwd: dataDir,
    });
    // The line's header (the commit first), then the commit's fields, one a line.
    const commit = /^([0-9a-f]{40}) /.exec(stdout)?.[1];
    const seconds = /^committer-time (\d+)$/m.exec(stdout)?.[1];
    if (!commit || !seconds) return undefined;
    if (NOT_COMMITTED.test(commit)) return businessDay(today);
    // "boundary": a first commit, or in a shallow clone the oldest one kept, which may not have written the line.
    if (/^boundary$/m.test(stdout) && (await isShallow(dataDir))) return undefined;
    return businessDay(new Date(Number(seconds) * 1000));
  } catch {
    return undefined;
  }
}

/** The privacy page's date, refused when it is earlier than the day counting was turned on. */
export async function countingDateProblems(dataDir: string, site: ParsedFile, today: Date): Promise<DataProblem[]> {
  const { privacyUpdated, plausible } = site.value as { privacyUpdated: string; plausible?: object };
  const countingLine = keyLine(site, "plausible");
  if (!plausible || countingLine === undefined) return [];
  // site.yaml sits at the data folder's top; the parsed file names it as problems show it (data/site.yaml).
  const turnedOn = await dayWritten(dataDir, path.basename(site.file), countingLine, today);
  if (turnedOn === undefined || privacyUpdated >= turnedOn) return [];
  return [
    problemAt(
      site,
      ["privacyUpdated"],
      `"${privacyUpdated}", earlier than ${turnedOn}, the day plausible (line ${countingLine}) turned counting on`,
      `the day the privacy page's words about counting take effect, ${turnedOn} or later: turning counting on changes the page`,
    ),
  ];
}
