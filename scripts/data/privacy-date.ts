// The privacy page's date against the day counting was turned on. Setting site.yaml's plausible
// adds "Counting visits" to /privacy and changes other statements on it, so the page's words change
// that day, and privacyUpdated must move with them. Git tells which came later: the line that
// holds `plausible:` and the line that holds `privacyUpdated:`, each by the commit that last wrote
// it (or none yet, for a change not committed). A `plausible:` line written after the date's line
// (a later commit, or an edit not yet committed while the date's line is) turned counting on
// without moving the date, and is refused at the date's line, as every data problem is. Outside a
// git checkout, for a file git does not track, or where git cannot tell (a shallow clone whose
// first commit holds both lines), nothing is refused.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { DataProblem } from "./problems.ts";
import { keyNodeAt, problemAt, type ParsedFile } from "./read-yaml.ts";
import { DATA_FILES, type SiteData } from "./schema.ts";
import { businessDay } from "./days.ts";

const run = promisify(execFile);

/** The commit git blame gives a line not yet committed. */
const NOT_COMMITTED = /^0{40}$/;

/** The line (1-based) of a top-level key of site.yaml. */
function keyLine(site: ParsedFile, key: string): number | undefined {
  const node = keyNodeAt(site.doc, [], key);
  return node?.range ? site.lines.linePos(node.range[0]).line : undefined;
}

/** The commit that last wrote each line of site.yaml, in `dataDir`; undefined where git cannot say. */
async function lastWritten(dataDir: string, lines: readonly number[]): Promise<string[] | undefined> {
  try {
    const ranges = lines.flatMap((line) => ["-L", `${line},${line}`]);
    const { stdout } = await run("git", ["blame", "--porcelain", ...ranges, "--", DATA_FILES.site.file], {
      cwd: dataDir,
    });
    // Each line's header: the commit, its line in that commit, its line now (and a count, for the first of a group).
    const byLine = new Map<number, string>();
    for (const match of stdout.matchAll(/^([0-9a-f]{40}) \d+ (\d+)/gm)) byLine.set(Number(match[2]), match[1]!);
    const commits = lines.map((line) => byLine.get(line));
    return commits.every((commit) => commit !== undefined) ? (commits as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `earlier` is an ancestor of `later` in `dataDir`'s history. */
async function isAncestor(dataDir: string, earlier: string, later: string): Promise<boolean> {
  return run("git", ["merge-base", "--is-ancestor", earlier, later], { cwd: dataDir }).then(
    () => true,
    () => false,
  );
}

/** Whether `turnedOn` was written after `dated`: not yet committed while the date is, or in a later commit. */
async function writtenLater(dataDir: string, turnedOn: string, dated: string): Promise<boolean> {
  if (turnedOn === dated || NOT_COMMITTED.test(dated)) return false;
  if (NOT_COMMITTED.test(turnedOn)) return true;
  return isAncestor(dataDir, dated, turnedOn);
}

/** The privacy page's date, refused when counting was turned on after it last moved. */
export async function countingDateProblems(dataDir: string, site: ParsedFile, today: Date): Promise<DataProblem[]> {
  const { privacyUpdated, plausible } = site.value as SiteData;
  const countingLine = keyLine(site, "plausible");
  const dateLine = keyLine(site, "privacyUpdated");
  if (!plausible || countingLine === undefined || dateLine === undefined) return [];
  const commits = await lastWritten(dataDir, [countingLine, dateLine]);
  if (!commits || !(await writtenLater(dataDir, commits[0]!, commits[1]!))) return [];
  return [
    problemAt(
      site,
      ["privacyUpdated"],
      `"${privacyUpdated}", written before plausible (line ${countingLine}) turned counting on`,
      `the day the privacy page's words about counting take effect, such as today, ${businessDay(today)}: turning counting on changes the page`,
    ),
  ];
}
