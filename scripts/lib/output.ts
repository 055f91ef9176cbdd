// What generating puts in dist/: text or bytes.

/** Output contents: text, or bytes. */
export type OutputContents = string | Uint8Array;

/** The bytes of an output file. */
export function outputBytes(contents: OutputContents): Uint8Array {
  return typeof contents === "string" ? Buffer.from(contents, "utf8") : contents;
}

/** A text output (a page, the sitemap) as a string. */
export function outputText(contents: OutputContents): string {
  return typeof contents === "string" ? contents : Buffer.from(contents).toString("utf8");
}
