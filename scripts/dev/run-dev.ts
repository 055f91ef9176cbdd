// `sitegen dev`: build, serve on 127.0.0.1, rebuild on every save in data/, templates/ or
// scripts/, and reload the browser. A failed build changes nothing on disk: the terminal and the
// browser show the problems, and the last good build stays in the output folder until they are
// fixed.
import type { Server } from "node:http";
import path from "node:path";
import { SCRIPTS_DIR, TEMPLATES_DIR } from "../lib/paths.ts";
import { printable, printableLines } from "../lib/printable.ts";
import { listen } from "../serve/server.ts";
import { BuildProcess } from "./build-process.ts";
import { createDevServer, type DevState } from "./dev-server.ts";
import { describeFailure } from "./error-page.ts";
import { LiveReload, buildDevServiceWorker, buildReloadScript } from "./live-reload.ts";
import type { BuildOutcome } from "./protocol.ts";
import { watchFolders, type ChangeBatch, type WatchedFolder } from "./watch.ts";

/** The site's code: a change here needs the modules loaded again. */
const CODE_DIRS = [TEMPLATES_DIR, SCRIPTS_DIR];

export interface DevOptions {
  dataDir: string;
  outDir: string;
  host?: string;
  port?: number;
  /** Folders of code to watch; defaults to templates/ and scripts/. */
  codeDirs?: string[];
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

interface BuildReport {
  build: number;
  outcome: BuildOutcome;
  /** From the first save of the batch to the browsers being told. */
  millisecondsAfterSave: number;
  files: string[];
}

export interface DevSession {
  url: string;
  state(): DevState;
  /** Calls `listener` after every build from now on; returns a function that stops it. */
  onBuild(listener: (report: BuildReport) => void): () => void;
  close(): Promise<void>;
}

const clock = () => new Date().toTimeString().slice(0, 8);
const shown = (dir: string) => `${path.relative(process.cwd(), dir) || "."}${path.sep}`;

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export async function startDev(options: DevOptions): Promise<DevSession> {
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((line: string) => console.error(line));
  const dataDir = path.resolve(options.dataDir);
  const outDir = path.resolve(options.outDir);
  const outDirLabel = shown(outDir);

  const state: DevState = { build: 0 };
  const live = new LiveReload(() => state.build);
  const builder = new BuildProcess();
  const dev = createDevServer({
    dir: outDir,
    outDirLabel,
    live,
    reloadScript: await buildReloadScript(),
    serviceWorker: await buildDevServiceWorker(),
    state: () => state,
  });
  const listeners = new Set<(report: BuildReport) => void>();

  let building = false;
  let queued: ChangeBatch | undefined;

  const report = (outcome: BuildOutcome, batch: ChangeBatch, millisecondsAfterSave: number) => {
    const saved = batch.files.length > 0;
    // A file's name in data/ is data too: shown, never obeyed.
    const cause = saved ? ` (${printable(batch.files.join(", "))})` : "";
    if (outcome.ok) {
      const reload = saved ? `; reload sent ${millisecondsAfterSave} ms after the save` : "";
      log(
        `✓ ${clock()} built ${outcome.pages} pages into ${outDirLabel} in ${outcome.milliseconds} ms${cause}${reload}`,
      );
      return;
    }
    const { heading, lines } = describeFailure(outcome);
    logError(`✗ ${clock()} ${heading}${cause}. Nothing was written: ${outDirLabel} keeps the last good build.`);
    for (const line of lines) logError(`  ${line}`);
  };

  const rebuild = async (batch: ChangeBatch): Promise<void> => {
    if (building) {
      queued = queued
        ? {
            files: [...new Set([...queued.files, ...batch.files])],
            codeChanged: queued.codeChanged || batch.codeChanged,
            firstSeenAt: queued.firstSeenAt,
          }
        : batch;
      return;
    }
    building = true;
    let outcome: BuildOutcome;
    try {
      outcome = await builder.build({ dataDir, outDir }, batch.codeChanged);
      if (outcome.ok) {
        await dev.refresh().catch((error: unknown) => {
          outcome = { ok: false, kind: "other", message: `Serving the new build failed: ${String(error)}` };
        });
      }
    } finally {
      building = false;
    }
    state.build += 1;
    if (outcome.ok) delete state.failure;
    else state.failure = outcome;
    live.announce(state.build);
    const millisecondsAfterSave = Math.round(performance.now() - batch.firstSeenAt);
    report(outcome, batch, millisecondsAfterSave);
    for (const listener of listeners)
      listener({ build: state.build, outcome, millisecondsAfterSave, files: batch.files });
    if (queued) {
      const next = queued;
      queued = undefined;
      await rebuild(next);
    }
  };

  // Listen first: a port already in use is reported before any work is done.
  const { server } = dev;
  let url: string;
  try {
    url = await listen(server, options.host ?? "127.0.0.1", options.port ?? 4321);
  } catch (error) {
    builder.close();
    throw error;
  }
  log(`Serving ${url}; rebuilding on every save in data/ and templates/ (Ctrl+C to stop)`);

  // Watching starts before the first build, so that a save during it is not missed.
  const folders: WatchedFolder[] = [
    { dir: dataDir, kind: "data" },
    ...(options.codeDirs ?? CODE_DIRS).map((dir) => ({ dir: path.resolve(dir), kind: "code" as const })),
  ];
  const watcher = await watchFolders(folders, (batch) => {
    rebuild(batch).catch((error: unknown) => logError(`✗ ${clock()} ${printableLines(String(error))}`));
  });

  await rebuild({ files: [], codeChanged: true, firstSeenAt: performance.now() });

  return {
    url,
    state: () => state,
    onBuild(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      watcher.close();
      builder.close();
      live.close();
      await closeServer(server);
    },
  };
}
