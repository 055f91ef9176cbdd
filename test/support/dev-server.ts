// `npm run dev` in a copy of the project, as a test drives it: started on a free port of 127.0.0.1,
// its terminal output collected, and stopped by the test file that started it.
import { spawn, type ChildProcess } from "node:child_process";

export interface DevServer {
  url: string;
  process: ChildProcess;
  /** Everything it has printed so far, stdout and stderr. */
  output(): string;
  /** Waits until the output after `since` (a length of `output()`) has a match for `pattern`. */
  terminalLine(pattern: RegExp, since: number, timeout?: number): Promise<string>;
  /** Stops it (SIGTERM), if it still runs. */
  stop(): Promise<void>;
}

/** Starts `sitegen dev` in `project` and waits for its address and its first build. */
export async function startDevServer(project: string): Promise<DevServer> {
  const child = spawn(process.execPath, ["bin/sitegen.js", "dev", "--port", "0"], {
    cwd: project,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const terminalLine = async (pattern: RegExp, since: number, timeout = 30_000): Promise<string> => {
    for (let waited = 0; waited < timeout; waited += 50) {
      const match = output.slice(since).match(pattern);
      if (match) return match[0];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no terminal line matching ${pattern}; output so far:\n${output}`);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  try {
    const url = (await terminalLine(/Serving (http:\/\/127\.0\.0\.1:\d+)/, 0)).replace("Serving ", "");
    await terminalLine(/^[✓✗] .*$/m, 0, 60_000);
    return { url, process: child, output: () => output, terminalLine, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
