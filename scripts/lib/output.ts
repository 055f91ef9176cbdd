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

/**
 * Runs tasks in the background, at most `limit` at once: `add` waits while the limit is reached,
 * so a fast producer is held back, and `settle` waits for the rest and throws the first failure.
 * For work that waits on the disk or the thread pool, where a few in flight keep every core busy
 * and thousands in flight would only hold thousands of buffers.
 */
export class Backlog {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(private readonly limit: number) {}

  async add(task: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    if (this.failure) throw this.failure.error;
    const running: Promise<void> = task()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  async settle(): Promise<void> {
    await Promise.all(this.running);
    if (this.failure) throw this.failure.error;
  }
}

/** A text output (a page, the sitemap) as a string. Files to copy are binary and have no text here. */
export function outputText(contents: OutputContents): string {
  if (contents instanceof FileOnDisk) throw new Error(`${contents.path} is a binary file, not text`);
  return typeof contents === "string" ? contents : Buffer.from(contents).toString("utf8");
}
