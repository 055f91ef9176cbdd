// Offline after one visit, in Chromium with the browser's own offline mode: the shared scenario
// (support/offline.ts), then what only this engine's tools can see: the offline page passes axe,
// the site editor is never answered by the worker, and what the worker keeps.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAxe } from "./support/axe.ts";
import { openBrowserSite, type BrowserSite } from "./support/browser-site.ts";
import { engineDriver } from "./support/browser.ts";
import { offlineTests } from "./support/offline.ts";
import { loadSitePages, type SitePages } from "./support/pages.ts";

let setting: BrowserSite;
let sitePages: SitePages;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  sitePages = await loadSitePages();
  // The scenario writes a new build into the folder served.
  setting = await openBrowserSite(sitePages.model.business, { ownBuild: true });
  ({ context, page } = setting);
}, 120_000); // a build of its own and its server, then Chromium's start

afterAll(async () => {
  await setting?.close();
});

/** The addresses the worker keeps, as paths. */
async function keptPaths(): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open("pages");
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

describe("Chromium offline", () => {
  offlineTests(() => ({
    driver: engineDriver(page, setting.site.url),
    sitePages,
    dir: setting.site.dir,
    network: (up) => context.setOffline(!up),
  }));

  it("shows an offline page that passes axe", async () => {
    await context.setOffline(true);
    await page.goto(`${setting.site.url}/towns/charleston`);
    expect(await page.locator("h1").textContent()).toBe("You are offline");
    expect(await runAxe(page)).toEqual([]);
    await context.setOffline(false);
  });

  it("never answers for the site editor, and keeps nothing of it", async () => {
    const response = await page.goto(`${setting.site.url}/admin/`);
    expect(response?.status()).toBe(200);
    expect(response?.fromServiceWorker()).toBe(false);
    await page.goto(`${setting.site.url}/towns/mattoon`);
    expect((await keptPaths()).filter((path) => path.startsWith("/admin"))).toEqual([]);
    await context.setOffline(true);
    await expect(page.goto(`${setting.site.url}/admin/`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(false);
  });

  it("keeps pages under their address, without a query, and never a redirect or a page not found", async () => {
    await page.goto(`${setting.site.url}/contact.html`);
    await page.goto(`${setting.site.url}/towns/nope`);
    await page.goto(`${setting.site.url}/services?utm_source=card`);
    const kept = await keptPaths();
    expect(kept).toEqual(
      expect.arrayContaining([
        "/",
        "/service-area-map.svg",
        "/contact",
        "/services",
        "/towns/mattoon",
        "/services/culvert",
      ]),
    );
    expect(kept.filter((path) => path.endsWith(".html") || path === "/towns/nope")).toEqual([]);
    expect(await page.evaluate(async () => (await caches.keys()).length), "one cache").toBe(1);
  });
});
