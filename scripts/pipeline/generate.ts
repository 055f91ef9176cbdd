// The pipeline, as docs/how-it-is-built.md draws it: the data read and checked, each route
// rendered, the photos, preview cards and the editor's files made (from .cache/ where it holds
// them), and each file compressed (unless the build is for a host that compresses by itself) and
// written to a staging folder as soon as it is made; dist/ is replaced in one step only once
// everything has rendered and been written, so a failure leaves it exactly as it was.
import { availableParallelism } from "node:os";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { buildAssets, buildFavicon } from "../pages/assets.ts";
import { compressedSiblings } from "../lib/compress.ts";
import {
  givenPicturePolicy,
  headerPolicyFor,
  pagePolicy,
  picturePolicy,
  siteWidePolicy,
  type PagePolicy,
} from "../headers/policy.ts";
import { formatHeadersFile, HEADERS_FILE } from "../headers/headers-file.ts";
import { plainHttpPolicy } from "../headers/plain-http.ts";
import { formatRedirectsFile, REDIRECTS_FILE } from "../headers/redirects-file.ts";
import { servedBy, type Host } from "../headers/hosts.ts";
import { buildTargetFor } from "./build-target.ts";
import { iconIn, loadIcons } from "../data/icons.ts";
import { loadData } from "../data/load.ts";
import { businessDay } from "../data/days.ts";
import { DataError, type DataProblem } from "../data/problems.ts";
import { Backlog } from "../lib/backlog.ts";
import { BuildCache } from "../lib/cache.ts";
import { CACHE_DIR } from "../lib/paths.ts";
import { outputBytes, type OutputContents } from "../lib/output.ts";
import { dataLastModified } from "../data/last-modified.ts";
import { iconsUsed } from "../pages/icons.ts";
import { StagedOutput } from "./staged-output.ts";
import { buildLlmsTxt } from "../seo/llms-txt.ts";
import { renderSocialImages } from "../seo/social-images.ts";
import { pageHeadFor } from "../seo/head.ts";
import { previewPhotos, socialIconsUsed, socialImagesFor } from "../seo/social-meta.ts";
import { renderPhotos } from "../photos/encode.ts";
import { adminFiles } from "../admin/files.ts";
import { allTowns, buildModel, galleryPhotos, heroPhotos, type SiteModel } from "../data/model.ts";
import { renderRoute, type RenderContext } from "../pages/render.ts";
import { siteParts, siteRoutes } from "../features/index.ts";
import { editedRoutes, notFoundRoute, offlineRoute, refuseSharedFiles } from "../pages/routes.ts";
import { editedPages, publishedData } from "./draft.ts";
import { draftProblemsSite } from "./draft-problems.ts";
import { failureOf, type Failure } from "./failure.ts";
import { buildServiceWorker } from "../pages/service-worker.ts";
import { renderMapPicture, serviceAreaMapOf } from "../pages/map-picture.ts";
import { iconDrawings } from "../../templates/parts/icon-drawing.ts";
import { BuildMemory } from "./build-memory.ts";
import { HOME_PATH, SERVICE_AREA_MAP_FILE } from "../site/urls.ts";
import { SVG_FAVICON } from "../site/favicon.ts";
import type { Route } from "../site/page.ts";
import { buildRobots } from "../seo/robots.ts";
import { buildSitemap } from "../seo/sitemap.ts";
import { StepTimer, type StepTiming } from "./timings.ts";

export interface GenerateOptions {
  dataDir: string;
  outDir: string;
  /**
   * Year printed in footers; by default this year at the business (the clock's, not `today`'s: the
   * tests build with a fixed day, and the page's script shows the visitor's year).
   */
  year?: number;
  /**
   * The moment of the build: no review may be dated later, and it decides which dated exceptions
   * to the hours the pages show. Defaults to now.
   */
  today?: Date;
  /**
   * The day the data's dates are checked against (no review dated later): `today` by default. A
   * build of an earlier day made to compare with (day-change.ts) checks the data against now.
   */
  checkedOn?: Date;
  /** The static host the build is for; undefined for `npm start` and nginx (build-target.ts). */
  host?: Host;
  /**
   * Where the build keeps what it can reuse between builds (lib/cache.ts): `.cache/` by default;
   * false for no cache at all, everything made anew and nothing kept (`--no-cache`).
   */
  cacheDir?: string | false;
  /**
   * What this process keeps between builds (build-memory.ts): the dev server's build process passes
   * the same one to every build; by default a fresh one, so the build starts from nothing.
   */
  memory?: BuildMemory;
  /**
   * A draft's preview (draft.ts): every page says so and is kept from search engines, nothing is
   * counted, the editor's preview links open the page the draft changed, and data the build
   * refuses gives a page that shows the problems instead of no preview at all.
   */
  preview?: boolean;
  /**
   * Check the data as a build that publishes the site does (`sitegen check --production`, the check
   * of a draft; `sitegen generate --production`, a build for a server of one's own such as nginx):
   * the placeholders are refused. A build for a host that is not a draft's preview refuses them
   * without being told.
   */
  production?: boolean;
}

/**
 * Whether a build puts the site live: a build for a host, unless it is a draft's preview, or one
 * told so. It refuses every placeholder still in site.yaml (data/placeholders.ts), each at its line
 * with what goes there; other builds show them, marked.
 */
function publishes(options: Pick<GenerateOptions, "host" | "preview" | "production">): boolean {
  return options.production === true || (options.host !== undefined && options.preview !== true);
}

export interface GenerateResult {
  outDir: string;
  pages: number;
  files: string[];
  milliseconds: number;
  /** What the data may have but had better not (data/load.ts), for the command line to print. */
  warnings: DataProblem[];
  /** How long each step took, for `sitegen generate --timings`. */
  timings: StepTiming[];
  /** A preview of a draft the build refused: why, as its one page shows it (draft-problems.ts). */
  refused?: Exclude<Failure, { kind: "other" }>;
}

export interface RenderedSite {
  model: SiteModel;
  routes: Route[];
  /** Output files by path relative to dist/, in write order. */
  files: Map<string, OutputContents>;
  /** The data's warnings (data/load.ts): nothing stopped, but worth fixing. */
  warnings: DataProblem[];
  /** The offline page, as the service worker holds it (pages/service-worker.ts). */
  offlineHtml: string;
  /** The placeholders still in site.yaml, located (data/load.ts); none in a build that publishes. */
  placeholders: DataProblem[];
  /** The names of the optional features on in this build (features/index.ts's siteParts().on). */
  featuresOn: string[];
}

/** Receives each output file as soon as it is made; may wait, to hold back a fast producer. */
type Emit = (file: string, contents: OutputContents) => Promise<void>;

/**
 * Loads, validates and renders everything, handing each file to `emit` as it is made, so that a
 * large site need not be held in memory. Keeps only what the header policy needs of each page.
 * Throws DataError, RenderError or PolicyError.
 */
async function produceSite(
  options: GenerateOptions,
  cache: BuildCache,
  emit: Emit,
  timer = new StepTimer(),
): Promise<Omit<RenderedSite, "files">> {
  const memory = options.memory ?? new BuildMemory();
  // One moment for the whole build, so that the check and the pages agree on the day.
  const today = options.today ?? new Date();
  const loaded = await timer.time("read and check data/", () =>
    loadData(options.dataDir, { today: options.checkedOn ?? today }),
  );
  if (publishes(options) && loaded.placeholders.length > 0) throw new DataError(loaded.placeholders);
  const { preview = false } = options;
  // /privacy names the host the build is for, whose servers send its pages.
  const model = buildModel(loaded, options.host ? { servedBy: servedBy(options.host) } : {});
  // Drawn once, when the first page that shows it renders, and shared with its picture.
  const areaMap = serviceAreaMapOf(model);
  const routes = siteRoutes(model, areaMap);
  // What the optional features that are on add (features/): asked once, before the pages' script is built.
  const parts = await siteParts({ model, today, kept: memory.bundles, preview, cache });
  // The tab's icon: a feature's (the owner's), or the shovel, drawn below.
  const favicon = parts.favicon?.icon ?? SVG_FAVICON;
  const [icons, assets, lastmod, edited] = await timer.time("icons, stylesheet and scripts, the data's date", () =>
    Promise.all([
      loadIcons([...iconsUsed(model), ...socialIconsUsed(model)]),
      buildAssets(model.business, memory.bundles, {
        heroPhotos: routes.some((route) => route.hero),
        preview,
        ...(parts.bodyScript ? { bodyScript: parts.bodyScript } : {}),
        featureCss: parts.css,
        ...(parts.theme ? { theme: parts.theme } : {}),
      }),
      dataLastModified(options.dataDir),
      // Where the editor's preview links go: in a preview, the pages the draft changed.
      (preview ? publishedData(options.dataDir, model.business.editor.branch) : Promise.resolve(undefined)).then(
        (published) => editedPages(options.dataDir, published, routes),
      ),
    ]),
  );
  const context: RenderContext = {
    business: model.business,
    assets,
    year: options.year ?? Number(businessDay(new Date()).slice(0, 4)),
    icons: iconDrawings(icons),
    headFor: pageHeadFor(model, parts.businessFacts),
    ...(preview ? { preview } : {}),
    ...(parts.on.length > 0 ? { features: parts } : {}),
  };
  const pages = [...routes, notFoundRoute(model), ...editedRoutes(model, edited)];
  refuseSharedFiles(pages);
  const cards = socialImagesFor(routes, model, icons, {
    ...(parts.cardMark ? { mark: parts.cardMark } : {}),
    ...(parts.theme ? { theme: parts.theme } : {}),
  });
  // The site editor at /admin/, written as soon as it is made: compressing its 2 MB script is the
  // longest single task of a cold build, and it runs on the thread pool while everything below is
  // made. Not a page of the site, so outside the routes, the sitemap and llms.txt.
  const admin = timer
    .time("the site editor's files", () =>
      adminFiles(model.business, { towns: allTowns(model), services: model.services }, cache, memory.editor, favicon),
    )
    .then(async (files) => {
      for (const [file, contents] of files) await emit(file, contents);
    });
  admin.catch(() => {}); // Awaited below; a page that fails to render first must not leave it unhandled.
  // Drawing uncached cards is the slowest part of a cold build after compression; resvg's part of it
  // runs on the thread pool while the pages render here.
  const images = timer.time("preview cards", () => renderSocialImages(cards, cache));
  images.catch(() => {});
  const photos = timer.time("photos", () =>
    renderPhotos(galleryPhotos(model), previewPhotos(model, routes), cache, heroPhotos(model)),
  );
  photos.catch(() => {});
  // If any of it fails, the work begun beside the pages is over before the build fails.
  const { policies, mapPicture } = await settledFirst([admin, images, photos], async () => {
    const policies: PagePolicy[] = [];
    await timer.time("pages, and what their policy needs", async () => {
      for (const route of pages) {
        const html = renderRoute(route, context);
        policies.push(pagePolicy(model.business, route.file, html));
        await emit(route.file, html);
      }
    });
    // The home page's picture of the service-area map, with a header policy of its own.
    const mapPicture = await renderMapPicture(areaMap(), memory.bundles);
    await emit(SERVICE_AREA_MAP_FILE, mapPicture);
    await emit("sitemap.xml", buildSitemap(routes, model.business.url, lastmod));
    await emit("robots.txt", buildRobots(model.business.url, { preview }));
    for (const [file, contents] of parts.files) await emit(file, contents);
    await emit("llms.txt", buildLlmsTxt(routes, model));
    if (buildTargetFor(options.host).redirectsFile) await emit(REDIRECTS_FILE, formatRedirectsFile(routes));
    for (const [file, png] of await images) await emit(file, png);
    for (const [file, photo] of await photos) await emit(file, photo);
    // The shovel, in the theme's colour, unless a feature gives the tab's icon.
    if (parts.favicon) await emit(parts.favicon.icon.file, parts.favicon.contents);
    else
      await emit(
        SVG_FAVICON.file,
        buildFavicon(renderToStaticMarkup(createElement(iconIn(icons, "shovel"))), parts.theme),
      );
    await admin;
    return { policies, mapPicture };
  });
  // The offline page is written into the service worker, with the policy of every page.
  const offline = offlineRoute(model);
  const offlineHtml = renderRoute(offline, context);
  policies.push(pagePolicy(model.business, offline.file, offlineHtml));
  // Last, so that the policy covers the inline code of every page above.
  const pictures = [
    picturePolicy(model.business, SERVICE_AREA_MAP_FILE, mapPicture),
    ...parts.pictures.map(givenPicturePolicy),
  ];
  const headerRules = headerPolicyFor(policies, pictures, {
    everyPage: parts.policy,
    ...(model.business.editor.signInUrl ? { editorSignIn: model.business.editor.signInUrl } : {}),
    preview,
  });
  const offlinePolicy = siteWidePolicy(headerRules);
  const offlinePlainHttpPolicy = plainHttpPolicy(offlinePolicy);
  const homeHero = routes.find((route) => route.path === HOME_PATH)?.hero;
  const serviceWorker = await timer.time("the service worker", () =>
    buildServiceWorker(
      {
        offlineHtml,
        offlinePolicy,
        offlinePlainHttpPolicy,
        business: model.business,
        leftAlone: [favicon.path, ...parts.leftAlone],
        keptFiles: [...parts.keepFromStart, ...(homeHero ? [homeHero.phoneCopy] : [])],
      },
      memory.bundles,
    ),
  );
  await emit(offline.file, serviceWorker);
  await emit(HEADERS_FILE, formatHeadersFile(headerRules));
  return {
    model,
    routes,
    warnings: loaded.warnings,
    offlineHtml,
    placeholders: loaded.placeholders,
    featuresOn: parts.on,
  };
}

/** Loads, validates and renders everything in memory. Throws DataError or RenderError. */
export async function renderSite(options: GenerateOptions): Promise<RenderedSite> {
  const files = new Map<string, OutputContents>();
  const site = await produceSite(options, cacheFor(options), async (file, contents) => {
    files.set(file, contents);
  });
  return { ...site, files };
}

function cacheFor(options: GenerateOptions): BuildCache {
  return new BuildCache(options.cacheDir ?? CACHE_DIR);
}

/**
 * `work`'s result; if it fails, `started` (tasks already under way that write files) are settled
 * before the failure goes on, so that none of them writes afterwards: into a staging folder already
 * removed, or the next build's (the dev server builds again and again in one process).
 */
async function settledFirst<T>(started: Promise<unknown>[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await Promise.allSettled(started);
    throw error;
  }
}

/** Files compressed and written at once: enough to keep every core and the disk busy. */
const IN_FLIGHT = Math.max(4, availableParallelism() * 2);

/**
 * Writes everything `produce` emits, each text file followed by its .br and .gz, into a staging
 * folder that replaces outDir only when all of it is written. Returns the files, in emit order.
 */
async function writeStaged(
  outDir: string,
  precompressed: boolean,
  cache: BuildCache,
  timer: StepTimer,
  produce: (emit: Emit) => Promise<void>,
): Promise<string[]> {
  const output = new StagedOutput(outDir);
  const backlog = new Backlog(IN_FLIGHT);
  // One entry per emitted file, in emit order: the file, then the siblings written beside it.
  const written: string[][] = [];
  await output.begin();
  const step = precompressed ? "compress and write, as files come" : "write, as files come";
  try {
    await timer.time(step, async () => {
      await produce((file, contents) => {
        const names = [file];
        written.push(names);
        return backlog.add(async () => {
          // Encoded once, for the file and its compressed copies.
          const bytes = outputBytes(contents);
          const siblings = precompressed ? await compressedSiblings(file, bytes, cache) : [];
          names.push(...siblings.map(([name]) => name));
          await Promise.all([
            output.write(file, bytes),
            ...siblings.map(([name, sibling]) => output.write(name, sibling)),
          ]);
        });
      });
      await backlog.settle();
    });
  } catch (error) {
    await backlog.settle().catch(() => {});
    await output.abandon();
    throw error;
  }
  await timer.time("swap into the output folder", () => output.commit());
  return written.flat();
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const timer = new StepTimer();
  let pages = 0;
  let warnings: DataProblem[] = [];
  const { precompressed } = buildTargetFor(options.host);
  const cache = cacheFor(options);
  const result = (files: string[], refused?: GenerateResult["refused"]): GenerateResult => ({
    outDir: options.outDir,
    pages,
    files,
    milliseconds: Math.round(performance.now() - started),
    warnings,
    timings: timer.steps,
    ...(refused ? { refused } : {}),
  });
  try {
    const files = await writeStaged(options.outDir, precompressed, cache, timer, async (emit) => {
      const site = await produceSite(options, cache, emit, timer);
      pages = site.routes.length + 1;
      warnings = site.warnings;
    });
    return result(files);
  } catch (error) {
    const failure = failureOf(error);
    if (!options.preview || failure.kind === "other") throw error;
    // A draft the build refuses still gets a preview: the page that says why.
    const files = await writeStaged(options.outDir, precompressed, cache, timer, async (emit) => {
      for (const [file, contents] of draftProblemsSite(failure)) await emit(file, contents);
    });
    return result(files, failure);
  }
}
