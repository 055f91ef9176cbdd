// The pipeline: data/*.yaml → validated model → route table → HTML → dist/.
// Nothing is written until every page has rendered; dist/ is then replaced in one step.
import { execFile } from "node:child_process";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { buildAssets, buildFavicon } from "./assets.ts";
import { withPrecompressed, type OutputContents } from "./compress.ts";
import { buildHeaderPolicy } from "./headers.ts";
import { formatHeadersFile, HEADERS_FILE } from "./headers-file.ts";
import { iconComponent, loadIcons } from "./icons.ts";
import { loadData } from "./load-data.ts";
import { buildLlmsTxt } from "./llms-txt.ts";
import { renderSocialImages } from "./og-images.ts";
import { pageHeadFor } from "./page-head.ts";
import { socialIconsUsed, socialImagesFor } from "./social.ts";
import { allTowns, buildModel, type SiteModel } from "./model.ts";
import { renderRoute, type RenderContext } from "./render.ts";
import { buildRoutes, notFoundRoute, type Route } from "./routes.ts";
import { buildRobots, buildSitemap } from "./sitemap.ts";
import { DATA_FILES } from "./schema.ts";

export interface GenerateOptions {
  dataDir: string;
  outDir: string;
  /** Year printed in footers; defaults to the current year. */
  year?: number;
}

export interface GenerateResult {
  outDir: string;
  pages: number;
  files: string[];
  milliseconds: number;
}

/** Every icon name the model uses, so they can be loaded before rendering. */
export function iconsUsed(model: SiteModel): string[] {
  const fixed = ["shovel", "menu", "x", "phone", "map-pin", "house", "shield-check", "clipboard-check", "clock", "circle-check", "lightbulb"];
  return [
    ...fixed,
    ...model.services.flatMap((service) => [service.icon, ...service.highlights.map((h) => h.icon)]),
    ...allTowns(model).flatMap((town) => town.highlights.map((h) => h.icon)),
  ];
}

/** The date the data last changed: its last commit, or the newest file time outside git. */
export async function dataLastModified(dataDir: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)("git", ["log", "-1", "--format=%cs", "--", "."], {
      cwd: dataDir,
    });
    const date = stdout.trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  } catch {
    // Not a git checkout: fall back to the files' own times.
  }
  const times = await Promise.all(
    Object.values(DATA_FILES).map(async ({ file }) => (await stat(path.join(dataDir, file))).mtime),
  );
  const newest = new Date(Math.max(...times.map((time) => time.getTime())));
  return newest.toISOString().slice(0, 10);
}

export interface RenderedSite {
  model: SiteModel;
  routes: Route[];
  /** Output files by path relative to dist/, in write order. */
  files: Map<string, string | Uint8Array>;
}

/** Loads, validates and renders everything in memory. Throws DataError or RenderError. */
export async function renderSite(options: GenerateOptions): Promise<RenderedSite> {
  const model = buildModel(await loadData(options.dataDir));
  await loadIcons([...iconsUsed(model), ...socialIconsUsed(model)]);
  const [assets, lastmod] = await Promise.all([buildAssets(), dataLastModified(options.dataDir)]);
  const context: RenderContext = {
    business: model.business,
    assets,
    year: options.year ?? new Date().getFullYear(),
    headFor: pageHeadFor(model),
  };
  const routes = buildRoutes(model);
  const files = new Map<string, string | Uint8Array>();
  for (const route of [...routes, notFoundRoute(model)]) {
    files.set(route.file, renderRoute(route, context));
  }
  files.set("sitemap.xml", buildSitemap(routes, model.business.url, lastmod));
  files.set("robots.txt", buildRobots(model.business.url));
  files.set("llms.txt", buildLlmsTxt(routes, model));
  for (const [file, png] of await renderSocialImages(socialImagesFor(routes, model))) files.set(file, png);
  files.set("favicon.svg", buildFavicon(renderToStaticMarkup(createElement(iconComponent("shovel")))));
  // Last, so that the policy hashes the inline code of every page written above.
  files.set(HEADERS_FILE, formatHeadersFile(buildHeaderPolicy(model.business, files)));
  return { model, routes, files };
}

/** Writes the files to a fresh folder beside outDir, then swaps it in place of outDir. */
export async function writeSite(files: ReadonlyMap<string, OutputContents>, outDir: string): Promise<void> {
  const staging = `${outDir}.staging-${process.pid}`;
  const previous = `${outDir}.previous-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  for (const [file, contents] of files) {
    const target = path.join(staging, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, contents);
  }
  await rm(previous, { recursive: true, force: true });
  const hadOutput = await stat(outDir).then(
    () => true,
    () => false,
  );
  if (hadOutput) await rename(outDir, previous);
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const site = await renderSite(options);
  const files = await withPrecompressed(site.files);
  await writeSite(files, options.outDir);
  return {
    outDir: options.outDir,
    pages: site.routes.length + 1,
    files: [...files.keys()],
    milliseconds: Math.round(performance.now() - started),
  };
}
