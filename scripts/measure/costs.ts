// Where a build's processor time goes: each kind of work a cold build does, timed alone on one
// thread, on a sample of its items, and scaled to all of them. Added up and divided by the cores,
// it is the least time any arrangement of that work across threads could take: the floor under the
// cold figures of `npm run bench`, unless the work itself shrinks.
import { readdir, readFile, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { loadData } from "../data/load.ts";
import { loadIcons } from "../data/icons.ts";
import { buildModel } from "../data/model.ts";
import { pageSources } from "../headers/csp.ts";
import { pageContext } from "../headers/policy.ts";
import { COMPRESSIBLE_FILE, compressBrotli, compressGzip } from "../lib/compress.ts";
import { buildAssets } from "../pages/assets.ts";
import { iconsUsed } from "../pages/icons.ts";
import { renderRoute, type RenderContext } from "../pages/render.ts";
import { buildRoutes, notFoundRoute } from "../pages/routes.ts";
import { pageHeadFor } from "../seo/head.ts";
import { socialIconsUsed, socialImagesFor } from "../seo/social-meta.ts";
import { RESVG_OPTIONS, socialCardSvg } from "../seo/social-images.ts";

export interface Cost {
  work: string;
  /** How many of these a build does. */
  items: number;
  /** How many were timed; the rest are counted at their average (by bytes, for compression). */
  timed: number;
  /** Milliseconds of one thread for all `items`. */
  ms: number;
}

/** `count` items spread evenly over `list`, first and last included. */
function spread<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list];
  return Array.from({ length: count }, (_, i) => list[Math.round((i * (list.length - 1)) / (count - 1))]!);
}

async function timed<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** Every file below `dir`, as paths relative to it. */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * The costs of building `dataDir`, whose output a build already wrote to `outDir` (read for what is
 * compressed). Each item is timed on its own, one after the other, so that its time is one
 * thread's: brotli and gzip run on the thread pool, one job at a time here.
 */
export async function measureCosts(dataDir: string, outDir: string, sample = 100): Promise<Cost[]> {
  const costs: Cost[] = [];
  const today = new Date();
  const [model, loadMs] = await timed(async () => buildModel(await loadData(dataDir, { today }), { today }));
  costs.push({ work: "load and check the data, build the model", items: 1, timed: 1, ms: loadMs });

  await loadIcons([...iconsUsed(model), ...socialIconsUsed(model)]);
  const context: RenderContext = {
    business: model.business,
    assets: await buildAssets(),
    year: today.getFullYear(),
    headFor: pageHeadFor(model),
  };
  const routes = buildRoutes(model);
  const pages = [...routes, notFoundRoute(model)];
  const rendered: { file: string; html: string }[] = [];
  let renderMs = 0;
  for (const route of spread(pages, sample)) {
    const [html, ms] = await timed(() => renderRoute(route, context));
    renderMs += ms;
    rendered.push({ file: route.file, html });
  }
  const scale = (ms: number, timedCount: number, items: number) => (ms / timedCount) * items;
  costs.push({
    work: "render pages (React)",
    items: pages.length,
    timed: rendered.length,
    ms: scale(renderMs, rendered.length, pages.length),
  });

  let scanMs = 0;
  for (const { file, html } of rendered) {
    scanMs += (await timed(() => pageSources(html, pageContext(model.business, file))))[1];
  }
  costs.push({
    work: "read pages for the policy (parse5)",
    items: pages.length,
    timed: rendered.length,
    ms: scale(scanMs, rendered.length, pages.length),
  });

  const cards = socialImagesFor(routes, model);
  const cardSample = spread(cards, Math.max(2, Math.round(sample / 4)));
  let [layoutMs, drawMs, encodeMs] = [0, 0, 0];
  for (const { card } of cardSample) {
    const [svg, layout] = await timed(() => socialCardSvg(card));
    const [pixels, draw] = await timed(() => new Resvg(svg, RESVG_OPTIONS).render());
    encodeMs += (await timed(() => pixels.asPng()))[1];
    layoutMs += layout;
    drawMs += draw;
  }
  for (const [work, ms] of [
    ["lay out preview cards (satori)", layoutMs],
    ["draw preview cards (resvg)", drawMs],
    ["encode preview cards as PNG (resvg)", encodeMs],
  ] as const) {
    costs.push({ work, items: cards.length, timed: cardSample.length, ms: scale(ms, cardSample.length, cards.length) });
  }

  // Compression: the pages by a sample, scaled by their bytes; every other file whole, the site
  // editor's 2 MB script among them.
  const compressible = (await filesBelow(outDir)).filter((file) => COMPRESSIBLE_FILE.test(file));
  const pageFiles = compressible.filter((file) => file.endsWith(".html"));
  const otherFiles = compressible.filter((file) => !file.endsWith(".html"));
  const sizes = await Promise.all(pageFiles.map(async (file) => (await stat(path.join(outDir, file))).size));
  const pageBytes = sizes.reduce((sum, size) => sum + size, 0);
  const compress = async (files: string[]) => {
    let [bytes, brotliMs, gzipMs] = [0, 0, 0];
    for (const file of files) {
      const contents = await readFile(path.join(outDir, file));
      bytes += contents.length;
      brotliMs += (await timed(() => compressBrotli(contents)))[1];
      gzipMs += (await timed(() => compressGzip(contents)))[1];
    }
    return { bytes, brotliMs, gzipMs };
  };
  const sampled = await compress(spread(pageFiles, sample));
  const byBytes = (ms: number) => (sampled.bytes > 0 ? (ms / sampled.bytes) * pageBytes : 0);
  const others = await compress(otherFiles);
  const timedPages = Math.min(sample, pageFiles.length);
  costs.push(
    { work: "brotli 11, pages", items: pageFiles.length, timed: timedPages, ms: byBytes(sampled.brotliMs) },
    {
      work: "brotli 11, every other text file",
      items: otherFiles.length,
      timed: otherFiles.length,
      ms: others.brotliMs,
    },
    {
      work: "gzip 9, every text file",
      items: compressible.length,
      timed: timedPages + otherFiles.length,
      ms: byBytes(sampled.gzipMs) + others.gzipMs,
    },
  );
  return costs;
}

/** The least wall time the work could take on this machine's cores, in milliseconds. */
export function floorMs(costs: readonly Cost[], cores = availableParallelism()): number {
  return costs.reduce((sum, cost) => sum + cost.ms, 0) / cores;
}
