// The field types the data files' schemas are made of, shared by schema.ts and the fields a feature
// adds (features/*/fields.ts): one rule each for a text's bounds, a slug, a day, an address and a colour.
import { z } from "zod";
import { HTTPS_ADDRESS, HTTPS_ADDRESS_EXPECTED, httpsAddressProblem } from "./web-address.ts";

/** Text, trimmed, of `min` to `max` characters. */
export const text = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `text of at least ${min} characters`)
    .max(max, `text of at most ${max} characters`);

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a slug of lowercase letters, digits and single hyphens");

/** A time of day on the 24-hour clock, as HH:MM. */
export const time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "a 24-hour time such as 07:00");

/** A day that exists on the calendar, as YYYY-MM-DD: 2026-02-30 is refused. */
export const calendarDay = z.iso.date("a date that exists, as YYYY-MM-DD, such as 2026-11-26");

/** An https address whose host is a host name (web-address.ts): the one rule for every address in data/. */
export const httpsUrl = z.string().regex(HTTPS_ADDRESS, {
  error: (issue) => (typeof issue.input === "string" && httpsAddressProblem(issue.input)) || HTTPS_ADDRESS_EXPECTED,
});

/** A colour as CSS writes it in six hex digits: "#1f6feb". The editor offers a colour picker for it. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
