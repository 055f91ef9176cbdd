// Watches the data and the code, and reports a burst of saves as one change: editors often write
// a file in several steps (a temporary file, a rename, a second write).
import { existsSync, watch, type FSWatcher } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

export type WatchedKind = "data" | "code";

export interface WatchedFolder {
  dir: string;
  kind: WatchedKind;
}

export interface ChangeBatch {
  /** Changed files, relative to the working directory. */
  files: string[];
  /** A template or script changed, so the site's modules must be loaded again. */
  codeChanged: boolean;
  /** When the first change of the batch was seen (performance.now()). */
  firstSeenAt: number;
}

/** Swap files, backups and lock files that editors write beside the real one. */
const EDITOR_LEFTOVERS = [
  /(^|[\\/])\.[^\\/]*$/,
  /~$/,
  /\.(swp|swx|swo|tmp|bak|orig)$/i,
  /(^|[\\/])#[^\\/]*#$/,
  /(^|[\\/])4913$/,
];

/** Whether a changed file can affect the site: YAML in data/, anything but editor leftovers in code. */
export function isRelevantChange(kind: WatchedKind, file: string): boolean {
  if (EDITOR_LEFTOVERS.some((pattern) => pattern.test(file))) return false;
  return kind === "data" ? /\.ya?ml$/i.test(file) : true;
}

/** The folder and every folder below it, except hidden ones and node_modules. */
async function foldersBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const below = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (folder) =>
        !path
          .relative(dir, folder)
          .split(path.sep)
          .some((part) => part.startsWith(".") || part === "node_modules"),
    );
  return [dir, ...below];
}

/**
 * Calls `onChange` once per burst of changes: changes less than `debounceMs` apart. One save's
 * steps land well within that: measured here, the site editor's swap file and rename, `sed -i`, and
 * a backup-write-delete as vim does, each reached the watcher within 1 ms of its first event. The
 * wait is part of every reload, so it is kept short. Each folder is watched on its own, not with
 * { recursive: true }: on Linux the recursive mode follows files rather than folders and stops
 * seeing a file after an editor replaces it (save by rename, as sed -i and many editors do).
 */
export async function watchFolders(
  folders: readonly WatchedFolder[],
  onChange: (batch: ChangeBatch) => void,
  debounceMs = 30,
): Promise<{ close(): void }> {
  let pending: ChangeBatch | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const watchers = new Map<string, FSWatcher>();

  const flush = () => {
    timer = undefined;
    const batch = pending;
    pending = undefined;
    if (!batch) return;
    // Editors' temporary files are gone by now; name the files that were really saved.
    const remaining = batch.files.filter((file) => existsSync(file));
    onChange(remaining.length > 0 ? { ...batch, files: remaining } : batch);
  };

  const record = (file: string, kind: WatchedKind) => {
    pending ??= { files: [], codeChanged: false, firstSeenAt: performance.now() };
    const shown = path.relative(process.cwd(), file) || file;
    if (!pending.files.includes(shown)) pending.files.push(shown);
    pending.codeChanged ||= kind === "code";
    clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };

  const watchFolder = (folder: string, root: string, kind: WatchedKind) => {
    if (closed || watchers.has(folder)) return;
    try {
      const watcher = watch(folder, (_event, name) => {
        if (!name) return record(folder, kind);
        const file = path.join(folder, name.toString());
        // A new folder (a new templates/ subfolder, say) is watched from now on.
        stat(file).then(
          (info) => {
            if (info.isDirectory())
              void foldersBelow(file).then((added) => added.forEach((dir) => watchFolder(dir, root, kind)));
          },
          () => {},
        );
        if (isRelevantChange(kind, path.relative(root, file))) record(file, kind);
      });
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
    } catch {
      // The folder went away between listing and watching: nothing to watch.
    }
  };

  for (const { dir, kind } of folders) {
    for (const folder of await foldersBelow(dir)) watchFolder(folder, dir, kind);
  }

  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
