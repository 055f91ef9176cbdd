// The dev server's build process: one long-lived Node process that runs every build
// (build-process-main.ts), replaced when the code changes. Why a process: templates are ES modules,
// and Node cannot unload a module it has imported, so new template code needs a fresh module graph.
// Why long-lived: starting Node and loading TypeScript, React and the pipeline takes a second or
// more, far longer than a build, and the process keeps what a save rarely changes
// (pipeline/build-memory.ts).
//
// Its replacement is started ahead, with the libraries loaded, so that the build after a code
// change does not wait for Node to start either.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PROJECT_ROOT } from "../lib/paths.ts";
import type { BuildOutcome, BuildRequest, BuildReply } from "./protocol.ts";

const MAIN_FILE = fileURLToPath(new URL("./build-process-main.ts", import.meta.url));
/** tsx's loader, so that the process runs TypeScript as the command line does. */
const TSX_LOADER = import.meta.resolve("tsx");

interface Started {
  child: ChildProcess;
  ready: Promise<void>;
}

function start(): Started {
  const child = fork(MAIN_FILE, [], {
    execArgv: ["--import", TSX_LOADER],
    // tsx reads tsconfig.json (the JSX settings) from the working directory: the project's.
    cwd: PROJECT_ROOT,
    // React's production build, as `sitegen generate` uses (the dev test compares the output with
    // `generate`'s byte for byte); its development checks and warnings run in the tests.
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: BuildReply) => {
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
  // A replacement that fails to start is noticed when it is used, not as an unhandled rejection.
  ready.catch(() => {});
  return { child, ready };
}

function stop(started: Started | undefined) {
  if (started && started.child.exitCode === null && !started.child.killed) started.child.kill();
}

export class BuildProcess {
  private current: Started | undefined;
  private next: Started | undefined = start();
  private nextId = 1;
  private closed = false;

  /** Builds the site; `codeChanged` replaces the process first, so that the build loads the code anew. */
  async build(request: Omit<BuildRequest, "type" | "id">, codeChanged: boolean): Promise<BuildOutcome> {
    if (this.closed) throw new Error("the build process is closed");
    if (codeChanged || !this.current) {
      stop(this.current);
      this.current = this.next ?? start();
      this.next = start();
    }
    const running = this.current;
    try {
      await running.ready;
      return await this.send(running, { type: "build", id: this.nextId++, ...request });
    } catch (error) {
      // The process is gone or broken: the next build starts from a fresh one.
      stop(running);
      if (this.current === running) this.current = undefined;
      return { ok: false, kind: "other", message: error instanceof Error ? error.message : String(error) };
    }
  }

  private send({ child }: Started, request: BuildRequest): Promise<BuildOutcome> {
    return new Promise((resolve, reject) => {
      const cleanUp = () => {
        child.off("message", onMessage);
        child.off("exit", onExit);
      };
      const onMessage = (message: BuildReply) => {
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
      child.on("message", onMessage);
      child.once("exit", onExit);
      child.send(request);
    });
  }

  close() {
    this.closed = true;
    stop(this.current);
    stop(this.next);
    this.current = undefined;
    this.next = undefined;
  }
}
