// Run by test/daily-rebuild-days.test.ts in a child whose clock libfaketime reads from a file
// (FAKETIME_TIMESTAMP_FILE, read again at every call): for each day of a sweep, it sets the clock to
// the daily rebuild's hour (06:10 UTC, just after midnight in Mattoon) and asks the daily
// rebuild's question, `sitegen changed-since` against the previous day's run, as the command does:
// its build now is made as `sitegen generate` makes it at that moment (the clock's own day, no day
// passed in), and its build of the day before with that day passed in. One JSON line per day on
// stdout: the day, the fingerprint of the day's own build, and the answer. The test compares each
// day's build with the day before's: an earlier day's build made with its day passed in that
// differed from the clock's would show as an answer that disagrees.
// Arguments: the data folder, the first day (YYYY-MM-DD), the number of days, the timestamp file.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { BuildMemory } from "../../scripts/pipeline/build-memory.ts";
import { changedSince } from "../../scripts/pipeline/day-change.ts";

const [dataDir, firstDay, dayCount, clockFile] = process.argv.slice(2);
if (!dataDir || !firstDay || !dayCount || !clockFile)
  throw new Error("usage: day-sweep <data> <first day> <days> <clock file>");

/** The day `offset` days after `firstDay`, as YYYY-MM-DD. */
const dayAfter = (offset: number) =>
  new Date(Date.parse(`${firstDay}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const RUN_TIME = "06:10:00";
// One BuildMemory for the whole sweep, as the dev server keeps one: the bundles and the editor's
// files are taken again while the files and fields they are made from are the same (lib/bundle.ts
// keys each on its options, a day put in them too, and its files' bytes), and every page, policy,
// header and the service worker are made anew each day.
const memory = new BuildMemory();

for (let offset = 0; offset < Number(dayCount); offset++) {
  const day = dayAfter(offset);
  writeFileSync(clockFile, `${day} ${RUN_TIME}\n`);
  const clock = new Date().toISOString();
  if (!clock.startsWith(`${day}T06:10`)) throw new Error(`the clock reads ${clock}, not ${day} ${RUN_TIME}`);
  // The daily run's question, as the command asks it: a build of the previous run's day against a
  // build now, which is made as `sitegen generate` makes it (its day from the clock). That build's
  // files are the day's own: compared day by day, they say on which days the site changed.
  const previousRun = new Date(`${dayAfter(offset - 1)}T${RUN_TIME}Z`);
  const change = await changedSince(dataDir, previousRun, { memory });
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([...change.now].sort(([a], [b]) => a.localeCompare(b))))
    .digest("base64");
  console.log(JSON.stringify({ day, fingerprint, changed: change.files }));
}
