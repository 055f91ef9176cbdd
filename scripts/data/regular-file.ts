// Every file the build reads from data/ (the YAML files and the photos) is a regular file of its
// own, or it is refused without a byte read. Git keeps symbolic links, so a commit can make
// data/faq.yaml a link to /dev/zero, which reports a size of 0 and never ends, or to any file on
// the machine that builds the site; and a named pipe blocks its reader for ever. So a file is
// looked at (lstat) before it is opened, opened without following a link and without waiting for a
// writer (O_NOFOLLOW, O_NONBLOCK), and its handle is looked at again (fstat): what is read is the
// regular file that was checked, whatever changed on the way.
//
// Links are refused even when they point to a regular file inside data/: nothing the owner does
// makes one (a text editor, the editor at /admin/ and a phone's upload all save files), the data
// can name the same photo twice without one, and allowing "links inside data/" would mean resolving
// every link and proving where it ends, for no use.
import { constants, type Stats } from "node:fs";
import { lstat, open, readlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { quotedValue } from "../lib/printable.ts";

/** Why a path is not a regular file to read, in the owner's words; undefined when it is one. */
function kindOf(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "a special file";
}

// O_NOFOLLOW and O_NONBLOCK do not exist on Windows, where lstat() and fstat() still refuse links and pipes.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export type OpenedRegularFile = { handle: FileHandle; size: number } | { refused: string; missing?: true };

/**
 * A regular file of data/, opened for reading; or what it is instead ("no file", "a symbolic link
 * to "/dev/zero"", "a named pipe", …), found without reading it. The caller closes the handle.
 */
export async function openRegularFile(file: string): Promise<OpenedRegularFile> {
  let stats: Stats;
  try {
    stats = await lstat(file);
  } catch {
    return { refused: "no file", missing: true };
  }
  if (stats.isSymbolicLink()) {
    const target = await readlink(file).catch(() => undefined);
    return { refused: target === undefined ? "a symbolic link" : `a symbolic link to ${quotedValue(target)}` };
  }
  const kind = kindOf(stats);
  if (kind) return { refused: kind };
  let handle: FileHandle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch {
    // Replaced by a link between the two looks (ELOOP), or removed.
    return { refused: "a file that could not be opened" };
  }
  const opened = await handle.stat().catch(() => undefined);
  if (opened?.isFile()) return { handle, size: opened.size };
  await handle.close();
  return { refused: (opened && kindOf(opened)) ?? "a file that could not be read" };
}

/** What a data file must be, as every refusal says it. */
export const REGULAR_FILE_EXPECTED = "a regular file saved in data/ (not a link, a folder, a pipe or a device)";

/**
 * A folder of data/ that holds pictures (photos/, or a feature's such as brand/) is a folder of its
 * own, not a link to one elsewhere on the machine that builds the site.
 */
export async function pictureFolderProblem(dataDir: string, name: string, holds: string): Promise<{ found: string; expected: string } | undefined> {
  const folder = path.join(dataDir, name);
  const stats = await lstat(folder).catch(() => undefined);
  if (!stats || stats.isDirectory()) return undefined; // A missing folder: each photo is then a missing file.
  const target = stats.isSymbolicLink() ? await readlink(folder).catch(() => undefined) : undefined;
  const what = stats.isSymbolicLink()
    ? `a symbolic link${target === undefined ? "" : ` to ${JSON.stringify(target)}`}`
    : "something other than a folder";
  return { found: `${name}/ as ${what}`, expected: `a folder ${name}/ in data/ that holds the ${holds} themselves` };
}
