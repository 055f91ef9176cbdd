// `npm run bench`: the performance figures a visitor and the owner notice, printed as tables (a
// benchmark, not a test: figures depend on the machine and its load).
//   1. Lighthouse mobile (simulated slow 4G and a 4× slower CPU, Lighthouse's defaults) for every
//      page, served locally as `npm start` serves it: score, FCP, LCP, TBT, CLS, bytes transferred.
//   2. The edit loop of `npm run dev`: from a save to the reload it sends, for a data save and for a
//      save as the site editor writes it (measure/dev-loop.ts), each several times.
// Options: --pages-only, --dev-only (one part), --only /contact,/towns (audit just these pages),
// --runs <Lighthouse runs per page, median kept; default 3>, --saves <saves of each kind; default 10>.
// How long generate takes is its own figure: `sitegen generate --timings`.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { launchDebuggableChromium } from "./chromium.ts";
import { auditPageMedian, type LighthouseFigures } from "./lighthouse.ts";
import { measureDevLoop } from "./dev-loop.ts";
import { generate } from "../pipeline/generate.ts";
import { NOT_FOUND_FILE } from "../site/urls.ts";
import { serve } from "../serve/server.ts";
import { formatTable, median, type Cell } from "./table.ts";
import { DATA_DIR } from "../lib/paths.ts";

const { values: options } = parseArgs({
  options: {
    "pages-only": { type: "boolean", default: false },
    "dev-only": { type: "boolean", default: false },
    saves: { type: "string", default: "10" },
    only: { type: "string" },
    runs: { type: "string", default: "3" },
  },
});

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

async function benchDevLoop(work: string, saves: number): Promise<void> {
  const machine = machineNote();
  const row = (label: string, values: number[]): Cell[] => [
    label,
    values.length,
    median(values),
    Math.min(...values),
    Math.max(...values),
  ];
  const figures = await measureDevLoop(work, saves);
  console.log(`
npm run dev: from a save to the reload sent (the dev server's own figure), ${machine}
`);
  console.log(
    formatTable(
      ["save", "saves", "median ms", "min ms", "max ms"],
      [
        row("data save (a town's paragraph, written in place)", figures.dataSaves),
        row("editor save (a town's description, swap file and rename)", figures.editorSaves),
      ],
    ),
  );
}

const only = options["pages-only"] ? "pages" : options["dev-only"] ? "dev" : undefined;

const work = await mkdtemp(path.join(tmpdir(), "site-bench-"));
try {
  if (only !== "dev") await benchPages(work, Math.max(1, Number(options.runs) || 1));
  if (only !== "pages") await benchDevLoop(work, Math.max(1, Number(options.saves) || 1));
} finally {
  await rm(work, { recursive: true, force: true });
}
