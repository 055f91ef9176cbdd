// Stories that are copies of a town page or of each other. A job's story (jobs.yaml) is held to the
// town pages' rule (data/near-duplicates.ts, whose header says why and how it measures) against
// every town page and every other job's story: the way to add a job is, again, to write about it,
// and a story pasted from a town page or from another job would make its page a near-copy. A story
// is shorter than a town page (150 to 1,500 characters: about 20 to 250 runs, where a town page has
// 265 to 365), so the share is measured against the shorter of the two texts, |A ∩ B| / min(|A|,
// |B|) (the overlap coefficient): a story that is a town page's paragraph, or that holds another
// story whole, shares all of its wording whatever the length of the other text. With two texts of
// one length it is the town pages' share (Dice's). Place names are one placeholder, as for town
// pages. The thresholds are the town pages' own, refused from 30 % and warned from 15 %, measured
// on the tests' five stories (test/support/job-fixtures.ts, 340 to 520 characters) and the spec's
// 27 town pages:
// - stories written anew: no run shared with any town page or with each other (0 of 135 + 10 pairs);
// - a town page's paragraph, or three of its FAQ answers, as a story: 95–100 %; another job's
//   story with two words changed: 93 %;
// - one sentence of a town page added to a story of its own: 27–33 % (warned or refused, as a
//   third of the story is borrowed), two sentences 46–53 %.
// Pure, as the town pages' rule is; jobs' rules (../fields.ts) run it.
import {
  itemsOf,
  REFUSED_PERCENT,
  textOf,
  townPagesMeasured,
  WARNED_PERCENT,
  type TownPageRow,
} from "../../../data/near-duplicates.ts";

/** A row of jobs.yaml: its position and its title. */
interface JobRow {
  index: number;
  title: string;
}

export interface JobNearDuplicate {
  /** The job reported: the later of two jobs, or the job whose story is close to a town page. */
  job: JobRow;
  /** The other text: an earlier job's story, or a town page. */
  other: ({ kind: "job" } & JobRow) | ({ kind: "town" } & TownPageRow);
  /** The share of wording, rounded down to a whole percent. */
  percent: number;
  /** At or over REFUSED_PERCENT; otherwise a warning. */
  refused: boolean;
}

/**
 * The jobs whose story is too close to a town page or to an earlier job's story: each job once,
 * with the text it shares most with (a town page before a job when the share is the same).
 */
export function nearDuplicateJobs(jobsFile: unknown, townsFile: unknown): JobNearDuplicate[] {
  const towns = townPagesMeasured(townsFile);
  const jobs = itemsOf(((jobsFile && typeof jobsFile === "object" ? jobsFile : {}) as Record<string, unknown>).jobs).map(
    (fields, index) => ({
      row: { index, title: textOf(fields.title) },
      runs: towns.runsOf(fields.story),
    }),
  );
  // Every text a story is held to: the town pages, then the jobs not refused so far.
  const others: { other: JobNearDuplicate["other"]; runs: Float64Array }[] = towns.pages.map(({ row, runs }) => ({
    other: { kind: "town", ...row },
    runs,
  }));
  const textsWith = new Map<number, number[]>();
  const index = (text: number) => {
    for (const run of others[text]!.runs) {
      const list = textsWith.get(run);
      if (list) list.push(text);
      else textsWith.set(run, [text]);
    }
  };
  others.forEach((_, text) => index(text));
  const found: JobNearDuplicate[] = [];
  for (const { row, runs } of jobs) {
    if (runs.length === 0) continue;
    const shared = new Map<number, number>();
    for (const run of runs) for (const text of textsWith.get(run) ?? []) shared.set(text, (shared.get(text) ?? 0) + 1);
    let best = -1;
    let bestShare = 0;
    for (const [text, count] of shared) {
      const share = count / Math.min(runs.length, others[text]!.runs.length);
      if (share > bestShare || (share === bestShare && text < best)) [best, bestShare] = [text, share];
    }
    const percent = Math.floor(bestShare * 100 + 1e-9);
    const refused = percent >= REFUSED_PERCENT;
    if (percent >= WARNED_PERCENT) found.push({ job: row, other: others[best]!.other, percent, refused });
    if (!refused) {
      others.push({ other: { kind: "job", ...row }, runs });
      index(others.length - 1);
    }
  }
  return found;
}

/** A job's near-duplicate in the owner's words; `where` tells how to find the other text, such as "line 66". */
export function nearDuplicateJobWording({ other, percent, refused }: JobNearDuplicate, where?: string) {
  const limit = refused
    ? `under ${REFUSED_PERCENT} %: a job's page must tell that job, in words of its own`
    : `under ${WARNED_PERCENT} % to be safe (from ${REFUSED_PERCENT} % the build refuses it)`;
  const otherText = other.kind === "town" ? `${other.name}'s town page` : `the story of "${other.title}"`;
  return {
    found: `a story that shares ${percent} % of its wording with ${otherText}${where ? ` (${where})` : ""}`,
    expected: `${limit}. Say what this job was: what the ground was like, what was done and what it fixed`,
  };
}
