// The business's calendar day: the one clock rule every dated rule and the build share (reviews and
// jobs dated no later than today, the closures shown, the privacy page's date, the daily rebuild).
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
