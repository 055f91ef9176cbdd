// `npm run bench:compare -- --data <folder> --data <folder>`: what a change of the data costs a
// visitor, side by side. Each data folder is built and served as `npm start` serves it, and each
// chosen page (--only, the home page by default) is audited by Lighthouse mobile in turn on each
// build, A, B, A, B…, so that the machine's load falls on both alike; the median of --runs runs
// (3 by default) of each is printed, with the LCP of each build against the first's, and the total
// blocking time (what a page's scripts cost after it shows). With --at
// <name>, the pages are opened at that name (resolved to this computer) by a browser that does not
// say it is driven by automation, as a visitor's: Plausible's tracker, in a build that counts,
// then sends its counts (it sends nothing from 127.0.0.1, or to a browser that says it is driven).
// A benchmark, not a test: figures depend on the machine and its load.
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { isHostName } from "../data/web-address.ts";
import { generate } from "../pipeline/generate.ts";
import { serve } from "../serve/server.ts";
import { launchDebuggableChromium } from "./chromium.ts";
import { auditPageRetried, medianRun, type LighthouseFigures } from "./lighthouse.ts";
import { formatTable, type Cell } from "./table.ts";

const { values: options } = parseArgs({
  options: {
    data: { type: "string", multiple: true },
    only: { type: "string", default: "/" },
    runs: { type: "string", default: "3" },
    at: { type: "string" },
  },
});

const folders = (options.data ?? []).map((folder) => path.resolve(folder));
if (folders.length < 2) throw new Error("Give two data folders or more: --data <folder> --data <folder>");
const runs = Math.max(1, Number(options.runs) || 1);
const paths = options.only.split(",");

const work = await mkdtemp(path.join(tmpdir(), "site-compare-"));
const servers: { close(): void }[] = [];
const at = options.at;
if (at !== undefined && !isHostName(at)) throw new Error(`--at takes a host name, such as site.test, not ${at}`);
const browser = await launchDebuggableChromium(
  at ? [`--host-resolver-rules=MAP ${at} 127.0.0.1`, "--disable-blink-features=AutomationControlled"] : [],
);
try {
  const sites: { folder: string; url: string }[] = [];
  for (const [index, folder] of folders.entries()) {
    const outDir = path.join(work, `dist-${index}`);
    await generate({ dataDir: folder, outDir });
    const { server, url } = await serve({ dir: outDir, port: 0 });
    servers.push(server);
    const opened = new URL(url);
    if (at) opened.hostname = at;
    sites.push({ folder, url: opened.origin });
  }
  const [oneMinute = 0] = loadavg();
  const rows: Cell[][] = [];
  for (const urlPath of paths) {
    const results = sites.map((): LighthouseFigures[] => []);
    for (let run = 0; run < runs; run += 1) {
      for (const [index, site] of sites.entries()) {
        results[index]!.push(await auditPageRetried(`${site.url}${urlPath}`, browser.port, 2));
        process.stderr.write(".");
      }
    }
    const medians = results.map(medianRun);
    medians.forEach((figures, index) => {
      rows.push([
        urlPath,
        path.basename(path.dirname(folders[index]!)) + "/" + path.basename(folders[index]!),
        figures.score,
        Math.round(figures.fcpMs),
        Math.round(figures.lcpMs),
        (figures.lcpMs / medians[0]!.lcpMs).toFixed(2),
        Math.round(figures.tbtMs),
        Number(figures.cls.toFixed(3)),
        figures.transferBytes,
        results[index]!.map((run) => Math.round(run.lcpMs)).join(" "),
        results[index]!.map((run) => Math.round(run.tbtMs)).join(" "),
      ]);
    });
  }
  process.stderr.write("\n");
  console.log(
    `\nLighthouse 13, mobile, simulated throttling (150 ms RTT, 1.6 Mbit/s, 4× CPU); builds audited in turn, median of ${runs} run(s) each; ${availableParallelism()} cores, load average ${oneMinute.toFixed(2)} at start\n`,
  );
  console.log(
    formatTable(
      [
        "page",
        "data",
        "score",
        "FCP ms",
        "LCP ms",
        "LCP ×",
        "TBT ms",
        "CLS",
        "bytes",
        "LCP of each run",
        "TBT of each run",
      ],
      rows,
    ),
  );
} finally {
  await browser.close();
  for (const server of servers) server.close();
  await rm(work, { recursive: true, force: true });
}
