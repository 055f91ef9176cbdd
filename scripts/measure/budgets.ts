// The performance budget every page is held to, and the checks behind it: compressed size, script
// size, render-blocking requests and reserved space for every embedded box.
import { compressBrotli, compressedSiblings, compressGzip, SIBLING_SUFFIX } from "../lib/compress.ts";
import type { BuildCache } from "../lib/cache.ts";
import { outputBytes, type OutputContents } from "../lib/output.ts";
import { ADMIN_DIR } from "../site/urls.ts";
import { scanHtml, scriptKind, type ScannedElement } from "../headers/html-scan.ts";
import { FEATURES } from "../features/index.ts";
import type { Feature } from "../features/feature.ts";

/**
 * What fits the first round trip. A server sends at most its initial congestion window before it
 * waits for the first acknowledgement: 10 segments (RFC 6928) of at most 1460 bytes of payload on
 * an Ethernet-sized path, 14,600 bytes. Those same bytes also carry the HTTP response headers and
 * the TLS record framing, so the page itself gets less than 14,600. The budget is therefore the
 * smaller of the two figures called "14 KB": 14 KiB = 14,336 bytes of compressed HTML. That
 * alone leaves the headers only 264 bytes, and ours (security headers, a CSP with hashes) are
 * about 1.4 KB before HTTP/2 compresses them, so pages should stay well below the budget;
 * `npm run weigh` prints each page's headroom.
 */
export const FIRST_ROUND_TRIP_BUDGET = 14 * 1024;

/**
 * Minified JavaScript that runs on a page, inline scripts summed, in bytes: 1 KiB, and 300 bytes
 * more since the estimate form's frame is shown again when the provider's helper leaves it hidden
 * (browser/site.ts). That guard added 492 bytes and put every page at 1,320 (828 before): one
 * bundle for every page, rather than a second script and its plumbing for one page.
 */
export const SCRIPT_BUDGET = 1024 + 300;

/**
 * The JavaScript a build's pages may run, in bytes: the core's SCRIPT_BUDGET and what each feature
 * that is on in the build may add (its `scriptBudget`, features/feature.ts). `on`: the names of the
 * features on, as siteParts() gives them; `features`: the list they are from (features/index.ts's).
 */
export function scriptBudgetFor(on: readonly string[], features: readonly Feature[] = FEATURES): number {
  return features
    .filter((feature) => on.includes(feature.name))
    .reduce((total, feature) => total + (feature.scriptBudget ?? 0), SCRIPT_BUDGET);
}

/**
 * The site editor's first load, every file of /admin/ as a browser is sent it (brotli), in bytes
 * (605 KB). Only the owner loads it, but often on a phone: the CMS's script alone is about 504 KB,
 * so its fonts are cut down to what it draws (admin/fonts.ts). It was 600 KB until the logo, icon,
 * accent and top photo came into the editor: their fields and the accent's check on save add
 * 1,157 bytes (config.yml 519, editor.js 638), which put the first load at 601,039 bytes. The rest
 * of editor.js is the YAML library that writes files in `fmt`'s form and the data rules it checks
 * on save, none of which the owner could do without.
 */
export const EDITOR_BUDGET = 605_000;

const utf8Length = (text: string) => Buffer.byteLength(text, "utf8");

/** A script the browser runs as code: classic or module (import maps and speculation rules are JSON). */
function runsCode(element: ScannedElement): boolean {
  const kind = scriptKind(element);
  return kind === "classic" || kind === "module";
}

/**
 * Inline scripts that run as code. JSON-LD and speculation rules are data for the browser and
 * search engines, not code, so they are not counted; scripts with src are external.
 */
export function executedInlineScripts(html: string): string[] {
  return scanHtml(html)
    .filter((el) => el.name === "script" && !el.attributes.has("src") && runsCode(el))
    .map((el) => el.text);
}

export function inlineScriptBytes(html: string): number {
  return executedInlineScripts(html).reduce((total, text) => total + utf8Length(text), 0);
}

/** The src of every external script, including those a <template> holds for later. */
export function externalScripts(html: string): string[] {
  return scanHtml(html)
    .filter((el) => el.name === "script" && el.attributes.has("src"))
    .map((el) => el.attributes.get("src")!);
}

/**
 * Requests that hold back the first paint: stylesheets loaded by <link> or @import, and external
 * classic scripts without async or defer (they stop the parser wherever they are). An empty list
 * means the page renders from its HTML alone. <template> content is inert and is not counted.
 */
export function renderBlockingResources(html: string): string[] {
  const found: string[] = [];
  for (const el of scanHtml(html).filter((element) => !element.inTemplate && !element.inNoscript)) {
    const where = el.inHead ? "in <head>" : "in <body>";
    const rel = (el.attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    if (el.name === "link" && rel.includes("stylesheet") && el.attributes.get("media") !== "print") {
      found.push(`<link rel="stylesheet" href="${el.attributes.get("href") ?? ""}"> ${where}`);
    }
    if (el.name === "script" && el.attributes.has("src")) {
      const deferred = el.attributes.has("async") || el.attributes.has("defer") || scriptKind(el) === "module";
      if (!deferred && runsCode(el)) {
        found.push(`<script src="${el.attributes.get("src")}"> without async or defer ${where}`);
      }
    }
    if (el.name === "style" && /@import\b/i.test(el.text)) found.push(`@import in an inline stylesheet ${where}`);
  }
  return found;
}

/** Boxes whose content arrives after the HTML (or is drawn inline) and so need their size up front. */
const SIZED_ELEMENTS = new Set(["img", "iframe", "video", "embed", "object", "svg"]);

const isLength = (value: string | undefined) =>
  value !== undefined && /^\d+(\.\d+)?$/.test(value.trim()) && Number(value) > 0;

/**
 * Every image, frame, video and top-level inline SVG must say its width and height in attributes,
 * so the browser reserves its box before anything loads and nothing below it moves (zero layout
 * shift). Returns a description of each element that does not.
 */
export function unsizedElements(html: string): string[] {
  return scanHtml(html)
    .filter((el) => SIZED_ELEMENTS.has(el.name) && !el.inTemplate && !(el.name === "svg" && el.svgDepth > 0))
    .filter((el) => !isLength(el.attributes.get("width")) || !isLength(el.attributes.get("height")))
    .map((el) => {
      const label = el.attributes.get("src") ?? el.attributes.get("class") ?? el.attributes.get("aria-label") ?? "";
      return `<${el.name}${label ? ` ${label}` : ""}> width=${el.attributes.get("width") ?? "missing"} height=${el.attributes.get("height") ?? "missing"}`;
    });
}

export interface PageWeight {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
  scriptBytes: number;
}

/** Raw, gzip -9 and brotli 11 sizes of a page, and the JavaScript it runs. */
export async function measurePage(file: string, html: string): Promise<PageWeight> {
  const [gzip, brotli] = await Promise.all([compressGzip(html), compressBrotli(html)]);
  return {
    file,
    bytes: utf8Length(html),
    gzip: gzip.length,
    brotli: brotli.length,
    scriptBytes: inlineScriptBytes(html),
  };
}

/**
 * Third-party requests a browser with JavaScript starts while the page is being parsed: any frame,
 * image, script or stylesheet from another origin outside a <template> or <noscript>. They compete
 * with the page for a slow connection, so only the estimate form's frame and helper may be there,
 * on the contact page, and neither holds up its first paint. Relative and same-origin addresses
 * are the site's own.
 */
export function thirdPartyRequests(html: string, siteOrigin: string): string[] {
  const foreign = (url: string | undefined) => {
    if (!url) return false;
    try {
      return new URL(url, `${siteOrigin}/`).origin !== siteOrigin;
    } catch {
      return false;
    }
  };
  const found: string[] = [];
  for (const el of scanHtml(html).filter((element) => !element.inTemplate && !element.inNoscript)) {
    const url = el.attributes.get("src") ?? (el.name === "link" ? el.attributes.get("href") : undefined);
    if (!foreign(url)) continue;
    if (el.name === "link" && !/\b(?:stylesheet|preload|modulepreload|icon)\b/i.test(el.attributes.get("rel") ?? ""))
      continue;
    found.push(`<${el.name} ${url}>`);
  }
  return found;
}

export interface FileWeight {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

/**
 * Each file of the site editor at /admin/ among `files` (dist/ paths), as it is sent: the .gz and
 * .br siblings generate writes (brotli read back from its cache), or the bytes themselves for a
 * file sent as it is, a font (already compressed).
 */
export async function measureEditor(
  files: Iterable<[string, OutputContents]>,
  cache: BuildCache,
): Promise<FileWeight[]> {
  const weights: FileWeight[] = [];
  for (const [file, contents] of files) {
    if (!file.startsWith(ADMIN_DIR)) continue;
    const bytes = await outputBytes(contents);
    const siblings = new Map(await compressedSiblings(file, contents, cache));
    const size = async (name: string) => {
      const sibling = siblings.get(name);
      return sibling === undefined ? bytes.length : (await outputBytes(sibling)).length;
    };
    weights.push({
      file,
      bytes: bytes.length,
      gzip: await size(`${file}${SIBLING_SUFFIX.gzip}`),
      brotli: await size(`${file}${SIBLING_SUFFIX.br}`),
    });
  }
  return weights;
}
