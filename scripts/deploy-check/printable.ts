// What the live site sent, made safe to print: a hostile or broken server can put terminal escapes
// in a header, an address or a page, and a terminal would obey them. Every control character, and
// every character that reorders text on screen, is printed as an escape instead.

// C0 and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escaped(character: string): string {
  const code = character.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}

/** `text` with every unprintable character as an escape (`\x1b`, `\u{202e}`). */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escaped);
}

/**
 * A value the site sent, in quotes, shortened to `max` characters. Quotes and backslashes in it are
 * escaped too, so that what is printed reads back as exactly what was sent.
 */
export function quoted(text: string, max = 100): string {
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `"${printable(short.replace(/[\\"]/g, (character) => `\\${character}`))}"`;
}
