// npm run audit: generates the site, serves it on 127.0.0.1, runs Lighthouse (mobile, the
// default settings) against every public page with the system Chromium and prints the category
// scores as a table, then the audits that kept SEO, accessibility, best practices or agentic
// browsing below 100. Exits 1 when SEO or agentic browsing is below 100 on any page.
//
//   npm run audit                      every page
//   npm run audit -- / /towns/mattoon  only these paths
//
// Not part of `npm test`: it takes minutes, and performance figures depend on the machine's load.
import { siteRoutes } from "../features/index.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromiumExecutable, launchDebuggableChromium } from "./chromium.ts";
import { generate } from "../pipeline/generate.ts";
import { loadData } from "../data/load.ts";
import { buildModel } from "../data/model.ts";
import { serve } from "../serve/server.ts";
import { DATA_DIR } from "../lib/paths.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo", "agentic-browsing"] as const;
type Category = (typeof CATEGORIES)[number];
const HEADINGS: Record<Category, string> = {
  performance: "Perf",
  accessibility: "A11y",
  "best-practices": "Best pr.",
  seo: "SEO",
  "agentic-browsing": "Agentic",
};
/** Categories whose score does not depend on the machine's speed: failures are listed. */
const EXPLAINED: Category[] = ["accessibility", "best-practices", "seo", "agentic-browsing"];
/** The categories this script fails on. */
const REQUIRED_PERFECT: Category[] = ["seo", "agentic-browsing"];

interface PageResult {
  path: string;
  scores: Partial<Record<Category, number | null>>;
  /** Audits below a perfect score in the explained categories: "seo: Links are not crawlable". */
  failures: string[];
  /** Lighthouse could not finish the run (its scores are then missing). */
  runtimeError: boolean;
}

async function auditPage(url: string, port: number): Promise<Omit<PageResult, "path">> {
  const result = await lighthouse(url, {
    port,
    hostname: "127.0.0.1",
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const scores: PageResult["scores"] = {};
  const failures: string[] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = entry?.score ?? null;
    if (!entry || !EXPLAINED.includes(category)) continue;
    for (const ref of entry.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const detail = audit.explanation ?? audit.displayValue ?? "";
      failures.push(`${category}: ${audit.title}${detail ? ` (${detail})` : ""}`);
      // The first few offending items (console messages, elements) say what to fix.
      const items = audit.details && "items" in audit.details ? audit.details.items : [];
      for (const item of items.slice(0, 3)) {
        const described = item as { description?: unknown; url?: unknown; node?: { snippet?: unknown } };
        const text = [described.description, described.url, described.node?.snippet].filter(Boolean).join(" ");
        if (text) failures.push(`    ${String(text).slice(0, 200)}`);
      }
    }
  }
  if (lhr.runtimeError) failures.push(`runtime error: ${lhr.runtimeError.message}`);
  return { scores, failures, runtimeError: Boolean(lhr.runtimeError) };
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): try such a page again. */
async function auditWithRetries(url: string, port: number, attempts = 3): Promise<Omit<PageResult, "path">> {
  let result = await auditPage(url, port);
  for (let attempt = 1; attempt < attempts && result.runtimeError; attempt++) {
    result = await auditPage(url, port);
  }
  return result;
}

const formatScore = (score: number | null | undefined) =>
  score === null || score === undefined ? "–" : String(Math.round(score * 100));

function table(results: PageResult[]): string {
  const width = Math.max(4, ...results.map((result) => result.path.length));
  const header = `| ${"Page".padEnd(width)} | ${CATEGORIES.map((c) => HEADINGS[c]).join(" | ")} |`;
  const rule = `| ${"-".repeat(width)} | ${CATEGORIES.map((c) => `${"-".repeat(HEADINGS[c].length - 1)}:`).join(" | ")} |`;
  const rows = results.map(
    (result) =>
      `| ${result.path.padEnd(width)} | ${CATEGORIES.map((c) => formatScore(result.scores[c]).padStart(HEADINGS[c].length)).join(" | ")} |`,
  );
  return [header, rule, ...rows].join("\n");
}

async function main(): Promise<number> {
  const requested = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
  const work = await mkdtemp(path.join(tmpdir(), "site-audit-"));
  const outDir = path.join(work, "dist");
  const routes = siteRoutes(buildModel(await loadData(DATA_DIR)));
  const paths = requested.length > 0 ? requested : routes.filter((r) => !r.meta.noindex).map((r) => r.path);
  await generate({ dataDir: DATA_DIR, outDir });
  const { server, url } = await serve({ dir: outDir, port: 0 });
  const chromium = await launchDebuggableChromium();
  const results: PageResult[] = [];
  try {
    console.error(`Lighthouse ${paths.length} page(s) at ${url}, mobile, Chromium ${chromiumExecutable()}`);
    for (const [index, pagePath] of paths.entries()) {
      const started = performance.now();
      const result = { path: pagePath, ...(await auditWithRetries(`${url}${pagePath}`, chromium.port)) };
      results.push(result);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.error(`  ${index + 1}/${paths.length} ${pagePath} (${seconds} s)`);
    }
  } finally {
    await chromium.close();
    server.closeAllConnections();
    server.close();
    await rm(work, { recursive: true, force: true });
  }

  console.log(table(results));
  const failures = results.flatMap((result) => result.failures.map((failure) => `${result.path}  ${failure}`));
  if (failures.length > 0) console.log(`\nAudits below 100 (excluding performance):\n${failures.join("\n")}`);
  const imperfect = results.filter((result) => REQUIRED_PERFECT.some((c) => result.scores[c] !== 1));
  if (imperfect.length > 0) {
    console.log(`\nSEO or agentic browsing below 100 on: ${imperfect.map((result) => result.path).join(", ")}`);
    return 1;
  }
  return 0;
}

// Lighthouse leaves timers behind; the result is printed, so end here.
process.exit(await main());
