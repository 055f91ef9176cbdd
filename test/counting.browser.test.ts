// Counting in Chromium, with Plausible's own tracker as the site bundles it and a stand-in for
// Plausible's Events API (support/plausible.ts), on the site's own server: a view of each page
// shown and none of a page loaded ahead or kept by the service worker; Call, Text and Estimate with
// their page and its town or service; a page shown again from the back-forward cache counted
// again; nothing kept in the browser; the owner's own opt-out;
// /privacy's statements held to it; the site unhindered when the events address is slow or cannot
// be reached; and nothing at all without the setting. Firefox and WebKit run the visit too
// (counting-engines.browser.test.ts), and the hosts' runtimes serve it (counting-hosts.browser.test.ts).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { buildModel, type SiteModel } from "../scripts/data/model.ts";
import { privacyStatements, type PrivacyStatement } from "../scripts/site/privacy.ts";
import { LEAVE_OUT, TAP_EVENTS } from "../scripts/features/counting/terms.ts";
import { launchVisitorBrowser, settled, standInEventsApi } from "./support/browser.ts";
import { formProviderOrigins, PROVIDER_STAND_IN, stubFormProvider } from "./support/form-provider.ts";
import {
  expectThreePageVisit,
  countingData,
  pageViews,
  STAND_IN_EVENTS,
  taps,
  type CountedEvent,
} from "./support/plausible.ts";
import { pageStatements, privacyState, privacyViolations, type PrivacyObservations } from "./support/privacy-claims.ts";
import { buildAndServe, serveSharedSite, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
let model: SiteModel;
/** /privacy's statements, as the counting build's page lists them. */
let statements: PrivacyStatement[];
let browser: Browser;
/** The site's address at the name the tracker counts on. */
let url: string;

beforeAll(async () => {
  const data = await countingData();
  model = buildModel(await loadData(data));
  statements = await pageStatements(model);
  site = await buildAndServe(data);
  ({ browser, url } = await launchVisitorBrowser(site.url));
}, 120_000); // a build of its own, with counting, then Chromium's start

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A fresh visitor: a context of its own, the stand-in answering for Plausible, the provider's stand-in for the form, nothing else off the site. */
async function visitor(
  events: CountedEvent[],
  api: { delayMs?: number; down?: boolean } = {},
  business = model.business,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const providers = formProviderOrigins(business);
  await context.route(
    (requested) =>
      requested.origin !== new URL(url).origin &&
      requested.href !== STAND_IN_EVENTS &&
      !providers.includes(requested.origin),
    (route) => route.abort("blockedbyclient"),
  );
  await stubFormProvider(context, business, PROVIDER_STAND_IN.document, PROVIDER_STAND_IN.script);
  await standInEventsApi(context, STAND_IN_EVENTS, events, api);
  await context.addInitScript(dialsNothing);
  return { context, page: await context.newPage() };
}

/**
 * Runs in each page: a tap on a tel: or sms: link goes no further than the page, as when a phone
 * hands it to its dialer. Headless Chromium, handed the link itself, takes no more input from the
 * page. Listening on the document, after the site's own listener on the window has seen the tap;
 * the link's href is kept in `dialed`, and whether the site left it to the browser in `leftAlone`.
 */
function dialsNothing() {
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href^='tel:'], a[href^='sms:']") : null;
      if (!link) return;
      Object.assign(window, { dialed: link.getAttribute("href"), leftAlone: !event.defaultPrevented });
      event.preventDefault();
    },
    { capture: true },
  );
}

/** Waits until the stand-in has `count` events that `which` picks. */
async function received(events: CountedEvent[], which: (event: CountedEvent) => boolean, count: number) {
  await expect.poll(() => events.filter(which).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
}

const isView = (event: CountedEvent) => event.name === "pageview";

describe("counting in Chromium, on the site's own server", () => {
  it("counts a visit to three pages, with a Call, a Text and an Estimate tap, each with its page", async () => {
    const events: CountedEvent[] = [];
    const { context, page } = await visitor(events);
    await page.goto(`${url}/`);
    await received(events, isView, 1);
    await page.click('main a[href="/towns/paris"]');
    await page.waitForURL(`${url}/towns/paris`);
    await received(events, isView, 2);
    await page.click('.call-bar a[href^="tel:"]');
    expect(
      await page.evaluate(() => {
        const { dialed, leftAlone } = window as unknown as { dialed: string; leftAlone: boolean };
        return { dialed, leftAlone };
      }),
    ).toEqual({
      dialed: model.business.phone.href,
      leftAlone: true,
    });
    await page.goto(`${url}/services/septic-system`);
    await received(events, isView, 3);
    await page.click('.call-bar a[href^="sms:"]');
    await page.click(".call-bar .call-bar-estimate");
    await page.waitForURL(`${url}/contact`);
    await received(events, isView, 4);
    await context.close();
    const septic = model.services.find((service) => service.key === "septic-system")!.name;
    await expectThreePageVisit(events, septic, "chromium");
    // A link followed from the home page: its view names where the visitor came from.
    expect(events.find((event) => isView(event) && event.path === "/towns/paris")?.referrer).toBe(`${url}/`);
  });

  it("counts no view of a page loaded ahead on pointing, and one when it is opened", async () => {
    const events: CountedEvent[] = [];
    const { context, page } = await visitor(events);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}/services`);
    await received(events, isView, 1);
    const prerenders: string[] = [];
    context.on("request", async (request) => {
      const purpose = (await request.allHeaders())["sec-purpose"];
      if (purpose?.includes("prerender")) prerenders.push(new URL(request.url()).pathname);
    });
    await page.hover('header a[href="/towns"]');
    await expect.poll(() => prerenders, { timeout: 5_000 }).toContain("/towns");
    // Time for the prerendered page's script to run, had it counted.
    await page.waitForTimeout(2_000);
    expect(pageViews(events)).toEqual(["/services"]);
    await page.click('header a[href="/towns"]');
    await page.waitForURL(`${url}/towns`);
    await received(events, isView, 2);
    await page.waitForTimeout(500);
    expect(pageViews(events)).toEqual(["/services", "/towns"]);
    await context.close();
  });

  it("counts the first visit once, not the pages the service worker fetches to keep", async () => {
    const events: CountedEvent[] = [];
    const { context, page } = await visitor(events);
    await page.goto(`${url}/`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const kept = await page.evaluate(async () => {
      for (let tries = 0; tries < 50; tries += 1) {
        const keys = await caches.open("pages").then((cache) => cache.keys());
        if (keys.some((request) => new URL(request.url).pathname === "/contact")) return true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    });
    expect(kept, "the worker kept the contact page").toBe(true);
    await page.waitForTimeout(500);
    expect(pageViews(events)).toEqual(["/"]);
    await context.close();
  });

  it("keeps nothing in the browser: no cookie, no storage, no database", async () => {
    const events: CountedEvent[] = [];
    const { context, page } = await visitor(events);
    for (const path of ["/", "/towns/mattoon", "/services/basement"]) {
      await page.goto(`${url}${path}`);
      await received(events, (event) => isView(event) && event.path === path, 1);
      await page.click('.call-bar a[href^="tel:"]');
      const state = await page.evaluate(async () => ({
        cookie: document.cookie,
        local: Object.keys(localStorage),
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).length,
      }));
      expect(state, path).toEqual({ cookie: "", local: [], session: 0, databases: 0 });
    }
    expect(await context.cookies()).toEqual([]);
    expect(events.every((event) => event.cookie === undefined)).toBe(true);
    await context.close();
  });

  it("leaves out a browser opened once at #not-counted, as /privacy says, and counts it again at #counted", async () => {
    const events: CountedEvent[] = [];
    const { context, page } = await visitor(events);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const keys = () => page.evaluate(() => Object.keys(localStorage));
    await page.goto(`${url}/privacy${LEAVE_OUT.out}`);
    await expect.poll(() => dialogs.length).toBe(1);
    expect(page.url()).toBe(`${url}/privacy`);
    const keysAfterOut = await keys();
    await page.goto(`${url}/towns`);
    await page.click('.call-bar a[href^="tel:"]');
    await page.waitForTimeout(1_000);
    const viewsWhileOut = events.length;
    await page.goto(`${url}/services${LEAVE_OUT.in}`);
    await expect.poll(() => dialogs.length).toBe(2);
    const keysAfterIn = await keys();
    await page.goto(`${url}/towns`);
    await received(events, isView, 2);
    expect(dialogs).toEqual([
      "This browser is no longer counted in the site's visits.",
      "This browser is counted again.",
    ]);
    const seen: PrivacyObservations = {
      siteOrigin: new URL(url).origin,
      visits: [],
      workerSeesNavigations: true,
      leftOut: { keysAfterOut, keysAfterIn, viewsWhileOut },
    };
    expect(privacyViolations(statements, seen)).toEqual([]);
    expect(keysAfterOut).toEqual([LEAVE_OUT.key]);
    // The check can fail: a view counted while left out.
    expect(privacyViolations(statements, { ...seen, leftOut: { ...seen.leftOut!, viewsWhileOut: 1 } })).toEqual([
      "1 views were counted while the browser was left out",
    ]);
    // Plausible's own opt-out is what it sets: the tracker reads it before sending anything. The
    // page opened at #counted counts, and those after it.
    expect(pageViews(events)).toEqual(["/services", "/towns"]);
    await context.close();
  });

  it("sends nothing from the site editor at /admin/", async () => {
    const events: CountedEvent[] = [];
    const { context, page } = await visitor(events);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${url}/admin/`);
    await page.waitForTimeout(1_000);
    expect(scripts.filter((path) => path.includes("counting"))).toEqual([]);
    expect(events).toEqual([]);
    await context.close();
  });

  it("says on /privacy what it sends, and sends no more: /privacy's statements hold with counting on", async () => {
    const events: CountedEvent[] = [];
    const { context, page } = await visitor(events);
    const requests: { page: string; url: string }[] = [];
    let current = "";
    context.on("request", (request) => requests.push({ page: current, url: request.url() }));
    const visits: PrivacyObservations["visits"] = [];
    for (const path of ["/", "/services/septic-system", "/towns/paris", "/contact", "/privacy"]) {
      current = path;
      await page.goto(`${url}${path}`, { waitUntil: path === "/contact" ? "networkidle" : "load" });
      await settled(page);
      await received(events, (event) => isView(event) && event.path === path, 1);
      visits.push({ path, state: await page.evaluate(privacyState) });
    }
    await page.click('.call-bar a[href^="tel:"]');
    await received(events, (event) => event.name === TAP_EVENTS.call, 1);
    const seen: PrivacyObservations = {
      siteOrigin: new URL(url).origin,
      visits,
      otherRequests: requests,
      engineCookies: (await context.cookies()).map((cookie) => `${cookie.domain}: ${cookie.name}`),
      workerSeesNavigations: true,
      counted: events,
    };
    expect(statements.map((statement) => statement.section)).toContain("Counting visits");
    expect(privacyViolations(statements, seen)).toEqual([]);
    // The check can fail: a count the page does not name, or a view of a page not shown.
    const extra = { ...events[0]!, name: "Scroll", fields: [...events[0]!.fields, "w"] };
    expect(privacyViolations(statements, { ...seen, counted: [...events, extra] })).toEqual([
      "/: a count named Scroll, which no statement names",
      "/: a Scroll count holds w, which no statement names",
    ]);
    const withoutCounting = privacyStatements(model.privacy.facts);
    expect(privacyViolations(withoutCounting, seen).join("\n")).toMatch(/no statement says the site counts/);
    await context.close();
  });
});

describe("counting a page the browser shows again from its back-forward cache", () => {
  let cached: Browser;
  let cachedUrl: string;

  beforeAll(async () => {
    ({ browser: cached, url: cachedUrl } = await launchVisitorBrowser(site.url, { backForwardCache: true }));
  });

  afterAll(async () => {
    await cached?.close();
  });

  it("counts it again, as Plausible's tracker does on pageshow, and as /privacy says", async () => {
    const events: CountedEvent[] = [];
    const context = await cached.newContext({ viewport: { width: 390, height: 844 } });
    await standInEventsApi(context, STAND_IN_EVENTS, events);
    await context.addInitScript(() =>
      addEventListener("pageshow", (event) => Object.assign(window, { restored: event.persisted })),
    );
    const page = await context.newPage();
    await page.goto(`${cachedUrl}/towns/paris`);
    await received(events, isView, 1);
    await page.click('main a[href="/towns/charleston"]');
    await page.waitForURL(`${cachedUrl}/towns/charleston`);
    await received(events, isView, 2);
    // A page shown from the cache fires no load event: the navigation's commit is all there is.
    await page.goBack({ waitUntil: "commit" });
    await page.waitForURL(`${cachedUrl}/towns/paris`, { waitUntil: "commit" });
    // Shown from the cache, not loaded again: the page's own state came back with it, and its
    // pageshow says so (persisted).
    await page.waitForFunction(() => (window as unknown as { restored?: boolean }).restored === true, undefined, {
      timeout: 5_000,
    });
    await received(events, isView, 3);
    expect(pageViews(events)).toEqual(["/towns/paris", "/towns/charleston", "/towns/paris"]);
    const [counts] = statements
      .filter((statement) => statement.claim.kind === "counts")
      .map((statement) => statement.words.join(""));
    expect(counts).toContain("again when you come back to it with your browser's Back or Forward button");
    await context.close();
  });
});

describe("counting when Plausible cannot be reached, or is slow", () => {
  for (const [label, api] of [
    ["cannot be reached", { down: true }],
    ["answers after 20 s", { delayMs: 20_000 }],
  ] as const) {
    it(`lets the visitor call and move on at once when the events address ${label}`, async () => {
      const events: CountedEvent[] = [];
      const { context, page } = await visitor(events, api);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(`${url}/towns/charleston`);
      await received(events, isView, 1);
      await page.click('.call-bar a[href^="tel:"]');
      const started = Date.now();
      await page.click(".call-bar .call-bar-estimate");
      await page.waitForURL(`${url}/contact`, { waitUntil: "load" });
      const took = Date.now() - started;
      expect(took, "the next page arrives without waiting for the count").toBeLessThan(5_000);
      expect(await page.locator("h1").textContent()).toBeTruthy();
      expect(taps(events).map((tap) => tap.name)).toEqual([TAP_EVENTS.call, TAP_EVENTS.estimate]);
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});

describe("without site.yaml's plausible", () => {
  let plain: BuiltSite;
  let plainBrowser: Browser;
  let plainUrl: string;

  beforeAll(async () => {
    plain = await serveSharedSite();
    ({ browser: plainBrowser, url: plainUrl } = await launchVisitorBrowser(plain.url));
  }, 120_000); // the run's shared build, cold on a fresh clone (15 s cold alone, 2 s with the cache), then Chromium's start

  afterAll(async () => {
    await plainBrowser?.close();
    await plain?.close();
  });

  it("loads no counting script and sends nothing, on any kind of page or tap", async () => {
    const context = await plainBrowser.newContext({ viewport: { width: 390, height: 844 } });
    const offSite: string[] = [];
    const scripts: string[] = [];
    await context.route(
      (requested) => requested.origin !== new URL(plainUrl).origin,
      (route) => {
        offSite.push(route.request().url());
        return route.abort("blockedbyclient");
      },
    );
    const page = await context.newPage();
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    for (const path of ["/", "/towns/paris", "/services/septic-system", "/privacy"]) {
      await page.goto(`${plainUrl}${path}`);
      await page.click('.call-bar a[href^="tel:"]');
      expect(await page.evaluate(() => "plausible" in window), path).toBe(false);
    }
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
    expect(offSite).toEqual([]);
    await context.close();
  });
});
