// The site editor trims every text it saves. A text the owner did not touch would then lose the
// line break or spaces it ends with (a pasted embed snippet's last line break: `|` written as
// `|-`), and the save would change lines the owner never edited. Runs in the owner's browser,
// bundled into editor.js: no node: import.

/**
 * `edited`, with each text the editor only trimmed given back as the file held it: a text equal,
 * once trimmed, to the text at the same place in `before`. A text the owner changed is left as
 * saved.
 */
export function untrimmed(edited: unknown, before: unknown): unknown {
  if (typeof edited === "string") {
    return typeof before === "string" && before !== edited && before.trim() === edited ? before : edited;
  }
  if (Array.isArray(edited)) {
    return edited.map((item, index) => untrimmed(item, Array.isArray(before) ? before[index] : undefined));
  }
  if (isRecord(edited)) {
    const was = isRecord(before) ? before : {};
    return Object.fromEntries(Object.entries(edited).map(([key, value]) => [key, untrimmed(value, was[key])]));
  }
  return edited;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
