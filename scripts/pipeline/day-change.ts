// `sitegen changed-since`: whether a build made now differs from a build of the same data made on an
// earlier day, and in which files. The pages show the closed days and holiday hours of the day they
// are built and the year in the footer, so the same commit builds differently from one day to the
// next on a few days a year; the daily rebuild (docs/deploying.md, "Scheduled rebuild") asks the
// host for a production build only on those days. Both builds are the generator's own output, made
// in memory, so the answer is exact whatever the pages come to depend on the day for.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { businessDay } from "../data/days.ts";
import { BUILD_INPUT_PATHSPECS, type Host } from "../headers/hosts.ts";
import { outputBytes } from "../lib/output.ts";
import { BuildMemory } from "./build-memory.ts";
import { renderSite } from "./generate.ts";

/** Each file of a build made at `today` (now by default), by its path in dist/: its bytes' SHA-256. */
async function buildFingerprint(
  dataDir: string,
  options: { today?: Date; checkedOn?: Date; host?: Host; memory: BuildMemory },
) {
  // The footer's year is the day's too: a build on December 31 and one on January 1 differ there.
  const year = options.today ? { year: Number(businessDay(options.today).slice(0, 4)) } : {};
  const site = await renderSite({ dataDir, outDir: "(not written)", ...options, ...year });
  const hashes = new Map<string, string>();
  for (const [file, contents] of site.files) {
    hashes.set(file, createHash("sha256").update(outputBytes(contents)).digest("base64"));
  }
  return hashes;
}

/** The files, sorted, that one build has and the other has not, or has with other bytes. */
function differingFiles(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const files = new Set([...before.keys(), ...after.keys()]);
  return [...files].filter((file) => before.get(file) !== after.get(file)).sort();
}

/**
 * The moment a build "on" `day` is made: noon at the business (Central time), which is the same
 * calendar day there in winter and in summer, so that a YYYY-MM-DD means that day at the business.
 * A full ISO moment (as GitHub gives a run's start) is taken as it is.
 */
function momentOf(day: string): Date {
  const moment = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T18:00:00Z`) : new Date(day);
  if (Number.isNaN(moment.getTime())) throw new Error(`"${day}" is not a day: expected YYYY-MM-DD`);
  return moment;
}

export interface DayChange {
  /** The business day of the earlier build, and of now. */
  since: string;
  today: string;
  /** The files a build now writes differently, sorted; none when the builds are the same. */
  files: string[];
  /** Each file of the build now, by its path: its bytes' SHA-256. */
  now: ReadonlyMap<string, string>;
}

/**
 * Builds the site for `since` and now, and compares every file. The build now is made as
 * `sitegen generate` makes it, its day from the clock unless `now` says otherwise; both check the
 * data against now: a date the data may hold today (a review's, the privacy page's) is not a
 * problem of the earlier build. The two builds share one BuildMemory (`memory`, or a fresh one):
 * the second takes the bundles and the editor's files the first made from the same files, as a
 * build of the dev server does, and makes only what depends on the day anew.
 */
export async function changedSince(
  dataDir: string,
  since: Date,
  options: { now?: Date; host?: Host; memory?: BuildMemory } = {},
): Promise<DayChange> {
  const now = options.now ?? new Date();
  const { host, memory = new BuildMemory() } = options;
  const before = await buildFingerprint(dataDir, { today: since, checkedOn: now, host, memory });
  const after = await buildFingerprint(dataDir, { ...(options.now ? { today: options.now } : {}), host, memory });
  return { since: businessDay(since), today: businessDay(now), files: differingFiles(before, after), now: after };
}

/**
 * When the last commit that changed what the build reads (BUILD_INPUTS) was made, in the checkout
 * that holds `dataDir`: the host built the site on its own then. Undefined outside a git checkout.
 */
export async function lastBuildInputCommit(dataDir: string): Promise<Date | undefined> {
  try {
    const { stdout } = await promisify(execFile)("git", ["log", "-1", "--format=%cI", "--", ...BUILD_INPUT_PATHSPECS], {
      cwd: dataDir,
    });
    return stdout.trim() === "" ? undefined : momentOf(stdout.trim());
  } catch {
    return undefined;
  }
}

/**
 * The moment of the build that is live, as far as the daily rebuild knows it: the latest of the
 * moments given (the last run that found the live site as built; empty ones left out) and the last
 * commit that changed what the build reads, or a day ago when neither is known.
 */
export function liveBuildMoment(moments: readonly string[], lastCommit: Date | undefined, now = new Date()): Date {
  const known = [
    ...moments.filter((moment) => moment.trim() !== "").map(momentOf),
    ...(lastCommit ? [lastCommit] : []),
  ];
  if (known.length === 0) return new Date(now.getTime() - 86_400_000);
  return new Date(Math.max(...known.map((moment) => moment.getTime())));
}
