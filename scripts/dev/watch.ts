// Watches the data and the code, and reports a burst of saves as one change: editors often write
// a file in several steps (a temporary file, a rename, a second write).
import { existsSync } from "node:fs";
import path from "node:path";
import { watch, type FSWatcher } from "chokidar";

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

/** Hidden files and folders, and node_modules, below a watched folder: never the site's. */
const outsideTheSite = (root: string, file: string) =>
  path
    .relative(root, file)
    .split(path.sep)
    .some((part) => part.startsWith(".") || part === "node_modules");

/**
 * Calls `onChange` once per burst of changes: changes less than `debounceMs` apart. One save's
 * steps land well within that: measured here, the site editor's swap file and rename, `sed -i`, and
 * a backup-write-delete as vim does, each reached the watcher within 1 ms of its first event. The
 * wait is part of every reload, so it is kept short. The folders are watched by chokidar (what
 * Vite and Eleventy use), which follows a file an editor replaces by rename and a folder added
 * later, where Node's own recursive watching on Linux does neither.
 */
export async function watchFolders(
  folders: readonly WatchedFolder[],
  onChange: (batch: ChangeBatch) => void,
  debounceMs = 30,
): Promise<{ close(): void }> {
  let pending: ChangeBatch | undefined;
  let timer: NodeJS.Timeout | undefined;

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

  const watchers = await Promise.all(
    folders.map(({ dir, kind }) => {
      const watcher = watch(dir, { ignoreInitial: true, ignored: (file) => outsideTheSite(dir, file) });
      watcher.on("all", (event, file) => {
        if (event !== "addDir" && event !== "unlinkDir" && isRelevantChange(kind, path.relative(dir, file)))
          record(file, kind);
      });
      return new Promise<FSWatcher>((resolve) => watcher.once("ready", () => resolve(watcher)));
    }),
  );

  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) void watcher.close();
    },
  };
}
