// The static hosts' own local runtimes, started on 127.0.0.1 over a fresh build for that host:
// Cloudflare's `wrangler pages dev` (workerd, the runtime of Cloudflare's edge) and Netlify's
// `netlify dev` (its proxy with Netlify's redirect engine and header rules), both offline and
// without telemetry. Each runs in its own process group, which close() ends. A build for a host
// refuses the placeholders the shipped data holds, so each serves a copy of the data with them
// filled in (support/filled-in.ts), as the owner fills them in before the site goes live.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate } from "../../scripts/pipeline/generate.ts";
import { HEADERS_FILE, parseHeadersFile } from "../../scripts/headers/headers-file.ts";
import type { Host } from "../../scripts/headers/hosts.ts";
import type { HeaderRule } from "../../scripts/headers/rules.ts";
import { fetchRaw, freePort } from "./http.ts";
import { DATA_DIR } from "./paths.ts";
import { filledInData } from "./filled-in.ts";
import { hostBinary, pinnedHostPackages } from "./tools.ts";

export interface HostRuntime {
  host: Host;
  /** The runtime and its version, for messages and the README. */
  label: string;
  url: string;
  /** The build for the host that it serves. */
  dir: string;
  /** The data it was built from: a copy with the placeholders filled in. */
  dataDir: string;
  rules: HeaderRule[];
  /** What the runtime printed while it started, having read the build's files. */
  startupOutput: string;
  close(): Promise<void>;
}

/** The compatibility date wrangler is told, so that it prints no warning for a missing one. */
const WORKERD_COMPATIBILITY_DATE = "2026-11-01";

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const group = -child.pid;
  process.kill(group, "SIGTERM");
  const force = setTimeout(() => {
    try {
      process.kill(group, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, 5_000);
  return exited.finally(() => clearTimeout(force));
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // netlify dev and wrangler pages dev each start a runtime of their own before they answer.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const answered = await fetchRaw(`${url}/`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not start serving:\n${output()}`);
}

/**
 * What a runtime serves: a build for its host of the shipped data, or of other data on another day,
 * in either case with its placeholders filled in.
 */
export interface RuntimeBuild {
  dataDir?: string;
  today?: Date;
}

async function start(
  host: Host,
  label: string,
  command: (dir: string, port: number, work: string) => { file: string; args: string[]; env: NodeJS.ProcessEnv },
  build: RuntimeBuild,
): Promise<HostRuntime> {
  const tmp = await mkdtemp(path.join(tmpdir(), `site-${host}-`));
  const dir = path.join(tmp, "dist");
  const work = path.join(tmp, "work");
  await mkdir(work);
  const dataDir = await filledInData(build.dataDir ?? DATA_DIR);
  await generate({
    dataDir,
    outDir: dir,
    host,
    ...(build.today ? { today: build.today } : {}),
  });
  const rules = parseHeadersFile(await readFile(path.join(dir, HEADERS_FILE), "utf8"));
  const port = await freePort();
  const { file, args, env } = command(dir, port, work);
  const child = spawn(file, args, {
    cwd: work,
    env: { ...process.env, ...env, HOME: work, NO_COLOR: "1", FORCE_COLOR: "0", CI: "1" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const output = () => printed;
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(child);
    await rm(tmp, { recursive: true, force: true });
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, child, output);
  } catch (error) {
    await close();
    throw error;
  }
  return { host, label, url, dir, dataDir, rules, startupOutput: output(), close };
}

/** Cloudflare Pages: `wrangler pages dev`, offline, without metrics. */
export function startCloudflare(build: RuntimeBuild = {}): Promise<HostRuntime> {
  const version = pinnedHostPackages().wrangler;
  return start(
    "cloudflare",
    `wrangler pages dev ${version}`,
    (dir, port) => ({
      file: hostBinary("wrangler"),
      args: [
        "pages",
        "dev",
        dir,
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
        "--compatibility-date",
        WORKERD_COMPATIBILITY_DATE,
        "--show-interactive-dev-session=false",
        "--log-level",
        "info",
      ],
      env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", WRANGLER_UPDATE_CHECK: "false" },
    }),
    build,
  );
}

/** Netlify: `netlify dev`, offline, edge functions off, telemetry off, serving the built folder. */
export function startNetlify(build: RuntimeBuild = {}): Promise<HostRuntime> {
  const version = pinnedHostPackages()["netlify-cli"];
  return start(
    "netlify",
    `netlify dev ${version}`,
    (dir, port) => ({
      file: hostBinary("netlify"),
      args: [
        "dev",
        "--offline",
        "--internal-disable-edge-functions",
        "--dir",
        dir,
        "--port",
        String(port),
        "--no-open",
      ],
      env: { NETLIFY_TELEMETRY_DISABLED: "1", BROWSER: "none" },
    }),
    build,
  );
}
