// What the live site sent, made safe to print: a hostile or broken server can put terminal escapes
// in a header, an address or a page, and a terminal would obey them. lib/printable.ts writes every
// such character as \u{…}; here, a value is also quoted and shortened.
import { printable } from "../lib/printable.ts";

/**
 * A value the site sent, in quotes, shortened to `max` characters. Quotes and backslashes in it are
 * escaped too, so that what is printed reads back as exactly what was sent.
 */
export function quoted(text: string, max = 100): string {
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `"${printable(short.replace(/[\\"]/g, (character) => `\\${character}`))}"`;
}
