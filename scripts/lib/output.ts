// What generating puts in dist/: text, bytes, or a file that is already on disk (a cached preview
// image) and is copied in when dist/ is written, so that thousands of images are never all held in
// memory at once.
import { readFile } from "node:fs/promises";

export class FileOnDisk {
  constructor(readonly path: string) {}
}

/** Output contents: text, bytes, or a file to copy. */
export type OutputContents = string | Uint8Array | FileOnDisk;

/** The bytes of an output file, read from disk when it is a file to copy. */
export async function outputBytes(contents: OutputContents): Promise<Uint8Array> {
  if (contents instanceof FileOnDisk) return new Uint8Array(await readFile(contents.path));
  return typeof contents === "string" ? Buffer.from(contents, "utf8") : contents;
}

/** A text output (a page, the sitemap) as a string. Files to copy are binary and have no text here. */
export function outputText(contents: OutputContents): string {
  if (contents instanceof FileOnDisk) throw new Error(`${contents.path} is a binary file, not text`);
  return typeof contents === "string" ? contents : Buffer.from(contents).toString("utf8");
}
