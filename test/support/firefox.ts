// Firefox for browser tests: Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi,
// as the behaviour tests drive an engine (support/behaviour.ts). Requests to the form provider are
// answered in the browser, never sent: with empty stand-ins, or with a stand-in that behaves like
// the provider's own code (support/form-provider.ts). As a visitor's Firefox (`eventsApi`), for the
// counting tests (support/plausible.ts), it opens the site at SITE_HOST, does not say it is driven
// by automation, and answers Plausible's events address with the stand-in for its Events API.
import puppeteer, { type Browser, type HTTPRequest, type Page } from "puppeteer-core";
import type { Business } from "../../scripts/data/model.ts";
import type { EngineDriver } from "./behaviour.ts";
import { formProviderOrigins, providerAnswer } from "./form-provider.ts";
import { atSiteHost, eventsApiAnswer, SITE_HOST, STAND_IN_EVENTS, type CountedEvent } from "./plausible.ts";
import { FIREFOX, toolPath } from "./tools.ts";

export interface Firefox {
  browser: Browser;
  driver: EngineDriver;
  /** The tab the driver works in now (a new one after Back: see below). */
  page(): Page;
  close(): Promise<void>;
}

/** The stand-in for Plausible's Events API, as a visitor's Firefox reaches it. */
export interface FirefoxEventsApi {
  /** Every event the stand-in received, in order. */
  events: CountedEvent[];
  /** While true, each request to the events address fails, as when it cannot be reached (read at each request). */
  down?: boolean;
}

export interface FirefoxOptions {
  /**
   * Firefox as a visitor's, for the counting tests: the site is opened at SITE_HOST, which
   * network.dns.localDomains resolves to the loopback server; navigator.webdriver is false in
   * every page (notDriven); and requests to STAND_IN_EVENTS are answered in the browser by the
   * stand-in for Plausible's Events API, never sent.
   */
  eventsApi?: FirefoxEventsApi;
}

/**
 * Runs before the page's own scripts, in a visitor's Firefox: navigator.webdriver says false, as in
 * a browser nobody drives. Firefox ESR 153 has no switch for it (no dom.webdriver.enabled pref any
 * more: set false, the page still read true), so this script of the harness's own, added to every
 * page, says it; WebKit, likewise without a switch, gets the tracker's own flag (support/webkit.ts).
 */
function notDriven() {
  Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false, configurable: true });
}

export async function launchFirefox(
  siteUrl: string,
  business: Business,
  standIn: { script: string; document: string } = { script: "", document: "" },
  { eventsApi }: FirefoxOptions = {},
): Promise<Firefox> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: toolPath(FIREFOX),
    headless: true,
    ...(eventsApi ? { extraPrefsFirefox: { "network.dns.localDomains": SITE_HOST } } : {}),
  });
  const site = eventsApi ? atSiteHost(siteUrl) : siteUrl;
  /** What the page wrote to its console as errors, and what it threw, since the last load. */
  let problems: string[] = [];
  const providers = formProviderOrigins(business);

  /** Answers a request to the events address with the stand-in, recording the event; or fails it while `down`. */
  const answerEvents = async (api: FirefoxEventsApi, request: HTTPRequest) => {
    const headers = request.headers();
    const answer = eventsApiAnswer({
      method: request.method(),
      contentType: headers["content-type"] ?? "",
      body: (await request.fetchPostData()) ?? "",
      ...(headers.cookie ? { cookie: headers.cookie } : {}),
    });
    if (answer.event) api.events.push(answer.event);
    // The tab may be gone by the time the answer is ready (a tap that leaves the page).
    if (api.down) return request.abort("connectionrefused").catch(() => undefined);
    return request
      .respond({ status: answer.status, headers: answer.headers, body: answer.body })
      .catch(() => undefined);
  };

  /**
   * A tab whose requests to the form provider are answered with the stand-in, and (as a visitor's)
   * to the events address with the Events API's, never sent.
   */
  const openTab = async (): Promise<Page> => {
    const tab = await browser.newPage();
    if (eventsApi) await tab.evaluateOnNewDocument(notDriven);
    await tab.setRequestInterception(true);
    tab.on("request", (request) => {
      if (eventsApi && request.url() === STAND_IN_EVENTS) return void answerEvents(eventsApi, request);
      if (!providers.some((origin) => request.url().startsWith(origin))) return void request.continue();
      return void request.respond(providerAnswer(request.url().endsWith(".js"), standIn));
    });
    tab.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warn")
        problems.push(`${message.type()}: ${message.text()}`);
    });
    tab.on("pageerror", (error) => problems.push(`uncaught: ${String(error)}`));
    return tab;
  };

  let page = await openTab();
  /**
   * The tab went Back to a page kept in the back/forward cache. puppeteer's BiDi pages never see the
   * end of such a navigation and would wait for it on the next goto: the next load opens a new tab.
   */
  let wentBack = false;

  const driver: EngineDriver = {
    async load(path, width = 390) {
      if (wentBack) {
        await page.close();
        [page, wentBack] = [await openTab(), false];
      }
      problems = [];
      await page.setViewport({ width, height: 844 });
      const response = await page.goto(`${site}${path}`, { waitUntil: "load" });
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
  return { browser, driver, page: () => page, close: () => browser.close() };
}
