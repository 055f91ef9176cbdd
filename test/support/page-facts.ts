// Reads what search engines and assistive technology get from each generated page: the served
// HTML, loaded in Chromium, reduced to plain facts (head tags, headings, links with their
// accessible names, icons, JSON-LD, the main content's text, the visible contact facts).
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { serveSharedSite, type BuiltSite } from "./site.ts";

interface LinkFact {
  /** Absolute URL as the browser resolved it. */
  href: string;
  /** The accessible name: aria-label, else the text without aria-hidden parts. */
  name: string;
}

interface GraphicFact {
  tag: "svg" | "img";
  /** Hidden from assistive technology (itself or an ancestor). */
  hidden: boolean;
  /** Its text alternative: alt, aria-label or <title>; null when it has none. */
  alternative: string | null;
}

export interface PageFacts {
  /** The path requested, e.g. "/towns/mattoon". */
  path: string;
  status: number;
  lang: string | null;
  title: string;
  meta: Record<string, string>;
  canonical: string | null;
  headings: { level: number; text: string }[];
  /** The visible breadcrumb trail: each crumb's text and link (none for the current page). */
  breadcrumbs: { name: string; href: string | null }[];
  links: LinkFact[];
  /** Buttons and links with no accessible name at all. */
  unnamedControls: string[];
  graphics: GraphicFact[];
  jsonLd: string[];
  mainText: string;
  /** Text of the contact facts block (phone, address, hours) as shown. */
  contactFacts: { phone: string; address: string; hours: string[] } | null;
  /** Phone numbers shown inside <main>, as the visitor reads them. */
  mainPhones: string[];
}

export interface CrawledSite {
  site: BuiltSite;
  /** Every page by path, the not-found probe included. */
  pages: Map<string, PageFacts>;
  sitemapUrls: string[];
  /** The site URL from data/site.yaml, as used in canonical links and the sitemap. */
  publicOrigin: string;
  close(): Promise<void>;
}

export const NOT_FOUND_PROBE = "/no-such-page-for-seo-tests";

/** Runs in the page: everything PageFacts holds except path and status. */
function readPage(): Omit<PageFacts, "path" | "status"> {
  const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
  const labelOf = (element: Element): string | null => {
    const label = element.getAttribute("aria-label");
    if (label) return clean(label);
    const labelledBy = element.getAttribute("aria-labelledby");
    if (labelledBy) {
      return clean(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent)
          .join(" "),
      );
    }
    return null;
  };
  const accessibleName = (element: Element): string => {
    const label = labelOf(element);
    if (label !== null) return label;
    const copy = element.cloneNode(true) as Element;
    copy.querySelectorAll("[aria-hidden='true']").forEach((node) => node.remove());
    copy.querySelectorAll("img").forEach((img) => img.replaceWith(img.getAttribute("alt") ?? ""));
    return clean(copy.textContent);
  };
  const meta: Record<string, string> = {};
  document.querySelectorAll("meta[name], meta[property]").forEach((tag) => {
    const key = tag.getAttribute("property") ?? tag.getAttribute("name") ?? "";
    meta[key] = tag.getAttribute("content") ?? "";
  });
  const facts = document.querySelector("dl.contact-facts");
  const main = document.querySelector("main");
  return {
    lang: document.documentElement.getAttribute("lang"),
    title: document.title,
    meta,
    canonical: document.querySelector("link[rel='canonical']")?.getAttribute("href") ?? null,
    headings: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((heading) => ({
      level: Number(heading.tagName.slice(1)),
      text: clean(heading.textContent),
    })),
    breadcrumbs: [...document.querySelectorAll("nav[aria-label='Breadcrumb'] li")].map((item) => ({
      name: clean(item.textContent),
      href: item.querySelector("a")?.href ?? null,
    })),
    // SVG links too (a map's town links): their href is read as an attribute, not a property.
    links: [...document.querySelectorAll("a[href]")].map((link) => ({
      href: new URL(link.getAttribute("href") ?? "", document.baseURI).href,
      name: accessibleName(link),
    })),
    unnamedControls: [...document.querySelectorAll("a[href], button")]
      .filter((control) => accessibleName(control) === "")
      .map((control) => control.outerHTML.slice(0, 120)),
    // Outermost graphics only: an <svg> nested in another is part of that graphic.
    graphics: [...document.querySelectorAll("svg:not(svg svg), img")].map((graphic) => ({
      tag: graphic.tagName.toLowerCase() === "img" ? ("img" as const) : ("svg" as const),
      hidden: graphic.closest("[aria-hidden='true']") !== null,
      alternative:
        graphic.getAttribute("alt") ??
        labelOf(graphic) ??
        (graphic.querySelector(":scope > title")?.textContent || null),
    })),
    jsonLd: [...document.querySelectorAll("script[type='application/ld+json']")].map(
      (script) => script.textContent ?? "",
    ),
    mainText: clean(main?.innerText),
    contactFacts: facts
      ? {
          phone: clean(facts.querySelector("a[href^='tel:']")?.textContent),
          address: clean((facts.querySelector("address") as HTMLElement | null)?.innerText),
          hours: [...facts.querySelectorAll(".hours li")].map((item) => clean(item.textContent)),
        }
      : null,
    mainPhones: [...(main?.querySelectorAll("a[href^='tel:']") ?? [])].map((link) => clean(link.textContent)),
  };
}

async function visit(context: BrowserContext, baseUrl: string, path: string): Promise<PageFacts> {
  const page = await context.newPage();
  try {
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "domcontentloaded" });
    return { path, status: response?.status() ?? 0, ...(await page.evaluate(readPage)) };
  } finally {
    await page.close();
  }
}

/** Serves the shared build of the real data, then reads every page in the sitemap and the 404 page. */
export async function crawlSite(): Promise<CrawledSite> {
  const site = await serveSharedSite();
  let browser: Browser | undefined;
  try {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const sitemapUrls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    const publicOrigin = new URL(sitemapUrls[0] ?? "").origin;
    browser = await launchBrowser();
    const context = await browser.newContext({ serviceWorkers: "block" });
    // TypeScript runners may wrap named inner functions in a __name() helper when they compile
    // readPage; the page needs it defined to run that compiled code.
    await context.addInitScript("globalThis.__name = (fn) => fn;");
    // No request leaves the machine: the lead-form provider's frame and script are not loaded.
    await context.route(
      (url) => url.origin !== site.url,
      (route) => route.abort(),
    );
    const paths = [...sitemapUrls.map((url) => new URL(url).pathname), NOT_FOUND_PROBE];
    const pages = new Map<string, PageFacts>();
    // Two pages at a time suits a two-core machine.
    for (let i = 0; i < paths.length; i += 2) {
      const batch = await Promise.all(paths.slice(i, i + 2).map((path) => visit(context, site.url, path)));
      for (const facts of batch) pages.set(facts.path, facts);
    }
    const openBrowser = browser;
    return {
      site,
      pages,
      sitemapUrls,
      publicOrigin,
      close: async () => {
        await openBrowser.close();
        await site.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await site.close();
    throw error;
  }
}

/** A page's path as linked on the site, from any absolute URL of the local or public host. */
export function sitePath(url: string): string {
  return new URL(url).pathname;
}
