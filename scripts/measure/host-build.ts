// `npm run bench -- --host-build`: what a save in the editor costs before the site is live, measured
// the way each host builds: a fresh clone of the repository at HEAD, the host's own install
// (hosts.ts: `dependencies` only, npm's cache kept), then `npm run generate` with the variable the
// host sets. Each step is timed as a whole process, start-up included; each figure is the median of
// --runs runs, every run in its own clone and its own temporary folder (a host's /tmp starts empty,
// and tsx keeps its compiled files there).
import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { HOST_BUILD_COMMAND, HOST_ENVIRONMENT, HOST_INSTALL_COMMAND, HOST_NAMES, HOSTS } from "../headers/hosts.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { formatTable, median, type Cell } from "./table.ts";

const run = promisify(execFile);

/** Wall time of a shell command line in `cwd`, in milliseconds; throws with its output when it fails. */
async function timed(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(command, { cwd, env, shell: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  if (code !== 0) throw new Error(`${command} failed in ${cwd} (exit ${code}):\n${output}`);
  return performance.now() - started;
}

/** Disk space a folder takes, in bytes (du: blocks, as a host's disk counts them). */
async function diskBytes(dir: string): Promise<number> {
  const { stdout } = await run("du", ["-sk", dir]);
  return Number(stdout.split("\t")[0]) * 1024;
}

interface HostRun {
  installedBytes: number;
  installMs: number;
  coldMs: number;
  keptMs: number;
  distBytes: number;
  load: number;
}

/** A clone of the repository at `commit` in `dir`, as a host checks it out: no node_modules, no .cache. */
async function cloneAt(commit: string, dir: string): Promise<void> {
  await run("git", ["clone", "--quiet", "--no-checkout", "--no-hardlinks", PROJECT_ROOT, dir]);
  await run("git", ["-C", dir, "checkout", "--quiet", commit]);
}

async function hostRun(host: (typeof HOSTS)[number], commit: string, work: string, index: number): Promise<HostRun> {
  const dir = path.join(work, `${host}-${index}`);
  const [load = 0] = loadavg();
  await cloneAt(commit, dir);
  const { name, value } = HOST_ENVIRONMENT[host];
  // Each step starts with an empty temporary folder, as each host build does.
  const freshEnv = async (step: string): Promise<NodeJS.ProcessEnv> => {
    const tmp = path.join(work, `tmp-${host}-${index}-${step}`);
    await mkdir(tmp);
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, [name]: value };
    delete env.NODE_ENV; // neither host sets it
    return env;
  };
  const installMs = await timed(HOST_INSTALL_COMMAND[host], dir, await freshEnv("install"));
  const installedBytes = await diskBytes(path.join(dir, "node_modules"));
  const coldMs = await timed(HOST_BUILD_COMMAND, dir, await freshEnv("cold"));
  const distBytes = await diskBytes(path.join(dir, "dist"));
  // The next build of the same clone: .cache/ kept, dist/ gone, as the Netlify plugin restores it.
  await rm(path.join(dir, "dist"), { recursive: true, force: true });
  const keptMs = await timed(HOST_BUILD_COMMAND, dir, await freshEnv("kept"));
  await rm(dir, { recursive: true, force: true });
  return { installedBytes, installMs, coldMs, keptMs, distBytes, load };
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
const mebibytes = (bytes: number) => Math.round(bytes / 1024 ** 2);

export async function benchHostBuild(runs: number): Promise<void> {
  const { stdout } = await run("git", ["-C", PROJECT_ROOT, "rev-parse", "--short", "HEAD"]);
  const commit = stdout.trim();
  const work = await mkdtemp(path.join(tmpdir(), "site-host-build-"));
  const rows: Cell[][] = [];
  const loads: number[] = [];
  try {
    for (const host of HOSTS) {
      const results: HostRun[] = [];
      for (let index = 0; index < runs; index += 1) {
        results.push(await hostRun(host, commit, work, index));
        process.stderr.write(".");
      }
      loads.push(...results.map((result) => result.load));
      const pick = (key: keyof HostRun) => median(results.map((result) => result[key]));
      rows.push([
        HOST_NAMES[host],
        mebibytes(pick("installedBytes")),
        seconds(pick("installMs")),
        seconds(pick("coldMs")),
        seconds(pick("keptMs")),
        seconds(median(results.map((result) => result.installMs + result.coldMs))),
        mebibytes(pick("distBytes")),
      ]);
    }
  } finally {
    process.stderr.write("\n");
    await rm(work, { recursive: true, force: true });
  }
  console.log(
    `\nHost builds of ${commit}: a fresh clone, the host's install, \`${HOST_BUILD_COMMAND}\`; median of ${runs} run(s); ` +
      `load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} at the runs' start\n`,
  );
  console.log(
    formatTable(
      [
        "host",
        "installed MiB",
        "install s",
        "generate s",
        "generate s, .cache kept",
        "install + generate s",
        "dist MiB",
      ],
      rows,
    ),
  );
  console.log(
    [
      "",
      ...HOSTS.map((host) => `${HOST_NAMES[host]} installs with: ${HOST_INSTALL_COMMAND[host]}`),
      "npm's cache is this machine's own, warm: both hosts keep theirs between builds.",
      '"generate s" is a first build (no .cache/); ".cache kept" is the next one, as on Netlify, whose plugin keeps .cache/.',
      "Cloudflare Pages keeps no .cache/ for this project (its build cache keeps npm's cache and named frameworks' folders).",
    ].join("\n"),
  );
}
