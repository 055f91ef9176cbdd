// Closed days and other hours (site.yaml's specialHours, after hours), the fields the closures
// feature adds: their schema, the rules between an entry's fields, which entries a build shows, and
// their editor labels. Pure functions without a clock: the moment of the build comes in as an
// argument (generate's `today`), so tests can pick it. schema.ts places the field
// (features/fields.ts lists this module), so this file reads no schema of the core.
import { z } from "zod";
import type { FeatureFields } from "../../data/extension.ts";
import { calendarDay, text, time } from "../../data/fields.ts";
import type { DataProblem, PathKey } from "../../data/problems.ts";
import { problemAt, type ParsedFile } from "../../data/read-yaml.ts";

/**
 * A dated exception to the weekly hours: one day (day) or several in a row (from, to), closed
 * all day or open other hours, and why. Which fields go together (a day or a range, closed or
 * hours, a range that ends after it starts) is checked below (specialHoursProblems), at the entry's line.
 */
const specialHoursSchema = z.strictObject({
  day: calendarDay
    .describe("One day, as YYYY-MM-DD, such as 2026-11-26. For several days in a row, use from and to instead")
    .optional(),
  from: calendarDay.describe("The first of several days in a row, as YYYY-MM-DD").optional(),
  to: calendarDay.describe("The last of several days in a row, as YYYY-MM-DD, on or after from").optional(),
  closed: z.boolean().describe("true when the office is closed all day; otherwise give opens and closes").optional(),
  opens: time.describe("The opening time on that day, such as 08:00; leave out when closed").optional(),
  closes: time.describe("The closing time on that day, such as 12:00; leave out when closed").optional(),
  reason: text(3, 40).describe("A few words on why, shown in brackets after the date, such as Thanksgiving"),
});

export type SpecialHours = z.infer<typeof specialHoursSchema>;

/**
 * How far ahead an exception shows: 60 days. Far enough for a job being planned now (the estimate
 * comes within a day and most projects start within days, a larger one a few weeks out) and for a
 * holiday to be seen in the weeks before it, near enough that the footer never lists next year's
 * holidays. A page cannot change by itself: the daily rebuild (docs/deploying.md, "Scheduled rebuild") brings
 * an exception into view as it comes near and drops it the day after its last day.
 */
export const SPECIAL_HOURS_AHEAD_DAYS = 60;

/** "2026-11-26" and 60 → "2027-01-25". */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** An entry's first and last day, YYYY-MM-DD: `day` for one day, `from` and `to` for several. */
export function spanOf(entry: SpecialHours): { first: string; last: string } {
  const first = entry.day ?? entry.from ?? "";
  return { first, last: entry.day ?? entry.to ?? first };
}

/**
 * The entries a build on `today` (YYYY-MM-DD) shows, soonest first: those not over yet (today
 * included) that begin within SPECIAL_HOURS_AHEAD_DAYS.
 */
export function upcomingSpecialHours(entries: readonly SpecialHours[], today: string): SpecialHours[] {
  const horizon = addDays(today, SPECIAL_HOURS_AHEAD_DAYS);
  return entries
    .filter((entry) => {
      const { first, last } = spanOf(entry);
      return last >= today && first <= horizon;
    })
    .sort((a, b) => spanOf(a).first.localeCompare(spanOf(b).first));
}

/** A problem with one entry: the field concerned (none for the entry as a whole), what was found, what was expected. */
type Finding = [field: keyof SpecialHours | undefined, found: string, expected: string];

/** One day (`day`), or a range (`from`, `to`) that ends on or after its first day. */
function daysProblem({ day, from, to }: SpecialHours): Finding | undefined {
  if (day === undefined && from === undefined && to === undefined) {
    return [
      undefined,
      "an entry without a day",
      "day: YYYY-MM-DD for one day, or from: and to: for several days in a row",
    ];
  }
  if (day !== undefined && (from !== undefined || to !== undefined)) {
    const either = "either day (one day) or from and to (several days in a row), not both";
    return [from !== undefined ? "from" : "to", `from or to as well as day: ${day}`, either];
  }
  if (from !== undefined && to === undefined) {
    return ["to", "nothing", `the last day, as YYYY-MM-DD, on or after from (${from})`];
  }
  if (from === undefined && to !== undefined) {
    return ["from", "nothing", `the first day, as YYYY-MM-DD, on or before to (${to})`];
  }
  if (from !== undefined && to !== undefined && to < from) {
    return [
      "to",
      `"${to}", before from (${from}): a range that ends before it starts`,
      `a last day on or after ${from}`,
    ];
  }
  return undefined;
}

/** Closed all day (`closed: true`), or other hours: both times, the closing one after the opening one. */
function hoursProblem({ closed, opens, closes }: SpecialHours): Finding | undefined {
  if (closed === true) {
    if (opens === undefined && closes === undefined) return undefined;
    const either = "either closed: true or opens and closes, not both";
    return [opens !== undefined ? "opens" : "closes", "hours on a day marked closed: true", either];
  }
  if (opens === undefined && closes === undefined) {
    const found = closed === false ? "false, and no hours" : "nothing";
    return ["closed", found, "closed: true for a day closed all day, or opens and closes for other hours"];
  }
  if (opens === undefined) return ["opens", "nothing", "the opening time too, such as 08:00"];
  if (closes === undefined) return ["closes", "nothing", "the closing time too, such as 12:00"];
  if (closes <= opens)
    return ["closes", `"${closes}", not after opens (${opens})`, "a closing time after the opening time"];
  return undefined;
}

/**
 * The rules between an entry's fields, which a form cannot express: one day or a range, a range
 * that ends on or after its first day, closed or other hours (both times, closing after opening).
 * Each problem is located at the field concerned, or at the entry's first line when a field is missing.
 */
function specialHoursProblems(site: ParsedFile): DataProblem[] {
  return (site.value as { specialHours: SpecialHours[] }).specialHours.flatMap((entry, index) =>
    [daysProblem(entry), hoursProblem(entry)]
      .filter((finding): finding is Finding => finding !== undefined)
      .map(([field, found, expected]) => {
        const keys: PathKey[] = ["specialHours", index, ...(field ? [field] : [])];
        return problemAt(site, keys, found, expected);
      }),
  );
}

export const closuresFields = {
  feature: "closures",
  site: {
    after: "hours",
    shape: {
      specialHours: z
        .array(specialHoursSchema)
        .default([])
        .describe(
          "Days the office is closed or keeps other hours, such as holidays. Shown beside the weekly hours from 60 days before until the day has passed",
        ),
    },
  },
  rules: ({ site }) => ({ problems: site ? specialHoursProblems(site) : [], warnings: [] }),
  labels: { specialHours: "Closed days and other hours" },
  itemLabels: { specialHours: "Closed day or other hours" },
} satisfies FeatureFields;
