// Where the system Chromium is and the flags it runs with here: headless, no sandbox (containers),
// and no background traffic. The browser tests, the benchmark and the audit all find and start it
// here; Lighthouse drives the copy launchDebuggableChromium starts.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, or the one CHROMIUM_PATH names; undefined when neither exists. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}

export function chromiumExecutable(): string {
  const found = chromiumPath();
  if (!found) throw new Error("No Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH.");
  return found;
}

export interface DebuggableBrowser {
  port: number;
  close(): Promise<void>;
}

/** Starts Chromium with a DevTools port for Lighthouse to drive, in a throwaway profile; `flags` added to CHROMIUM_FLAGS. */
export async function launchDebuggableChromium(flags: readonly string[] = []): Promise<DebuggableBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), "bench-chromium-"));
  const child: ChildProcess = spawn(
    chromiumExecutable(),
    [
      ...CHROMIUM_FLAGS,
      ...flags,
      "--remote-debugging-address=127.0.0.1",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${output}`));
    });
  });
  // Should the benchmark itself die or be interrupted, the browser goes with it.
  const killBrowser = () => child.kill();
  const interrupted = () => {
    killBrowser();
    process.exit(130);
  };
  process.once("exit", killBrowser);
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  return {
    port,
    close: async () => {
      process.off("exit", killBrowser);
      process.off("SIGINT", interrupted);
      process.off("SIGTERM", interrupted);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill();
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}
