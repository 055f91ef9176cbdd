// Links and the browser console on the built site: a crawler that starts at / and follows links
// alone, every internal link and #fragment resolving, valid tel: links, safe new-tab links, and
// no console error or failed local request on any page; and the same crawl of a build with the
// tests' jobs, which reaches the list of jobs and every job's page, every photo loaded.
import { siteRoutes } from "../scripts/features/index.ts";
import { afterAll, describe, expect, it } from "vitest";
import { settled } from "./support/browser.ts";
import { formProviderOrigins } from "./support/form-provider.ts";
import { JOB_PAGES, NOT_FOUND_PROBE, loadSitePages } from "./support/pages.ts";
import { openBrowserSite } from "./support/browser-site.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import { jobsDataDir } from "./support/site.ts";
import { JOBS_TODAY } from "./support/job-fixtures.ts";

const { model, routes, pages } = await loadSitePages();

interface PageLink {
  href: string;
  text: string;
  target: string | null;
  rel: string | null;
  whiteSpace: string;
}

interface CrawledPage {
  status: number;
  ids: Set<string>;
  links: PageLink[];
}

const crawled = new Map<string, CrawledPage>();

const { site, jobsSite, context, page, close } = await openBrowserSite(model.business, {
  context: { viewport: { width: 390, height: 800 } },
  jobs: true,
});
afterAll(close);

const isInternal = (url: URL, origin = site.url) => url.origin === new URL(origin).origin;

async function readPage(path: string, origin = site.url): Promise<CrawledPage> {
  const response = await page.goto(`${origin}${path}`, { waitUntil: "load" });
  await settled(page);
  const { ids, links } = await page.evaluate(() => ({
    ids: [...document.querySelectorAll("[id]")].map((element) => element.id),
    links: [...document.querySelectorAll("a[href]")].map((link) => ({
      // Resolved by hand: an SVG link's href property is not a string.
      href: new URL(link.getAttribute("href") ?? "", document.baseURI).href,
      text: (link.textContent ?? "").replace(/\s+/g, " ").trim(),
      target: link.getAttribute("target"),
      rel: link.getAttribute("rel"),
      whiteSpace: getComputedStyle(link).whiteSpace,
    })),
  }));
  return { status: response?.status() ?? 0, ids: new Set(ids), links };
}

/** A North American number as E.164: +1, an area code and an exchange that start 2-9 and are not N11. */
const NANP = /^\+1([2-9](?!11)\d{2})([2-9](?!11)\d{2})(\d{4})$/;

/** Follows the links of the site at `origin` from / into `into`; the pages that did not answer 200. */
async function crawl(origin: string, into: Map<string, CrawledPage>): Promise<string[]> {
  const queue = ["/"];
  while (queue.length > 0) {
    const path = queue.shift() ?? "/";
    if (into.has(path)) continue;
    const found = await readPage(path, origin);
    into.set(path, found);
    for (const link of found.links) {
      const url = new URL(link.href);
      if (isInternal(url, origin) && !into.has(url.pathname)) queue.push(url.pathname);
    }
  }
  return [...into].filter(([, found]) => found.status !== 200).map(([path, found]) => `${path}: ${found.status}`);
}

/** The #fragments of links among the crawled pages that name no element of their page. */
function missingFragments(pages: Map<string, CrawledPage>, origin: string): string[] {
  const missing: string[] = [];
  for (const [from, found] of pages) {
    for (const link of found.links) {
      const url = new URL(link.href);
      if (!isInternal(url, origin) || !url.hash) continue;
      const id = decodeURIComponent(url.hash.slice(1));
      if (!pages.get(url.pathname)?.ids.has(id)) missing.push(`${from} → ${url.pathname}${url.hash}`);
    }
  }
  return missing;
}

describe("a crawler starting at /", () => {
  it("reaches all public pages by following links, and only pages that exist", async () => {
    expect(await crawl(site.url, crawled)).toEqual([]);
    expect([...crawled.keys()].sort()).toEqual(routes.map((route) => route.path).sort());
  });

  it("finds the element of every #fragment it links to", () => {
    expect(crawled.size, "the crawl ran").toBeGreaterThan(0);
    expect(missingFragments(crawled, site.url)).toEqual([]);
  });

  it("links only to valid US phone numbers, each shown as it dials and kept on one line", () => {
    const problems: string[] = [];
    let telLinks = 0;
    for (const [from, found] of crawled) {
      for (const link of found.links.filter((candidate) => candidate.href.startsWith("tel:"))) {
        telLinks += 1;
        const number = link.href.slice("tel:".length);
        const parts = NANP.exec(number);
        if (!parts) problems.push(`${from}: ${link.href} is not a valid US number`);
        // Where the text shows a number, it must be the one the link dials.
        const shown = link.text.replace(/\D/g, "");
        if (shown.length >= 10 && `1${shown.slice(-10)}` !== number.slice(1))
          problems.push(`${from}: "${link.text}" dials ${number}`);
        if (link.whiteSpace !== "nowrap")
          problems.push(`${from}: "${link.text}" may wrap (white-space: ${link.whiteSpace})`);
      }
    }
    expect(telLinks).toBeGreaterThan(crawled.size);
    expect(problems).toEqual([]);
  });

  it("opens no new tab without rel=noopener", () => {
    const unsafe = [...crawled].flatMap(([from, found]) =>
      found.links
        .filter((link) => link.target !== null && link.target !== "_self")
        .filter((link) => !(link.rel ?? "").split(/\s+/).includes("noopener"))
        .map((link) => `${from}: ${link.href}`),
    );
    expect(unsafe).toEqual([]);
  });

  it("links the not-found page back into the site", async () => {
    const notFound = await readPage(NOT_FOUND_PROBE);
    expect(notFound.status).toBe(404);
    const dead = notFound.links
      .map((link) => new URL(link.href))
      .filter((url) => !(url.pathname === NOT_FOUND_PROBE && url.hash)) // the skip link
      .filter((url) => isInternal(url) && !routes.some((route) => route.path === url.pathname))
      .map((url) => url.pathname);
    expect(dead).toEqual([]);
  });
});

describe("the browser console and network", () => {
  it("shows no error or warning and no failed local request on any page, the 404 page's log aside", async () => {
    const problems: string[] = [];
    const watched = await context.newPage();
    const providers = formProviderOrigins(model.business);
    let current = "";
    watched.on("console", (message) => {
      if (message.type() !== "error" && message.type() !== "warning") return;
      const onNotFoundPage = current === NOT_FOUND_PROBE && message.type() === "error";
      const deliberateLog = onNotFoundPage && message.text() === `Page not found: ${NOT_FOUND_PROBE}`;
      // Chromium also reports the not-found page's own 404 status, which is the point of it.
      const ownStatus =
        onNotFoundPage &&
        /status of 404/.test(message.text()) &&
        new URL(message.location().url).pathname === NOT_FOUND_PROBE;
      if (!deliberateLog && !ownStatus) problems.push(`${current}: console ${message.type()}: ${message.text()}`);
    });
    watched.on("pageerror", (error) => problems.push(`${current}: uncaught ${error.message}`));
    watched.on("requestfailed", (request) => {
      if (!providers.some((origin) => request.url().startsWith(origin))) {
        problems.push(`${current}: ${request.url()} failed (${request.failure()?.errorText})`);
      }
    });
    watched.on("response", (response) => {
      const url = new URL(response.url());
      const expectedNotFound = url.pathname === NOT_FOUND_PROBE && response.request().isNavigationRequest();
      if (isInternal(url) && response.status() >= 400 && !expectedNotFound)
        problems.push(`${current}: ${url.pathname} answered ${response.status()}`);
    });

    for (const sitePage of pages) {
      current = sitePage.path;
      await watched.goto(`${site.url}${sitePage.path}`, { waitUntil: "networkidle" });
      // Use the page's one behaviour too: open and close the menu.
      const button = watched.locator("[data-menu-button]");
      await button.click();
      await button.click();
    }
    let deliberateLogs = 0;
    watched.on("console", (message) => {
      if (message.text() === `Page not found: ${NOT_FOUND_PROBE}`) deliberateLogs += 1;
    });
    current = NOT_FOUND_PROBE;
    await watched.goto(`${site.url}${NOT_FOUND_PROBE}`, { waitUntil: "networkidle" });
    expect(deliberateLogs, "the not-found page logs the missing path").toBe(1);
    expect(problems).toEqual([]);
    await watched.close();
  }, 180_000); // every page, each loaded until the network is idle
});

describe("with the tests' jobs", () => {
  const jobsCrawled = new Map<string, CrawledPage>();

  it("a crawler starting at / reaches every page, the list of jobs and each job's page among them", async () => {
    const jobsRoutes = siteRoutes(buildModel(await loadData(jobsDataDir(jobsSite!.dir), { today: JOBS_TODAY })));
    expect(await crawl(jobsSite!.url, jobsCrawled)).toEqual([]);
    expect([...jobsCrawled.keys()].sort()).toEqual(jobsRoutes.map((route) => route.path).sort());
    for (const { path } of JOB_PAGES) expect([...jobsCrawled.keys()]).toContain(path);
  });

  it("finds the element of every #fragment it links to", () => {
    expect(jobsCrawled.size, "the crawl ran").toBeGreaterThan(0);
    expect(missingFragments(jobsCrawled, jobsSite!.url)).toEqual([]);
  });

  it("loads every photo of the pages that show jobs, with no console error and no failed request", async () => {
    const problems: string[] = [];
    const watched = await context.newPage();
    let current = "";
    watched.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        problems.push(`${current}: console ${message.type()}: ${message.text()}`);
    });
    watched.on("pageerror", (error) => problems.push(`${current}: uncaught ${error.message}`));
    watched.on("requestfailed", (request) => problems.push(`${current}: ${request.url()} failed`));
    watched.on("response", (response) => {
      if (response.status() >= 400)
        problems.push(`${current}: ${new URL(response.url()).pathname} answered ${response.status()}`);
    });
    for (const { path } of JOB_PAGES) {
      current = path;
      await watched.goto(`${jobsSite!.url}${path}`, { waitUntil: "networkidle" });
      // Each photo scrolled to, so that a lazy one is asked for, and kept in view until it arrives.
      for (const image of await watched.locator("img").all()) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
            message: `${path}: ${await image.getAttribute("alt")}`,
          })
          .toBe(true);
      }
      // As on the pages above: every request of the page done before the next one is opened.
      await watched.waitForLoadState("networkidle");
    }
    expect(problems).toEqual([]);
    await watched.close();
  }, 180_000); // every page that shows jobs, each loaded until the network is idle, every photo checked
});
