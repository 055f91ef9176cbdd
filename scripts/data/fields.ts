// The field types the data files' schemas are made of, shared by schema.ts and the fields a feature
// adds (features/*/fields.ts): one rule each for a text's bounds, a slug, a day, an address, a
// colour and a photo's file, description and caption.
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

/** A month as YYYY-MM, such as 2025-06; the editor offers a month picker for a field held to it (admin/cms-config.ts). */
export const MONTH = /^\d{4}-(?:0[1-9]|1[0-2])$/;

/** A month of the calendar, as YYYY-MM. */
export const month = z.string().regex(MONTH, "a month as YYYY-MM, such as 2025-06");

/** An https address whose host is a host name (web-address.ts): the one rule for every address in data/. */
export const httpsUrl = z.string().regex(HTTPS_ADDRESS, {
  error: (issue) => (typeof issue.input === "string" && httpsAddressProblem(issue.input)) || HTTPS_ADDRESS_EXPECTED,
});

/** A colour as CSS writes it in six hex digits: "#1f6feb". The editor offers a colour picker for it. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The folder in data/ that holds the photos; the data names a photo by its path from data/. */
export const PHOTO_FOLDER = "photos";

/** Photo files the site reads: in data/photos/, in a format a phone or camera saves. */
export const PHOTO_FILE = new RegExp(`^${PHOTO_FOLDER}/[^/\\\\]+\\.(?:jpe?g|png|webp|avif|heic|heif)$`, "i");

/** Alt text that says nothing: a word such as "image", or a camera's file name. */
const VAGUE_ALT = /^(?:an? )?(?:image|photo|photograph|picture|pic|img|screenshot|untitled|jpe?g|png)\s*\d*$/i;
const FILE_NAME_ALT = /\.(?:jpe?g|png|webp|avif|heic|heif|gif|tiff?)$|^(?:IMG|DSC|DSCN|PXL|DCIM|MVIMG|PHOTO)[_-]?\d/i;

export const photoFile = z
  .string()
  .regex(PHOTO_FILE, "a photo in data/photos/ (JPEG, PNG, WebP, AVIF or HEIC), such as photos/mattoon-basement-dig.jpg")
  .describe("The photo's file, in data/photos/: photos/mattoon-basement-dig.jpg. At least 800 pixels wide");

export const photoAlt = z
  .string({
    // Missing alt text is the mistake to expect (a photo added, its description forgotten): say what goes there.
    error: (issue) => (issue.input === undefined ? "a sentence that says what the photo shows" : undefined),
  })
  .trim()
  .min(1, "a sentence that says what the photo shows")
  .max(250, "text of at most 250 characters")
  .refine((alt) => !VAGUE_ALT.test(alt), "words that say what the photo shows, not a word such as image or photo")
  .refine((alt) => !FILE_NAME_ALT.test(alt), "words that say what the photo shows, not a file name")
  .describe("What the photo shows, for visitors who cannot see it: Excavator digging a basement in Mattoon");

export const photoCaption = text(3, 140).describe("Optional: a short line shown under the photo").optional();
