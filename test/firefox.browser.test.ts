// The behaviour tests (support/behaviour.ts) in a second engine: Debian's Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi. The mobile menu and Back, anchors and /#contact, the call bar
// and keyboard focus, a clean console on every page, no sideways scrolling at 320, 390 and 1280 px,
// and the 404 page. Then the service worker, as far as the driver lets it be seen: under WebDriver
// BiDi, Firefox sends the tab's navigations past the worker (a probe worker that noted every call
// of its fetch handler noted none for navigations, while it answered the page's own fetch()), so
// the offline scenario the Chromium and WebKit files run cannot run here; what can is checked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { behaviourTests, type EngineDriver } from "./support/behaviour.ts";
import { launchFirefox, type Firefox } from "./support/firefox.ts";
import { loadSitePages, type SitePages } from "./support/pages.ts";
import { serveSharedSite, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
let firefox: Firefox;
let driver: EngineDriver;
let sitePages: SitePages;

beforeAll(async () => {
  [site, sitePages] = await Promise.all([serveSharedSite(), loadSitePages()]);
  firefox = await launchFirefox(site.url, sitePages.model.business);
  driver = firefox.driver;
}, 120_000); // the run's shared build, cold on a fresh clone (15 s cold alone, 2 s with the cache), then Firefox's start

afterAll(async () => {
  await firefox?.close();
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
