// The daily rebuild asks the host for a production build only on the days the pages change
// (docs/deploying.md, "Scheduled rebuild"), because each one costs the host's free plan. Over 90
// days, with the shipped data and with a fixture of closed days and other hours, a child whose clock
// libfaketime moves from day to day (test/support/day-sweep.ts) makes each day's build as
// `sitegen generate` does and asks `sitegen changed-since` the daily run's question: it must say
// "build" on exactly the days whose build differs from the day before's, and on no other. Every day
// is built, none sampled: the child keeps one BuildMemory for its sweep, as the dev server does, so
// each day makes anew only what a day can change (the pages, their policies, the headers, the
// service worker) and takes the bundles and the editor's files again while their inputs are the
// same. Then the command itself runs under faketime on a day the pages change and a day they do not.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPECIAL_HOURS_AHEAD_DAYS, spanOf, type SpecialHours } from "../scripts/features/closures/fields.ts";
import { businessDay } from "../scripts/data/days.ts";
import { copyData } from "./support/data-copy.ts";
import { DATA_DIR, ROOT } from "./support/paths.ts";
import { addSpecialHours } from "./support/special-hours-fixtures.ts";
import { FAKETIME, libfaketimePath, toolPath } from "./support/tools.ts";

const run = promisify(execFile);

/** The day before the first run, then 90 daily runs. */
const SWEEP_DAYS = 91;

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The sweep starts on the day the tests run, so that the data's own dates are never in its future. */
const FIRST_DAY = businessDay(new Date());
const SWEEP = Array.from({ length: SWEEP_DAYS }, (_, offset) => dayAfter(FIRST_DAY, offset));

/** Closed days and other hours around the sweep: already over, seen from the start, coming into view, beyond it. */
const FIXTURE: SpecialHours[] = [
  { day: dayAfter(FIRST_DAY, -5), closed: true, reason: "a day already past" },
  { day: dayAfter(FIRST_DAY, 3), closed: true, reason: "a closed day" },
  { from: dayAfter(FIRST_DAY, 10), to: dayAfter(FIRST_DAY, 12), closed: true, reason: "several days" },
  { day: dayAfter(FIRST_DAY, 30), opens: "08:00", closes: "12:00", reason: "a short day" },
  { day: dayAfter(FIRST_DAY, 75), closed: true, reason: "a holiday coming into view" },
  { from: dayAfter(FIRST_DAY, 85), to: dayAfter(FIRST_DAY, 95), closed: true, reason: "a range past the sweep" },
  { day: dayAfter(FIRST_DAY, 200), closed: true, reason: "too far ahead" },
];

/** New Year's Day within the sweep: the footer's year changes. */
const NEW_YEARS_DAYS = SWEEP.slice(1).filter((day) => day.endsWith("-01-01"));

/**
 * The days the rule says a build shows other closures than the day before: an entry comes into
 * view SPECIAL_HOURS_AHEAD_DAYS before its first day, and leaves the day after its last.
 */
function expectedChangeDays(entries: readonly SpecialHours[]): string[] {
  const days = new Set(NEW_YEARS_DAYS);
  for (const entry of entries) {
    const { first, last } = spanOf(entry);
    days.add(dayAfter(first, -SPECIAL_HOURS_AHEAD_DAYS));
    days.add(dayAfter(last, 1));
  }
  return SWEEP.slice(1).filter((day) => days.has(day));
}

interface SweepDay {
  day: string;
  fingerprint: string;
  changed: string[];
}

/** Runs the sweep over `dataDir` in a child whose clock is the day's 06:10 UTC. */
async function sweep(dataDir: string): Promise<SweepDay[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "day-sweep-"));
  const clockFile = path.join(dir, "clock");
  try {
    const { stdout } = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(ROOT, "test", "support", "day-sweep.ts"),
        dataDir,
        FIRST_DAY,
        `${SWEEP_DAYS}`,
        clockFile,
      ],
      {
        cwd: ROOT,
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...process.env,
          // React's production build, as `sitegen` runs it: the same markup in about half the time.
          NODE_ENV: "production",
          TZ: "UTC",
          LD_PRELOAD: libfaketimePath(),
          FAKETIME_TIMESTAMP_FILE: clockFile,
          FAKETIME_NO_CACHE: "1",
          // Timers and performance.now() keep the real clock's pace.
          FAKETIME_DONT_FAKE_MONOTONIC: "1",
        },
      },
    );
    return stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as SweepDay);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The days whose build differs from the day before's, and the days the command said so. */
function outcome(days: readonly SweepDay[]) {
  const differs = days.slice(1).filter((day, index) => day.fingerprint !== days[index]!.fingerprint);
  const asked = days.slice(1).filter((day) => day.changed.length > 0);
  return { differs: differs.map((day) => day.day), asked: asked.map((day) => day.day) };
}

let shipped: SweepDay[];
let fixture: SweepDay[];
let fixtureDir: string;

beforeAll(async () => {
  fixtureDir = await copyData(DATA_DIR);
  await addSpecialHours(fixtureDir, FIXTURE);
  // Two children at once: the sweeps are about a minute each, and independent.
  [shipped, fixture] = await Promise.all([sweep(DATA_DIR), sweep(fixtureDir)]);
}, 600_000); // two sweeps of 91 days, two builds a day, on a loaded 2-core machine

afterAll(async () => {
  await rm(path.dirname(fixtureDir), { recursive: true, force: true });
});

describe("the days the daily rebuild asks the host for a build, over 90 days", () => {
  it("sweeps every day from the day the tests run, at the run's hour", () => {
    expect(shipped.map((day) => day.day)).toEqual(SWEEP);
    expect(fixture.map((day) => day.day)).toEqual(SWEEP);
  });

  it("with the shipped data: exactly the days the build differs from the day before's, only New Year's Day", () => {
    const { differs, asked } = outcome(shipped);
    expect(asked).toEqual(differs);
    expect(differs).toEqual(NEW_YEARS_DAYS);
  });

  it("with closed days and other hours: exactly the days the build differs, each an entry coming into view or leaving", () => {
    const { differs, asked } = outcome(fixture);
    expect(asked).toEqual(differs);
    expect(differs).toEqual(expectedChangeDays(FIXTURE));
    // The fixture is not empty of changes: several days in 90, and most days none.
    expect(differs.length).toBeGreaterThanOrEqual(6);
  });

  it("names the pages that changed: every page shows the hours in its footer", () => {
    const firstChange = fixture.find((day) => day.changed.length > 0)!;
    expect(firstChange.changed).toEqual(expect.arrayContaining(["index.html", "contact.html", "towns/mattoon.html"]));
    expect(firstChange.changed).not.toContain("admin/config.yml");
  });
});

describe("sitegen changed-since, under faketime", () => {
  const changeDay = () => fixture.find((day) => day.changed.length > 0)!.day;
  const quietDay = () => fixture.slice(1).find((day) => day.changed.length === 0)!.day;

  /** `sitegen changed-since <the day before>` run on `day` at 06:10 UTC. */
  const changedSince = (day: string) =>
    run(
      toolPath(FAKETIME),
      [`${day} 06:10:00`, process.execPath, "bin/sitegen.js", "changed-since", dayAfter(day, -1), "--data", fixtureDir],
      {
        cwd: ROOT,
        env: { ...process.env, TZ: "UTC" },
      },
    ).then(
      ({ stdout }) => ({ status: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ status: error.code, stdout: error.stdout }),
    );

  it("exits 1 and lists the files on a day the pages change", async () => {
    const { status, stdout } = await changedSince(changeDay());
    expect(status).toBe(1);
    expect(stdout).toMatch(
      /^\d+ files differ between a build on \w+day, \w+ \d+, \d{4} and a build now .*; the host should build the site again:$/m,
    );
    expect(stdout).toMatch(/^ {2}index\.html$/m);
  }, 60_000);

  it("exits 0 and says no build is needed on a day they do not", async () => {
    const { status, stdout } = await changedSince(quietDay());
    expect(status).toBe(0);
    expect(stdout).toMatch(/^No file differs between a build on .* and a build now .*: no build is needed\.$/m);
  }, 60_000);
});
