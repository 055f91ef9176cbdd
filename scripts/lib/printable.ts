// Text that reaches a terminal from outside the code (a field name, a value, a file name from
// data/, an error that quotes one) is shown, never obeyed. A terminal acts on control characters:
// an escape sequence can erase the lines above and print a fake "OK", a carriage return can write
// over a line, a bidi override can reorder what follows it. Each such character is written as
// \u{…}, which reads the same in every terminal and log.

/** Control (C0, DEL, C1) and format characters (bidi controls, zero-width ones), line and paragraph separators, lone surrogates. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

const visible = (character: string) => `\\u{${character.codePointAt(0)!.toString(16)}}`;

/** Anything but printable ASCII: for a host name or an address, where a letter from another script would pass for a Latin one. */
const NOT_ASCII = /[^\x20-\x7E]/gu;

/**
 * One line of text as a terminal should show it: every character it would act on, newlines
 * included, as \u{…}; with `ascii`, every character outside printable ASCII too.
 */
export function printable(text: string, { ascii = false }: { ascii?: boolean } = {}): string {
  return text.replace(ascii ? NOT_ASCII : UNPRINTABLE, visible);
}

/** What a message shows of a value: printable, at most `max` characters, "..." where it was cut. */
export function excerpt(text: string, { max = 60, ascii = false }: { max?: number; ascii?: boolean } = {}): string {
  const shown = printable(text, { ascii });
  return shown.length > max ? `${shown.slice(0, max - 3)}...` : shown;
}

/**
 * A value from the data as a problem quotes it: in JSON's quotes, with the escapes JSON writes for
 * quotes, backslashes and control characters, at most `max` characters, `..."` where it was cut.
 */
export function quotedValue(value: string | number | boolean, max = 60): string {
  const shown = JSON.stringify(value);
  return shown.length > max ? `${shown.slice(0, max - 3)}..."` : shown;
}

/** A message of several lines as a terminal should show it: its own line breaks kept, each line printable. */
export function printableLines(text: string): string {
  return text
    .split("\n")
    .map((line) => printable(line))
    .join("\n");
}
