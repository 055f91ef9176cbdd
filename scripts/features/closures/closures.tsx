// Closed days and other hours, when site.yaml's specialHours has some a build on its day shows
// (from 60 days before until the day has passed, fields.ts): what the feature adds to a build.
// Each entry reads like the weekly hours, under them wherever a page shows them (the "hours"
// place: the footer of every page, the home page's contact section, the contact and offline
// pages), and the pages' structured data states them as the business's
// specialOpeningHoursSpecification (in the "hours" place, after its weekly hours), which overrides
// the regular hours on those days. What a build shows depends on its day: the daily rebuild
// (pipeline/day-change.ts) builds on the days it changes.
import { businessDay, dayText } from "../../data/days.ts";
import { timeRange } from "../../data/model.ts";
import type { Feature } from "../feature.ts";
import { spanOf, upcomingSpecialHours, type SpecialHours } from "./fields.ts";

/** A dated exception to the weekly hours, as the pages show it and the structured data states it. */
export interface SpecialHoursShown {
  /** First and last day, YYYY-MM-DD; the same day for a one-day exception. */
  first: string;
  last: string;
  /** The other hours; both absent on days closed all day. */
  opens?: string;
  closes?: string;
  /** "Closed Thursday, November 26 (Thanksgiving)", "Friday, November 27: 8:00 a.m. – noon (day after Thanksgiving)" */
  text: string;
}

/** The exceptions shown on `today` (YYYY-MM-DD), soonest first, in words formatted like the weekly hours. */
export function specialHoursShown(entries: readonly SpecialHours[], today: string): SpecialHoursShown[] {
  return upcomingSpecialHours(entries, today).map((entry) => {
    const { first, last } = spanOf(entry);
    const dates = first === last ? dayText(first) : `${dayText(first)} – ${dayText(last)}`;
    const { opens, closes, reason } = entry;
    // The rules (fields.ts) leave a day either closed or with both times.
    if (entry.closed === true || opens === undefined || closes === undefined)
      return { first, last, text: `Closed ${dates} (${reason})` };
    return { first, last, opens, closes, text: `${dates}: ${timeRange(opens, closes)} (${reason})` };
  });
}

export const closures: Feature = {
  name: "closures",
  async parts({ model, today }) {
    const shown = specialHoursShown(model.business.specialHours, businessDay(today));
    if (shown.length === 0) return undefined;
    const list = (
      <ul className="special-hours">
        {shown.map((entry) => (
          <li key={entry.text}>{entry.text}</li>
        ))}
      </ul>
    );
    return {
      sections: () => ({ hours: list }),
      // schema.org's OpeningHoursSpecification: validFrom and validThrough are the first and last
      // day; a day closed all day has opens and closes both "00:00", as Google's local business
      // documentation asks ("To show a business is closed all day, set both opens and closes
      // properties to '00:00'").
      businessFacts: {
        hours: {
          specialOpeningHoursSpecification: shown.map((entry) => ({
            "@type": "OpeningHoursSpecification",
            validFrom: entry.first,
            validThrough: entry.last,
            opens: entry.opens ?? "00:00",
            closes: entry.closes ?? "00:00",
          })),
        },
      },
    };
  },
};
