// Counting in Firefox and WebKit, as counting.browser.test.ts counts in Chromium: Plausible's own
// tracker as the site bundles it, and the stand-in for Plausible's Events API (support/plausible.ts)
// answering in each engine's harness. Each engine is made a visitor's browser, for the tracker counts
// nothing in one driven by automation and nothing on a loopback address: the pages are opened at
// SITE_HOST, Firefox's pages read navigator.webdriver false (support/firefox.ts), and WebKit's set
// the tracker's own flag, window.__plausible (support/webkit.ts). A visit to three pages with a
// Call, a Text and an Estimate tap; nothing kept in the browser; the site unhindered when the events
// address cannot be reached; and nothing at all without the setting. The form provider is answered
// with empty stand-ins: nothing of its own in the contact page's storage or console. With
// COUNTING_EVENTS_OUT set, the visit's events are written to <that folder>/<engine>.json.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { buildModel, type SiteModel } from "../scripts/data/model.ts";
import { TAP_EVENTS } from "../scripts/features/counting/terms.ts";
import type { EngineDriver } from "./support/behaviour.ts";
import { launchFirefox, type FirefoxEventsApi } from "./support/firefox.ts";
import { formProviderOrigins } from "./support/form-provider.ts";
import { countingData, expectThreePageVisit, STAND_IN_EVENTS, type CountedEvent } from "./support/plausible.ts";
import { buildAndServe, serveSharedSite, type BuiltSite } from "./support/site.ts";
import { launchWebKit, type WebKitEventsApi } from "./support/webkit.ts";

/** One engine as a visitor's, counting to the stand-in. */
interface CountingEngine {
  driver: EngineDriver;
  /** The requests the browser made to the events address so far, answered or refused. */
  eventRequests(): number;
  /** The cookies the engine holds, as "domain: name". */
  cookies(): Promise<string[]>;
  close(): Promise<void>;
}

type EventsApi = FirefoxEventsApi & WebKitEventsApi;
type Launch = (siteUrl: string, api: EventsApi) => Promise<CountingEngine>;

/** The site built with site.yaml's plausible, and the shared build, without it. */
let site: BuiltSite;
let plain: BuiltSite;
let model: SiteModel;

beforeAll(async () => {
  const data = await countingData();
  model = buildModel(await loadData(data));
  [site, plain] = await Promise.all([buildAndServe(data), serveSharedSite()]);
}, 120_000); // a build of its own, with counting, beside the run's shared build

afterAll(async () => {
  await site?.close();
  await plain?.close();
});

const isView = (event: CountedEvent) => event.name === "pageview";

/** Waits until the stand-in has `count` events that `which` picks. */
async function received(events: CountedEvent[], which: (event: CountedEvent) => boolean, count: number) {
  await expect.poll(() => events.filter(which).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
}

/**
 * Keeps a tap on a tel: or sms: link from leaving the page for the system's handler, which a test
 * browser does not have: without it, Firefox's next load waits on the tel: navigation until it
 * times out, and WebKit leaves the page (the next tap finds no call bar). It captures on document,
 * so that the site's counting listener, capturing on window, still sees the tap first.
 */
function stayOnTelAndSms() {
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (link instanceof HTMLAnchorElement && (link.protocol === "tel:" || link.protocol === "sms:"))
        event.preventDefault();
    },
    { capture: true },
  );
}

/** The page's cookies and storage, and its databases where the engine can list them. */
async function keptState() {
  return {
    cookie: document.cookie,
    local: Object.keys(localStorage),
    session: sessionStorage.length,
    databases: typeof indexedDB.databases === "function" ? (await indexedDB.databases()).length : 0,
  };
}

/** The counting script the page asked for, if any, and whether the tracker's global is there. */
function countingScript() {
  return {
    scripts: [...document.scripts].map((script) => script.src).filter((src) => src.includes("/assets/counting")),
    loaded: performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.includes("/assets/counting")),
    plausible: "plausible" in window,
  };
}

/** The engine's tests; `launch` opens it as a visitor's, for a site's address, with the stand-in given. */
function countingTests(engine: string, launch: Launch): void {
  let browser: CountingEngine;
  const api: EventsApi = { events: [], down: false };

  beforeAll(async () => {
    browser = await launch(site.url, api);
  }, 120_000); // starts the engine: Firefox over WebDriver BiDi, or WebKit in an Xvfb display of its own

  afterAll(async () => {
    await browser?.close();
  });

  it("counts a visit to three pages, with a Call, a Text and an Estimate tap, each with its page", async () => {
    const { driver } = browser;
    const { events } = api;
    await driver.load("/");
    await received(events, isView, 1);
    await driver.click('main a[href="/towns/paris"]');
    await driver.waitFor(() => location.pathname === "/towns/paris" && document.readyState === "complete");
    await received(events, isView, 2);
    await driver.evaluate(stayOnTelAndSms);
    await driver.click('.call-bar a[href^="tel:"]');
    await received(events, (event) => event.name === TAP_EVENTS.call, 1);
    await driver.load("/services/septic-system");
    await received(events, isView, 3);
    await driver.evaluate(stayOnTelAndSms);
    await driver.click('.call-bar a[href^="sms:"]');
    await driver.click(".call-bar .call-bar-estimate");
    await driver.waitFor(() => location.pathname === "/contact" && document.readyState === "complete");
    await received(events, isView, 4);
    await received(events, (event) => event.name === TAP_EVENTS.estimate, 1);
    const septic = model.services.find((service) => service.key === "septic-system")!.name;
    await expectThreePageVisit(events, septic, engine);
    expect(await driver.problems()).toEqual([]);
  });

  it("keeps nothing in the browser: no cookie, no storage, no database", async () => {
    const { driver } = browser;
    const { events } = api;
    for (const path of ["/", "/towns/mattoon", "/contact"]) {
      const calls = events.filter((event) => event.name === TAP_EVENTS.call).length;
      await driver.load(path);
      await driver.evaluate(stayOnTelAndSms);
      await driver.click('.call-bar a[href^="tel:"]');
      await received(events, (event) => event.name === TAP_EVENTS.call, calls + 1);
      expect(await driver.evaluate(keptState), path).toEqual({ cookie: "", local: [], session: 0, databases: 0 });
    }
    expect(await browser.cookies()).toEqual([]);
    expect(events.filter((event) => event.cookie !== undefined)).toEqual([]);
  });

  it("lets the visitor call and move on at once when the events address cannot be reached", async () => {
    const { driver } = browser;
    api.down = true;
    try {
      const before = browser.eventRequests();
      await driver.load("/towns/charleston");
      await driver.evaluate(stayOnTelAndSms);
      await driver.click('.call-bar a[href^="tel:"]');
      // The page's view and the Call were each tried, and refused.
      await expect.poll(() => browser.eventRequests() - before, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      // Nothing is filtered from the problems: neither engine shows the refused requests there
      // (Firefox logs nothing for a failed fetch the tracker catches, and WebKit's recorder sees
      // only what the page itself writes or throws).
      expect(await driver.problems(), "on the town's page").toEqual([]);
      const started = Date.now();
      await driver.click(".call-bar .call-bar-estimate");
      await driver.waitFor(() => location.pathname === "/contact" && document.readyState === "complete", 5_000);
      expect(Date.now() - started, "the next page arrives without waiting for the count").toBeLessThan(5_000);
      expect(await driver.evaluate(() => document.querySelector("h1")?.textContent?.trim())).toBeTruthy();
      // The Estimate too.
      await expect.poll(() => browser.eventRequests() - before, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      expect(await driver.problems(), "on the contact page").toEqual([]);
    } finally {
      api.down = false;
    }
  });

  it("loads no counting script and sends nothing without site.yaml's plausible", async () => {
    const plainApi: EventsApi = { events: [] };
    const visitor = await launch(plain.url, plainApi);
    try {
      for (const path of ["/", "/towns/paris", "/services/septic-system", "/contact"]) {
        await visitor.driver.load(path);
        await visitor.driver.evaluate(stayOnTelAndSms);
        await visitor.driver.click('.call-bar a[href^="tel:"]');
        expect(await visitor.driver.evaluate(countingScript), path).toEqual({
          scripts: [],
          loaded: [],
          plausible: false,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(visitor.eventRequests()).toBe(0);
      expect(plainApi.events).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
}

describe("counting in Firefox", () => {
  countingTests("firefox", async (siteUrl, eventsApi) => {
    // The form provider's stand-ins: the harness's default, empty ones.
    const firefox = await launchFirefox(siteUrl, model.business, undefined, { eventsApi });
    return {
      driver: firefox.driver,
      // Every request is seen, and its event recorded, before it is answered or failed.
      eventRequests: () => eventsApi.events.length,
      cookies: async () => (await firefox.browser.cookies()).map((cookie) => `${cookie.domain}: ${cookie.name}`),
      close: firefox.close,
    };
  });
});

describe("counting in WebKit", () => {
  countingTests("webkit", async (siteUrl, eventsApi) => {
    const hosts = formProviderOrigins(model.business).map((origin) => new URL(origin).host);
    const webkit = await launchWebKit(siteUrl, { hosts, script: "", document: "" }, { eventsApi });
    const refusedEvents = `CONNECT ${new URL(STAND_IN_EVENTS).host}:443`;
    return {
      driver: webkit.driver,
      // Each request comes through a CONNECT of its own: answered and recorded, or refused.
      eventRequests: () =>
        eventsApi.events.length + webkit.refused.filter((refused) => refused === refusedEvents).length,
      cookies: async () =>
        (await webkit.session.manage().getCookies()).map((cookie) => `${cookie.domain ?? ""}: ${cookie.name}`),
      close: webkit.close,
    };
  });
});
