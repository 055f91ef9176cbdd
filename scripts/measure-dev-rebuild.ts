// Prints how long `sitegen dev` takes from a save to the browser being told to reload, for a
// one-row data change and for a code change, next to a cold `sitegen generate` in a new process
// (what regenerating in a fresh child process each time would cost).
//   node --import tsx scripts/measure-dev-rebuild.ts [rounds]
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startDev, type BuildReport } from "./dev/run-dev.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const rounds = Number(process.argv[2] ?? 5);
const run = promisify(execFile);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const tmp = await mkdtemp(path.join(tmpdir(), "measure-dev-"));
const dataDir = path.join(tmp, "data");
const codeDir = path.join(tmp, "code");
await cp(path.join(ROOT, "data"), dataDir, { recursive: true });
await cp(path.join(ROOT, "templates"), codeDir, { recursive: true });

// A watched stand-in for templates/: touching it takes the code-change path (a fresh build
// process) without editing the real templates.
const session = await startDev({ dataDir, outDir: path.join(tmp, "dist"), port: 0, codeDirs: [codeDir], log: () => {}, logError: () => {} });

function nextBuild(): Promise<BuildReport> {
  return new Promise((resolve) => {
    const stop = session.onBuild((report) => {
      stop();
      resolve(report);
    });
  });
}

const townsFile = path.join(dataDir, "towns.yaml");
const original = await readFile(townsFile, "utf8");
const dataRows: BuildReport[] = [];
for (let i = 0; i < rounds; i++) {
  const built = nextBuild();
  // One row: the first town's county, changed and changed back in turn.
  await writeFile(townsFile, i % 2 === 0 ? original.replace("county: Coles\n", "county: Douglas\n") : original);
  dataRows.push(await built);
}
const codeRows: BuildReport[] = [];
for (let i = 0; i < Math.max(2, Math.ceil(rounds / 2)); i++) {
  const built = nextBuild();
  await writeFile(path.join(codeDir, "touched.tsx"), `// ${i}\n`);
  codeRows.push(await built);
  // Let the new spare process finish loading, as it would between two saves.
  await new Promise((resolve) => setTimeout(resolve, 2500));
}
await session.close();

const coldRuns: number[] = [];
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  await run(process.execPath, [path.join(ROOT, "bin", "sitegen.js"), "generate", "--quiet", "--data", dataDir, "--out", path.join(tmp, "cold")]);
  coldRuns.push(Math.round(performance.now() - started));
}
await rm(tmp, { recursive: true, force: true });

const failed = [...dataRows, ...codeRows].filter((row) => !row.outcome.ok).length;
const buildTimes = (rows: BuildReport[]) => rows.map((row) => (row.outcome.ok ? row.outcome.milliseconds : NaN));
const cpuTimes = (rows: BuildReport[]) => rows.map((row) => (row.outcome.ok ? row.outcome.cpuMilliseconds : NaN));
console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}, ${rounds} rounds, ${failed} failed builds`);
console.table([
  {
    case: "dev: one-row change in towns.yaml",
    "save → browser told, median ms": median(dataRows.map((row) => row.millisecondsAfterSave)),
    "max ms": Math.max(...dataRows.map((row) => row.millisecondsAfterSave)),
    "build alone, median ms": median(buildTimes(dataRows)),
    "build CPU, median ms": median(cpuTimes(dataRows)),
  },
  {
    case: "dev: template change (fresh build process)",
    "save → browser told, median ms": median(codeRows.map((row) => row.millisecondsAfterSave)),
    "max ms": Math.max(...codeRows.map((row) => row.millisecondsAfterSave)),
    "build alone, median ms": median(buildTimes(codeRows)),
    "build CPU, median ms": median(cpuTimes(codeRows)),
  },
  {
    case: "cold `sitegen generate` in a new process",
    "save → browser told, median ms": median(coldRuns),
    "max ms": Math.max(...coldRuns),
    "build alone, median ms": NaN,
    "build CPU, median ms": NaN,
  },
]);
