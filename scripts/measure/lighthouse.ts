// Lighthouse's mobile performance audit (its default: a mid-range phone on slow 4G, simulated
// throttling) of each page, in the system Chromium, one page after another.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath } from "./chromium.ts";

export function chromiumExecutable(): string {
  const found = chromiumPath();
  if (!found) throw new Error("No Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH.");
  return found;
}

export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
}

export interface DebuggableBrowser {
  port: number;
  close(): Promise<void>;
}

/** Starts Chromium with a DevTools port for Lighthouse to drive, in a throwaway profile. */
export async function launchDebuggableChromium(): Promise<DebuggableBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), "bench-chromium-"));
  const child: ChildProcess = spawn(
    chromiumExecutable(),
    [...CHROMIUM_FLAGS, "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
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

/**
 * The page's typical figures: `runs` audits (each retried up to twice when Lighthouse fails to
 * record the load, which a busy machine provokes), and the run with the median score, ties
 * broken by LCP. One run on a loaded machine can catch a stall the page has nothing to do with.
 */
export async function auditPageMedian(url: string, port: number, runs: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  let failures = 0;
  while (results.length < runs) {
    try {
      results.push(await auditPage(url, port));
    } catch (error) {
      failures += 1;
      if (failures > 2 * runs) throw error;
    }
  }
  results.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return results[Math.floor(results.length / 2)]!;
}

/** One Lighthouse run, performance only, with Lighthouse's default (mobile, simulated) settings. */
export async function auditPage(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    hostname: "127.0.0.1",
    onlyCategories: ["performance"],
    output: "json",
    logLevel: "error",
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`${url}: no ${id} (${lhr.audits[id]?.errorMessage ?? "missing"})`);
    return value;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    transferBytes: numeric("total-byte-weight"),
  };
}
