// The worker threads that render pages and draw preview cards (render-worker.ts), one per core,
// through piscina: a pool that queues tasks, replaces a worker that dies, and lets the process end
// while its workers wait. Piscina rather than tinypool (a fork of it shaped for vitest's needs):
// the original, without dependencies, and with both of those behaviours by default. Started on
// first use and kept for the life of the process, so that the dev server's build process pays for
// starting them once, not once per save.
//
// A worker costs a few hundred milliseconds of CPU to start (React, the templates, satori, resvg,
// parse5) and rebuilds the model, so a build starts the pool only when it has many preview cards to
// draw (WORTH_A_POOL), which is the main thread's heaviest work: satori's layout and the PNG
// encoding; its pages then go to the pool too. Measured with 2,717 town pages on 2 cores: cold,
// 95 s with the pool against 98 s without (both cores were already busy: brotli on the thread
// pool), at 1.0 GiB against 0.7 GiB; warm (every card cached), rendering the pages there gained
// nothing (5.2 to 5.5 s against 5.0 to 5.5 s) for twice the memory (1.1 GiB against 0.57 GiB), so
// a warm build leaves the pool alone. One worker per core, not one fewer for the main thread: on 2
// cores, one worker took that build 105 s cold against 89 to 96 s with two.
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serialize } from "node:v8";
import { Piscina } from "piscina";
import { bundleNodeModule } from "../lib/bundle.ts";
import { writeCacheFile } from "../lib/cache.ts";
import { CACHE_DIR, PROJECT_ROOT } from "../lib/paths.ts";
import type { CardDrawer } from "../seo/social-images.ts";
import type { SocialCardData } from "../site/social.ts";
import type { BuildInput, RenderedPage, RenderTask } from "./render-worker.ts";

const WORKER_SOURCE = fileURLToPath(new URL("./render-worker.ts", import.meta.url));

/** Inside the project, so that the bundle finds node_modules as the sources do. */
const WORKER_DIR = path.join(CACHE_DIR, "workers");

/**
 * Cards to draw below which a build does not start the pool: with 287 (10× the towns) starting the
 * workers took longer than it saved.
 */
const WORTH_A_POOL = 1000;

/** Pages per task: enough to make a task's overhead small, few enough to keep every worker busy. */
const PAGES_PER_TASK = 16;

type Workers = Piscina<RenderTask, RenderedPage[] | Uint8Array>;

let pool: Promise<Workers> | undefined;
let nextBuild = 1;

/**
 * The worker's code as one JavaScript module (lib/bundle.ts), named by its hash: a worker loads it
 * in a fifth of a second, where compiling the TypeScript itself would take more than half a second.
 */
async function workerModule(): Promise<string> {
  const code = await bundleNodeModule(WORKER_SOURCE, path.join(PROJECT_ROOT, "tsconfig.json"));
  const file = path.join(
    WORKER_DIR,
    `render-worker-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`,
  );
  await writeCacheFile(file, code);
  return file;
}

async function startPool(): Promise<Workers> {
  const threads = availableParallelism();
  return new Piscina({
    filename: await workerModule(),
    minThreads: threads,
    maxThreads: threads,
    // Idle workers never stop the process from ending, so they may wait for the next build.
    idleTimeout: Number.MAX_SAFE_INTEGER,
  });
}

/**
 * The pool, when this build has that many cards to draw or the pool is already running (the dev
 * server's build process), or when `wanted` says so.
 */
export function renderPoolFor(cardsToDraw: number, wanted?: boolean): RenderPool | undefined {
  const worthIt = pool !== undefined || cardsToDraw >= WORTH_A_POOL;
  if (!(wanted ?? worthIt)) return undefined;
  pool ??= startPool();
  // A pool that fails to start is reported by the first task, not as an unhandled rejection.
  pool.catch(() => {});
  return new RenderPool(pool);
}

export class RenderPool implements CardDrawer {
  /** Tasks handed to the pool at once: enough to keep every worker busy between two awaits. */
  readonly inFlight = availableParallelism() * 2;

  constructor(private readonly workers: Promise<Workers>) {}

  async draw(card: SocialCardData): Promise<Uint8Array> {
    return (await (await this.workers).run({ kind: "card", card })) as Uint8Array;
  }

  /**
   * Every page of the build in route order (the 404 page last), rendered `PAGES_PER_TASK` at a
   * time on the workers; at most `inFlight` tasks wait ahead of the one being read, so that
   * memory holds a few dozen pages, not the site.
   */
  async *pages(input: BuildInput, count: number): AsyncGenerator<RenderedPage> {
    const bytes = serialize(input);
    const shared = new SharedArrayBuffer(bytes.length);
    new Uint8Array(shared).set(bytes);
    const build = nextBuild++;
    const workers = await this.workers;
    const tasks: Promise<RenderedPage[]>[] = [];
    let from = 0;
    const queue = () => {
      if (from >= count) return;
      const to = Math.min(count, from + PAGES_PER_TASK);
      const task = workers.run({ kind: "pages", build, input: shared, from, to }) as Promise<RenderedPage[]>;
      task.catch(() => {}); // Awaited in order below; a failure ahead of it must not go unhandled.
      tasks.push(task);
      from = to;
    };
    while (tasks.length < this.inFlight && from < count) queue();
    while (tasks.length > 0) {
      const batch = await tasks.shift()!;
      queue();
      yield* batch;
    }
  }
}
