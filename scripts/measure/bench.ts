// `npm run bench`: the performance figures of the built site, printed as tables (a benchmark, not
// a test: figures depend on the machine and its load).
//   1. Lighthouse mobile (simulated slow 4G and a 4× slower CPU, Lighthouse's defaults) for every
//      page, served locally as `npm start` serves it: score, FCP, LCP, TBT, CLS, bytes transferred.
//   2. Generating 1×, 10× and 100× the towns from a cold start (empty caches), warm (caches kept,
//      a new output folder) and again (into that folder), each in its own process: time and peak
//      memory; and where a cold build's processor time goes (measure/costs.ts).
//   3. The edit loop of `npm run dev`: from a save to the reload it sends, for a data save and for a
//      save as the site editor writes it (measure/dev-loop.ts), each several times.
//   With --host-build, only this: a fresh clone built as Netlify and Cloudflare Pages build it,
//   install and generate timed (measure/host-build.ts); --runs sets the runs per host.
// Options: --pages-only, --scale-only, --dev-only (one part), --only /contact,/towns (audit just these pages),
// --runs <Lighthouse runs per page, median kept; default 3>,
// --against <git revision> (time that revision's generator too, run for run beside this one: the
// generate and dev-loop parts), --saves <saves of each kind; default 10>, --factors 1,10,100 (any list), --timeout <seconds per generate run>, --max-memory <MiB per
// generate run; the run is stopped beyond it, default 4096: other work shares the machine>.
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { launchDebuggableChromium } from "./chromium.ts";
import { auditPageMedian, type LighthouseFigures } from "./lighthouse.ts";
import { measureDevLoop } from "./dev-loop.ts";
import { isolatedGenerator, timedGenerate, writeScaledData, type GenerateRun, type RunLimits } from "./scale.ts";
import { generate } from "../pipeline/generate.ts";
import { NOT_FOUND_FILE } from "../site/urls.ts";
import { serve } from "../serve/server.ts";
import { formatTable, median, type Cell } from "./table.ts";
import { benchHostBuild } from "./host-build.ts";
import { floorMs, measureCosts, type Cost } from "./costs.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

const ROOT = PROJECT_ROOT;
const DATA_DIR = path.join(ROOT, "data");
const GIB = 1024 ** 3;

const { values: options } = parseArgs({
  options: {
    "pages-only": { type: "boolean", default: false },
    "scale-only": { type: "boolean", default: false },
    "host-build": { type: "boolean", default: false },
    "dev-only": { type: "boolean", default: false },
    saves: { type: "string", default: "10" },
    only: { type: "string" },
    runs: { type: "string", default: "3" },
    factors: { type: "string", default: "1,10,100" },
    timeout: { type: "string", default: "1800" },
    "max-memory": { type: "string", default: "4096" },
    against: { type: "string" },
  },
});

/** A generator to time: this checkout, or the one `--against` names. */
interface Tree {
  label: string;
  root: string;
}

/**
 * The generator at git revision `ref`, in a folder of `work`, with this checkout's node_modules:
 * what `--against` times beside this checkout, run for run, so that a change is measured before and
 * after on the same machine at the same moment.
 */
async function treeAt(ref: string, work: string): Promise<Tree> {
  const root = path.join(work, `tree-${ref.replace(/[^\w.-]/g, "_")}`);
  await mkdir(root, { recursive: true });
  const archive = spawnSync(
    "git",
    ["archive", "--format=tar", ref, "bin", "scripts", "templates", "data", "package.json", "tsconfig.json"],
    {
      cwd: ROOT,
      maxBuffer: 1024 ** 3,
    },
  );
  if (archive.status !== 0) throw new Error(`git archive ${ref}: ${archive.stderr.toString()}`);
  const unpacked = spawnSync("tar", ["-x", "-C", root], { input: archive.stdout });
  if (unpacked.status !== 0) throw new Error(`tar: ${unpacked.stderr.toString()}`);
  await symlink(path.join(ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
  return { label: ref, root };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mib = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);

function machineNote(): string {
  const [oneMinute = 0] = loadavg();
  return `${availableParallelism()} cores, load average ${oneMinute.toFixed(2)} at start`;
}

const FLOOR_PAGE = "bench-floor";
const FLOOR_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  "<title>Floor</title></head><body><h1>A page with next to nothing</h1><p>Nothing to load, run or lay out.</p></body></html>";

async function benchPages(work: string, runs: number): Promise<void> {
  const machine = machineNote();
  const dir = path.join(work, "dist");
  const built = await generate({ dataDir: DATA_DIR, outDir: dir });
  // The floor: what the same browser, server and machine give a page with next to nothing in it.
  // Figures a site page shares with it come from the setting, not from the page.
  await writeFile(path.join(dir, `${FLOOR_PAGE}.html`), FLOOR_HTML);
  const { server, url } = await serve({ dir, port: 0 });
  const browser = await launchDebuggableChromium();
  // The 404 page is audited at /404, where it is answered with status 200: Lighthouse refuses to
  // audit a document whose status is 404. The bytes are the same as for any unknown path.
  const pages = built.files
    .filter((file) => file.endsWith(".html"))
    .map((file) => ({
      file,
      urlPath: file === "index.html" ? "/" : file === NOT_FOUND_FILE ? "/404" : `/${file.replace(/\.html$/, "")}`,
    }))
    .filter((page) => !options.only || options.only.split(",").includes(page.urlPath));
  const rows: Cell[][] = [];
  const failures: string[] = [];
  const results: LighthouseFigures[] = [];
  const audit = async (urlPath: string, label = urlPath): Promise<LighthouseFigures | undefined> => {
    try {
      const figures = await auditPageMedian(`${url}${urlPath}`, browser.port, runs);
      rows.push([
        label,
        figures.score,
        Math.round(figures.fcpMs),
        Math.round(figures.lcpMs),
        Math.round(figures.tbtMs),
        Number(figures.cls.toFixed(3)),
        figures.transferBytes,
      ]);
      return figures;
    } catch (error) {
      failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      rows.push([label, "–", "–", "–", "–", "–", "–"]);
      return undefined;
    } finally {
      process.stderr.write(".");
    }
  };
  try {
    for (const page of pages) {
      const figures = await audit(page.urlPath);
      if (figures) results.push(figures);
    }
    await audit(`/${FLOOR_PAGE}`, "(floor: a 200-byte page)");
  } finally {
    process.stderr.write("\n");
    await browser.close();
    server.close();
  }
  console.log(
    `\nLighthouse 13, mobile, simulated throttling (150 ms RTT, 1.6 Mbit/s, 4× CPU); median of ${runs} run(s) per page; ${machine}\n`,
  );
  console.log(formatTable(["page", "score", "FCP ms", "LCP ms", "TBT ms", "CLS", "bytes"], rows));
  if (results.length > 0) {
    const worst = (pick: (f: LighthouseFigures) => number) => Math.max(...results.map(pick));
    console.log(
      `\nWorst: score ${Math.min(...results.map((f) => f.score))}, LCP ${Math.round(worst((f) => f.lcpMs))} ms, ` +
        `TBT ${Math.round(worst((f) => f.tbtMs))} ms, CLS ${worst((f) => f.cls).toFixed(3)}, ` +
        `bytes ${worst((f) => f.transferBytes)} (site pages; the floor row is not counted). Targets: 100, ≤ 1000 ms, 0 ms, 0.`,
    );
  }
  for (const failure of failures) console.log(`Not measured: ${failure}`);
}

function addRow(
  rows: Cell[][],
  tree: string,
  factor: number,
  towns: number,
  caches: string,
  result: GenerateRun,
): void {
  rows.push([
    tree,
    `${factor}×`,
    towns,
    caches,
    result.ok ? "ok" : result.error?.startsWith("stopped") ? "stopped" : "failed",
    result.generateMs === undefined ? "–" : Number(seconds(result.generateMs)),
    Number(seconds(result.wallMs)),
    result.maxRssBytes ? (result.ok ? Number(mib(result.maxRssBytes)) : `≥ ${mib(result.maxRssBytes)}`) : "–",
  ]);
}

async function benchScale(work: string, factors: number[], limits: RunLimits, trees: Tree[]): Promise<void> {
  const machine = machineNote();
  const rows: Cell[][] = [];
  const costRows: Cell[][] = [];
  const notes: string[] = [];
  for (const factor of factors) {
    const scaled = path.join(work, `scale-${factor}`);
    const dataDir = path.join(scaled, "data");
    const towns = await writeScaledData(DATA_DIR, dataDir, factor);
    for (const tree of trees) {
      const base = path.join(scaled, tree.label.replace(/[^\w.-]/g, "_"));
      // A fresh copy of the generator per factor: its caches start empty, so the first run is cold.
      const cli = await isolatedGenerator(tree.root, path.join(base, "project"));
      // cold: empty caches, as a fresh clone; warm: the caches kept, a new output folder, as a host
      // build with .cache/ kept; again: into the warm run's folder, as `npm run generate` twice.
      // Nothing is deleted until every run is done: freeing hundreds of megabytes on this disk slows
      // the run that follows, which would then be timing the deletion.
      const runs = [
        ["cold", "dist-cold"],
        ["warm", "dist-warm"],
        ["again", "dist-warm"],
      ] as const;
      for (const [cache, folder] of runs) {
        const outDir = path.join(base, folder);
        const result: GenerateRun = await timedGenerate(cli, dataDir, outDir, limits);
        addRow(rows, tree.label, factor, towns, cache, result);
        const run = `${tree.label}, ${factor}× ${cache}`;
        if (!result.ok) notes.push(`${run}: ${result.error ?? "failed"}`);
        if (result.ok && cache === "cold" && tree.root === ROOT) {
          costRows.push(...costTable(factor, await measureCosts(dataDir, outDir)));
        }
        if (result.maxRssBytes > GIB) notes.push(`${run}: peak memory ${mib(result.maxRssBytes)} MiB is over 1 GiB`);
        process.stderr.write(".");
        if (!result.ok) break;
      }
    }
  }
  process.stderr.write("\n");
  console.log(
    `\nGenerate (each run its own process; "generate s" is the generator's own figure, "wall s" adds Node start-up), ${machine}\n`,
  );
  console.log(
    formatTable(["generator", "towns", "town pages", "caches", "result", "generate s", "wall s", "peak MiB"], rows),
  );
  console.log(
    "The copies' prose is the originals' in other letters (measure/scale.ts): as long, but none a near-duplicate, so every rule runs on them.",
  );
  for (const note of notes) console.log(note);
  if (costRows.length > 0) {
    console.log(
      `\nWhere a cold build's processor time goes: each kind of work timed alone on one thread (a sample of its items, scaled to all), ${machine}. ` +
        `Their sum over ${availableParallelism()} cores is the least time a cold build could take without doing less (measure/costs.ts).\n`,
    );
    console.log(formatTable(["towns", "work", "items", "timed", "CPU s", "share %"], costRows));
  }
}

function costTable(factor: number, costs: Cost[]): Cell[][] {
  const total = costs.reduce((sum, cost) => sum + cost.ms, 0);
  return [
    ...costs.map((cost): Cell[] => [
      `${factor}×`,
      cost.work,
      cost.items,
      cost.timed,
      Number(seconds(cost.ms)),
      Math.round((cost.ms / total) * 100),
    ]),
    [`${factor}×`, "all of it", "–", "–", Number(seconds(total)), 100],
    [
      `${factor}×`,
      `floor: all of it over ${availableParallelism()} cores`,
      "–",
      "–",
      Number(seconds(floorMs(costs))),
      "–",
    ],
  ];
}

async function benchDevLoop(work: string, saves: number, trees: Tree[]): Promise<void> {
  const machine = machineNote();
  const row = (tree: string, label: string, values: number[]): Cell[] => [
    tree,
    label,
    values.length,
    median(values),
    Math.min(...values),
    Math.max(...values),
  ];
  const rows: Cell[][] = [];
  for (const tree of trees) {
    const folder = path.join(work, `dev-${tree.label.replace(/[^\w.-]/g, "_")}`);
    await mkdir(folder, { recursive: true });
    const figures = await measureDevLoop(tree.root, folder, saves);
    rows.push(
      row(tree.label, "data save (a town's paragraph, written in place)", figures.dataSaves),
      row(tree.label, "editor save (a town's description, swap file and rename)", figures.editorSaves),
    );
  }
  console.log(`
npm run dev: from a save to the reload sent (the dev server's own figure), ${machine}
`);
  console.log(formatTable(["generator", "save", "saves", "median ms", "min ms", "max ms"], rows));
}

const PARTS = ["pages-only", "scale-only", "dev-only"] as const;
const only = PARTS.find((part) => options[part]);
const runs = (part: (typeof PARTS)[number]) => !only || only === part;

const work = await mkdtemp(path.join(tmpdir(), "site-bench-"));
try {
  const trees: Tree[] = [
    ...(options.against ? [await treeAt(options.against, work)] : []),
    { label: "this checkout", root: ROOT },
  ];
  if (options["host-build"]) await benchHostBuild(Math.max(1, Number(options.runs) || 1));
  else {
    if (runs("pages-only")) await benchPages(work, Math.max(1, Number(options.runs) || 1));
    if (runs("dev-only")) await benchDevLoop(work, Math.max(1, Number(options.saves) || 1), trees);
    if (runs("scale-only")) {
      const factors = options.factors
        .split(",")
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
      await benchScale(
        work,
        factors,
        { timeoutMs: Number(options.timeout) * 1000, maxRssBytes: Number(options["max-memory"]) * 1024 ** 2 },
        trees,
      );
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
