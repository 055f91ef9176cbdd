// /privacy held to what Firefox and WebKit observe, as privacy.browser.test.ts holds it in
// Chromium: one page of each kind, the contact page with the stand-in for the form provider's code
// (support/form-provider.ts), each page's cookies, storage, Cache Storage entries by kind and
// requests off the site, compared with every statement of the page both ways
// (support/privacy-claims.ts). Under WebDriver BiDi, Firefox sends the tab's navigations past the
// service worker (firefox.browser.test.ts), so there the pages kept from the first visit are checked,
// not a copy of each page opened.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrivacyStatement } from "../scripts/site/privacy.ts";
import type { EngineDriver } from "./support/behaviour.ts";
import { launchFirefox, type Firefox } from "./support/firefox.ts";
import { formProviderOrigins, PROVIDER_STAND_IN } from "./support/form-provider.ts";
import { loadSitePages, type SitePages } from "./support/pages.ts";
import { pageStatements, privacyState, privacyViolations, type PrivacyObservations } from "./support/privacy-claims.ts";
import { buildAndServe, serveSharedSite, type BuiltSite } from "./support/site.ts";
import { launchWebKit, type WebKit } from "./support/webkit.ts";

let sitePages: SitePages;
let statements: PrivacyStatement[];

beforeAll(async () => {
  sitePages = await loadSitePages();
  statements = await pageStatements(sitePages.model);
});

/** Visits one page of each kind, the contact page among them, and reads each one's state. */
async function visitPages(driver: EngineDriver): Promise<PrivacyObservations["visits"]> {
  const visits: PrivacyObservations["visits"] = [];
  for (const { path } of sitePages.representative) {
    await driver.load(path, 1280);
    if (path === "/contact")
      await driver.waitFor(() =>
        performance.getEntriesByType("resource").some((entry) => entry.name.endsWith("form_embed.js")),
      );
    visits.push({ path, state: await driver.evaluate(privacyState) });
  }
  return visits;
}

function expectTrue(site: BuiltSite, seen: Omit<PrivacyObservations, "siteOrigin">): void {
  expect(seen.visits.map((visit) => visit.path)).toContain("/contact");
  const observations = { siteOrigin: new URL(site.url).origin, ...seen };
  expect(privacyViolations(statements, observations)).toEqual([]);
}

describe("/privacy in Firefox", () => {
  let site: BuiltSite;
  let firefox: Firefox;

  beforeAll(async () => {
    site = await serveSharedSite();
    firefox = await launchFirefox(site.url, sitePages.model.business, PROVIDER_STAND_IN);
  }, 120_000); // the run's shared build, cold on a fresh clone (15 s cold alone, 2 s with the cache), then Firefox's start

  afterAll(async () => {
    await firefox?.close();
    await site?.close();
  });

  it("says what every kind of page does, and each does no more than it says", async () => {
    const visits = await visitPages(firefox.driver);
    const cookies = await firefox.browser.cookies();
    expectTrue(site, {
      visits,
      engineCookies: cookies.map((cookie) => `${cookie.domain}: ${cookie.name}`),
      workerSeesNavigations: false,
    });
  }, 180_000); // a page of each kind in Firefox, each read for cookies, storage and requests
});

describe("/privacy in WebKit", () => {
  let site: BuiltSite;
  let webkit: WebKit;

  beforeAll(async () => {
    site = await buildAndServe();
    const hosts = formProviderOrigins(sitePages.model.business).map((origin) => new URL(origin).host);
    webkit = await launchWebKit(site.url, { hosts, ...PROVIDER_STAND_IN });
  }, 120_000); // a build of its own and its server, then WebKit's start (Xvfb, WebKitWebDriver)

  afterAll(async () => {
    await webkit?.close();
    await site?.close();
  });

  it("says what every kind of page does, and each does no more than it says", async () => {
    const visits = await visitPages(webkit.driver);
    const cookies = await webkit.session.manage().getCookies();
    expectTrue(site, {
      visits,
      engineCookies: cookies.map((cookie) => `${cookie.domain ?? ""}: ${cookie.name}`),
      workerSeesNavigations: true,
    });
    // Nothing else off the site was even asked for.
    expect(webkit.refused).toEqual([]);
  }, 180_000); // a page of each kind in WebKit over WebDriver, each read for cookies, storage and requests
});
