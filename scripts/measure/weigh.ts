// `npm run weigh`: every page's bytes against the first-round-trip budget, and the site editor's
// files against its own. Prints tables; checks nothing (the budgets are enforced by
// test/budgets.test.ts).
import { stat } from "node:fs/promises";
import path from "node:path";
import { cmsFonts, publishedCmsScript } from "../admin/files.ts";
import { renderSite } from "../pipeline/generate.ts";
import { outputText } from "../lib/output.ts";
import { ADMIN_DIR, isSitePageFile } from "../site/urls.ts";
import {
  EDITOR_BUDGET,
  FIRST_ROUND_TRIP_BUDGET,
  measureEditor,
  measurePage,
  scriptBudgetFor,
  type FileWeight,
} from "./budgets.ts";
import { formatTable } from "./table.ts";
import { BuildCache } from "../lib/cache.ts";
import { CACHE_DIR, DATA_DIR } from "../lib/paths.ts";

const dataDir = path.resolve(process.argv[2] ?? DATA_DIR);
const site = await renderSite({ dataDir, outDir: "unused" });
const html = (file: string) => {
  const contents = site.files.get(file);
  if (contents === undefined) throw new Error(`${file} was not rendered`);
  return outputText(contents);
};

// The core's script and what the features on in this build may add.
const scriptBudget = scriptBudgetFor(site.featuresOn);
const pageFiles = [...site.files.keys()].filter(isSitePageFile);
const weights = [];
for (const file of pageFiles) weights.push(await measurePage(file, html(file)));
console.log(
  `Page weight (bytes). Budget: ${FIRST_ROUND_TRIP_BUDGET} compressed (gzip -9 and brotli 11), ${scriptBudget} of JavaScript.\n`,
);
console.log(
  formatTable(
    ["page", "html", "gzip -9", "brotli 11", "headroom (br)", "headroom (gz)", "JS"],
    weights.map((w) => [
      w.file,
      w.bytes,
      w.gzip,
      w.brotli,
      FIRST_ROUND_TRIP_BUDGET - w.brotli,
      FIRST_ROUND_TRIP_BUDGET - w.gzip,
      w.scriptBytes,
    ]),
  ),
);
const largest = weights.reduce((a, b) => (b.gzip > a.gzip ? b : a));
console.log(`\nLargest page: ${largest.file}, ${largest.gzip} bytes gzip, ${largest.brotli} bytes brotli.`);

// The site editor at /admin/: exempt from the page budget (only the owner loads it), but held to
// its own, and its fonts weighed whole (as the CMS's packages ship them) and as they are sent.
const adminWeights = await measureEditor(site.files, new BuildCache(CACHE_DIR));
const sum = (weights: FileWeight[], key: "bytes" | "gzip" | "brotli") =>
  weights.reduce((total, weight) => total + weight[key], 0);
const total = (label: string, weights: FileWeight[]) => [
  label,
  sum(weights, "bytes"),
  sum(weights, "gzip"),
  sum(weights, "brotli"),
];
const wholeFonts = await Promise.all(
  cmsFonts(await publishedCmsScript()).map(async (font) => ({
    file: font.file,
    bytes: (await stat(font.source)).size,
  })),
);
const withWholeFonts = adminWeights.map((weight) => {
  const whole = wholeFonts.find((font) => font.file === weight.file);
  return whole ? { ...weight, bytes: whole.bytes, gzip: whole.bytes, brotli: whole.bytes } : weight;
});
console.log(
  `\nThe site editor at /${ADMIN_DIR} (exempt from the page budget; held to ${EDITOR_BUDGET} bytes brotli; fonts are sent as they are, already compressed).\n`,
);
console.log(
  formatTable(
    ["file", "bytes", "gzip -9", "brotli 11"],
    [
      ...adminWeights.map((weight) => [weight.file, weight.bytes, weight.gzip, weight.brotli]),
      total("all of /admin/", adminWeights),
      total("all of /admin/ with the whole fonts", withWholeFonts),
    ],
  ),
);
console.log(`\nHeadroom: ${EDITOR_BUDGET - sum(adminWeights, "brotli")} bytes brotli.`);
console.log(`\nThe editor's fonts, whole (as their packages ship them) and cut down to what it draws:\n`);
console.log(
  formatTable(
    ["font", "whole", "sent", "saved"],
    wholeFonts.map((font) => {
      const sent = adminWeights.find((weight) => weight.file === font.file)!.bytes;
      return [font.file, font.bytes, sent, font.bytes - sent];
    }),
  ),
);
