// Opens the file that answers a request. Each file is opened before the status line is
// sent, and served from that handle: a file that a new build replaces or removes meanwhile is then
// either sent whole as it was, or not found, and never breaks a response half-way.
import { open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { COMPRESSIBLE_FILE, SIBLING_SUFFIX, type ContentEncoding } from "../lib/compress.ts";

export interface OpenedFile {
  handle: FileHandle;
  size: number;
  modified: Date;
  /** The file that answers the path, before any encoding: its name sets the Content-Type. */
  file: string;
  encoding: ContentEncoding | undefined;
  /** Whether the file has precompressed siblings, so the answer depends on Accept-Encoding. */
  varies: boolean;
}

async function openRegularFile(
  file: string,
): Promise<{ handle: FileHandle; size: number; modified: Date } | undefined> {
  const handle = await open(file, "r").catch(() => undefined);
  if (!handle) return undefined;
  const stats = await handle.stat().catch(() => undefined);
  if (stats?.isFile()) return { handle, size: stats.size, modified: stats.mtime };
  await handle.close();
  return undefined;
}

/**
 * A file of the site (a name site/urls.ts gave, such as "towns/paris.html"), opened; undefined if
 * there is none. Of its .br and .gz siblings, the first that exists in the client's order of
 * preference is sent instead.
 */
export async function openSiteFile(
  dir: string,
  name: string,
  accepted: readonly ContentEncoding[],
): Promise<OpenedFile | undefined> {
  const file = path.join(dir, name);
  // The request guard has refused "." and ".." segments; a second guard, should it ever let one through.
  if (!file.startsWith(dir + path.sep)) return undefined;
  const plain = await openRegularFile(file);
  if (!plain) return undefined;
  const varies = COMPRESSIBLE_FILE.test(name);
  for (const encoding of accepted) {
    const sibling = await openRegularFile(`${file}${SIBLING_SUFFIX[encoding]}`);
    if (!sibling) continue;
    await plain.handle.close();
    return { ...sibling, file: name, encoding, varies };
  }
  return { ...plain, file: name, encoding: undefined, varies };
}

/** Whether the site has this file (a redirect to a page is sent only when the page exists). */
export async function hasSiteFile(dir: string, name: string): Promise<boolean> {
  const opened = await openSiteFile(dir, name, []);
  await opened?.handle.close();
  return opened !== undefined;
}
