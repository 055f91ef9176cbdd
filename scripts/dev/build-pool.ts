// Runs builds in a separate, long-lived Node process, and replaces that process when the code
// changes. Why a process: templates are ES modules, and Node cannot unload a module it has
// imported, so new template code needs a fresh module graph. Why long-lived: starting Node and
// loading TypeScript, React and the pipeline takes a second or more, far longer than a build.
//
// One process builds ("current"); a second one waits with the libraries loaded ("spare"), so that
// after a template change the next build does not pay for the start either.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PROJECT_ROOT } from "../lib/paths.ts";
import type { BuildOutcome, BuildRequest, WorkerReply } from "./protocol.ts";

const CHILD_FILE = fileURLToPath(new URL("./build-child.ts", import.meta.url));
/** tsx reads tsconfig.json (the JSX settings) from the working directory: the project's. */
/** tsx's loader, so that the worker runs TypeScript as the command line does. */
const TSX_LOADER = import.meta.resolve("tsx");

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  /** Has built once, so has loaded the site's modules as they were then. */
  used: boolean;
}

function startWorker(): Worker {
  const child = fork(CHILD_FILE, [], {
    execArgv: ["--import", TSX_LOADER],
    cwd: PROJECT_ROOT,
    // React's production build, as `sitegen generate` uses (the dev test compares the output with
    // `generate`'s byte for byte); its development checks and warnings run in the tests.
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: WorkerReply) => {
      if (message.type !== "ready") return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve();
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the build process stopped while starting (exit ${code})`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
  // A spare that fails to start is noticed when it is used, not as an unhandled rejection.
  ready.catch(() => {});
  return { child, ready, used: false };
}

function stopWorker(worker: Worker | undefined) {
  if (worker && worker.child.exitCode === null && !worker.child.killed) worker.child.kill();
}

export class BuildPool {
  private current: Worker | undefined;
  private spare: Worker | undefined = startWorker();
  private nextId = 1;
  private closed = false;

  /** Builds the site; `freshCode` starts from a process that has not loaded the site's modules. */
  async build(request: Omit<BuildRequest, "type" | "id">, freshCode: boolean): Promise<BuildOutcome> {
    if (this.closed) throw new Error("the build processes are closed");
    if (freshCode || !this.current) {
      stopWorker(this.current);
      this.current = this.spare ?? startWorker();
      this.spare = startWorker();
    }
    const worker = this.current;
    try {
      await worker.ready;
      worker.used = true;
      return await this.send(worker, { type: "build", id: this.nextId++, ...request });
    } catch (error) {
      // The process is gone or broken: the next build starts from a fresh one.
      stopWorker(worker);
      if (this.current === worker) this.current = undefined;
      return { ok: false, kind: "other", message: error instanceof Error ? error.message : String(error) };
    }
  }

  private send(worker: Worker, request: BuildRequest): Promise<BuildOutcome> {
    return new Promise((resolve, reject) => {
      const cleanUp = () => {
        worker.child.off("message", onMessage);
        worker.child.off("exit", onExit);
      };
      const onMessage = (message: WorkerReply) => {
        if (message.type === "ready" || message.id !== request.id) return;
        cleanUp();
        if (message.type === "built") {
          resolve({
            ok: true,
            pages: message.pages,
            milliseconds: message.milliseconds,
            cpuMilliseconds: message.cpuMilliseconds,
          });
        } else {
          const { type: _type, id: _id, ...failure } = message;
          resolve({ ok: false, ...failure });
        }
      };
      const onExit = (code: number | null) => {
        cleanUp();
        reject(new Error(`the build process stopped (exit ${code})`));
      };
      worker.child.on("message", onMessage);
      worker.child.once("exit", onExit);
      worker.child.send(request);
    });
  }

  close() {
    this.closed = true;
    stopWorker(this.current);
    stopWorker(this.spare);
    this.current = undefined;
    this.spare = undefined;
  }
}
