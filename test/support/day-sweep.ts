// Run by test/daily-rebuild-days.test.ts in a child whose clock libfaketime reads from a file
// (FAKETIME_TIMESTAMP_FILE, read again at every call): for each day of a sweep, it sets the clock to
// the daily rebuild's hour (06:10 UTC, just after midnight in Mattoon), makes the build as
// `sitegen generate` does at that moment (the clock's own day, no day passed in), and asks the
// daily rebuild's question, `sitegen changed-since` against the previous day's run, as the command
// does. One JSON line per day on stdout: the day, the build's fingerprint, and the answer.
// Arguments: the data folder, the first day (YYYY-MM-DD), the number of days, the timestamp file.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { buildFingerprint, changedSince } from "../../scripts/pipeline/day-change.ts";

const [dataDir, firstDay, dayCount, clockFile] = process.argv.slice(2);
if (!dataDir || !firstDay || !dayCount || !clockFile)
  throw new Error("usage: day-sweep <data> <first day> <days> <clock file>");

/** The day `offset` days after `firstDay`, as YYYY-MM-DD. */
const dayAfter = (offset: number) =>
  new Date(Date.parse(`${firstDay}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const RUN_TIME = "06:10:00";

for (let offset = 0; offset < Number(dayCount); offset++) {
  const day = dayAfter(offset);
  writeFileSync(clockFile, `${day} ${RUN_TIME}\n`);
  const clock = new Date().toISOString();
  if (!clock.startsWith(`${day}T06:10`)) throw new Error(`the clock reads ${clock}, not ${day} ${RUN_TIME}`);
  const files = await buildFingerprint(dataDir);
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([...files].sort(([a], [b]) => a.localeCompare(b))))
    .digest("base64");
  const previousRun = new Date(`${dayAfter(offset - 1)}T${RUN_TIME}Z`);
  const change = await changedSince(dataDir, previousRun);
  console.log(JSON.stringify({ day, fingerprint, changed: change.files }));
}
