// Closed days and other hours for the tests, never for data/: the owner named none. The build's
// moment is fixed, so that the tests never age.
import type { SpecialHours } from "../../scripts/features/closures/fields.ts";
import { editYaml } from "./data-copy.ts";

/** The moment of the build in these tests: Monday, November 23, 2026, 2 p.m. in Mattoon. */
export const HOURS_TODAY = new Date("2026-11-23T20:00:00Z");

/** One past, three coming up (one a range, one with other hours), one too far ahead to show yet. */
export const FIXTURE_SPECIAL_HOURS: SpecialHours[] = [
  { day: "2026-11-03", closed: true, reason: "Election Day" },
  { day: "2026-11-26", closed: true, reason: "Thanksgiving" },
  { day: "2026-11-27", opens: "08:00", closes: "12:00", reason: "day after Thanksgiving" },
  { from: "2026-12-24", to: "2026-12-26", closed: true, reason: "Christmas" },
  { day: "2027-02-15", closed: true, reason: "Presidents Day" },
];

/** What a build on HOURS_TODAY shows of FIXTURE_SPECIAL_HOURS, in order. */
export const FIXTURE_SHOWN = [
  "Closed Thursday, November 26 (Thanksgiving)",
  "Friday, November 27: 8:00 a.m. – noon (day after Thanksgiving)",
  "Closed Thursday, December 24 – Saturday, December 26 (Christmas)",
];

/** Puts special hours (and, if given, the emergency note) into the site.yaml of a copy of data/. */
export async function addSpecialHours(
  dir: string,
  entries: readonly Partial<SpecialHours>[],
  emergencyNote?: string,
): Promise<string> {
  return editYaml(dir, "site.yaml", (doc) => {
    doc.set("specialHours", doc.createNode(entries));
    if (emergencyNote) doc.set("emergencyNote", emergencyNote);
  });
}
