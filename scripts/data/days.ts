// The business's calendar day: the one clock rule every dated rule and the build share (reviews and
// jobs dated no later than today, the closures shown, the privacy page's date, the daily rebuild),
// and how such a day reads.
/** All of Illinois keeps Central time: the business's days begin there, not on the build machine's clock. */
const BUSINESS_TIME_ZONE = "America/Chicago";

/** The calendar day at the business at `moment`, as YYYY-MM-DD. */
export function businessDay(moment: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((found) => found.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const DAY_TEXT = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });

/** "2026-11-26" → "Thursday, November 26". No year: a day shown is at most 60 days away. */
export function dayText(day: string): string {
  return DAY_TEXT.format(new Date(`${day}T00:00:00Z`));
}
