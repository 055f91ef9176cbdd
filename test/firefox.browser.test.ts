// The behaviour tests (support/behaviour.ts) in a second engine: Debian's Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi. The mobile menu and Back, anchors and /#contact, the call bar
// and keyboard focus, a clean console on every page, no sideways scrolling at 320, 390 and 1280 px,
// and the 404 page. Then the service worker, as far as the driver lets it be seen: under WebDriver
// BiDi, Firefox sends the tab's navigations past the worker (a probe worker that noted every call
// of its fetch handler noted none for navigations, while it answered the page's own fetch()), so
// the offline scenario the Chromium and WebKit files run cannot run here; what can is checked.
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { behaviourTests, type EngineDriver } from "./support/behaviour.ts";
import { formProviderOrigins } from "./support/form-provider.ts";
import { loadSitePages, type SitePages } from "./support/pages.ts";
import { buildAndServe, type BuiltSite } from "./support/site.ts";
import { FIREFOX, toolPath } from "./support/tools.ts";

let site: BuiltSite;
let browser: Browser;
let page: Page;
let sitePages: SitePages;
/** What the page wrote to its console as errors, and what it threw, since the last load. */
let problems: string[] = [];
/**
 * The tab went Back to a page kept in the back/forward cache. puppeteer's BiDi pages never see the
 * end of such a navigation and would wait for it on the next goto: the next load opens a new tab.
 */
let wentBack = false;

/** A tab whose requests to the form provider are answered with empty stand-ins, never sent. */
async function openTab(): Promise<Page> {
  const tab = await browser.newPage();
  const providers = formProviderOrigins(sitePages.model.business);
  await tab.setRequestInterception(true);
  tab.on("request", (request) => {
    if (!providers.some((origin) => request.url().startsWith(origin))) return void request.continue();
    const isScript = request.url().endsWith(".js");
    return void request.respond({ status: 200, contentType: isScript ? "text/javascript" : "text/html", body: "" });
  });
  tab.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warn") problems.push(`${message.type()}: ${message.text()}`);
  });
  tab.on("pageerror", (error) => problems.push(`uncaught: ${String(error)}`));
  return tab;
}

const driver: EngineDriver = {
  async load(path, width = 390) {
    if (wentBack) {
      await page.close();
      [page, wentBack] = [await openTab(), false];
    }
    problems = [];
    await page.setViewport({ width, height: 844 });
    const response = await page.goto(`${site.url}${path}`, { waitUntil: "load" });
    // The contact page adds its form frame after the load event; let it arrive.
    await page.waitForFunction(() => !document.querySelector("template[data-after-load]"));
    return response?.status();
  },
  evaluate: (pageFunction) => page.evaluate(pageFunction),
  waitFor: async (pageFunction, timeout) => void (await page.waitForFunction(pageFunction, { timeout })),
  click: (selector) => page.click(selector),
  press: (key) => page.keyboard.press(key),
  // Not page.goBack(), which waits for a load event that a page from the cache never fires.
  async back() {
    wentBack = true;
    await page.evaluate(() => history.back());
  },
  problems: async () => problems,
};

beforeAll(async () => {
  [site, browser, sitePages] = await Promise.all([
    buildAndServe(),
    puppeteer.launch({ browser: "firefox", executablePath: toolPath(FIREFOX), headless: true }),
    loadSitePages(),
  ]);
  page = await openTab();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("Firefox", () => {
  behaviourTests(() => ({ driver, sitePages }));

  // Last: it registers the service worker and stops the server.
  it("registers the service worker, which answers with its copy of a visited page when the server is gone", async () => {
    await driver.load("/towns/mattoon");
    await driver.waitFor(() => navigator.serviceWorker.controller !== null, 20_000);
    await driver.load("/services/culvert");
    await site.network(false);
    try {
      const kept = await driver.evaluate(async () => {
        const response = await fetch("/services/culvert");
        return { status: response.status, title: /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] };
      });
      const route = sitePages.routes.find((candidate) => candidate.path === "/services/culvert")!;
      expect(kept).toEqual({ status: 200, title: route.meta.title });
    } finally {
      await site.network(true);
    }
  });
});
