// `sitegen check`: everything `generate` does except writing dist/, so that "check passed" means
// "generate will work". What it makes on the way (photos, preview cards, the editor's files) is kept
// in .cache/, as generate keeps it, so the next build need not make it again. Throws DataError or
// RenderError like generate does.
import { unformattedDataFiles } from "../data/format.ts";
import { formatProblem, type DataProblem } from "../data/problems.ts";
import { renderSite } from "./generate.ts";

export interface CheckSummary {
  services: number;
  towns: number;
  alsoServing: number;
  homeFaqs: number;
  /** What the features' own files hold, as the summary line counts it ("2 jobs"), when they hold some. */
  featureRows: { count: number; noun: string }[];
  /** HTML pages a generate would write, the 404 page included. */
  pages: number;
  /** Data files that are valid but not in the canonical form of `sitegen fmt`. */
  unformatted: string[];
  milliseconds: number;
  /** What the data may have but had better not, located as problems are. */
  warnings: DataProblem[];
  /** The placeholders still in site.yaml (data/placeholders.ts), located as problems are. */
  placeholders: DataProblem[];
}

/**
 * `production`: check as a build that puts the site live does (the check of a draft), which refuses
 * the placeholders; otherwise they are listed.
 */
export async function checkSite(dataDir: string, { production = false } = {}): Promise<CheckSummary> {
  const started = performance.now();
  // renderSite keeps the site in memory; the output folder is never touched.
  const site = await renderSite({ dataDir, outDir: "(not written)", production });
  return {
    services: site.model.services.length,
    towns: site.model.towns.length,
    alsoServing: site.model.alsoServing.length,
    homeFaqs: site.model.homeFaqs.length,
    featureRows: Object.values(site.model.featureRows).flatMap((rows) => (rows.summary ? [rows.summary] : [])),
    pages: site.routes.length + 1,
    unformatted: await unformattedDataFiles(dataDir),
    milliseconds: Math.round(performance.now() - started),
    warnings: site.warnings,
    placeholders: site.placeholders,
  };
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function describeCheck(summary: CheckSummary, dataLabel: string): string {
  const townCount = summary.towns + summary.alsoServing;
  const notes = summary.unformatted.map(
    (file) =>
      `Note: ${dataLabel}${file} is valid but not in the canonical form; \`npm run fmt\` rewrites its layout (nothing else changes).`,
  );
  const placeholders =
    summary.placeholders.length === 0
      ? []
      : [
          `The data still holds ${count(summary.placeholders.length, "placeholder")}: shown marked on this computer, refused by a build for Netlify or Cloudflare Pages and by \`npx sitegen generate --production\`. Put the business's own in ${summary.placeholders.length === 1 ? "its" : "their"} place:`,
          ...summary.placeholders.map(formatProblem),
        ];
  return [
    `OK: ${dataLabel} is valid: ${count(summary.services, "service")}, ${count(townCount, "town")} (${summary.towns} in the town grids, ${summary.alsoServing} under "Also serving"), ${count(summary.homeFaqs, "home-page question")}${summary.featureRows.map((rows) => `, ${count(rows.count, rows.noun)}`).join("")}.`,
    `${count(summary.pages, "page")} would be written. Nothing was written to dist/; run \`npm run generate\` to build the site.`,
    ...notes,
    ...placeholders,
  ].join("\n");
}
