// Firefox for browser tests: Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi,
// as the behaviour tests drive an engine (support/behaviour.ts). Requests to the form provider are
// answered in the browser, never sent: with empty stand-ins, or with a stand-in that behaves like
// the provider's own code (support/form-provider.ts).
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import type { Business } from "../../scripts/data/model.ts";
import type { EngineDriver } from "./behaviour.ts";
import { formProviderOrigins, providerAnswer } from "./form-provider.ts";
import { FIREFOX, toolPath } from "./tools.ts";

export interface Firefox {
  browser: Browser;
  driver: EngineDriver;
  /** The tab the driver works in now (a new one after Back: see below). */
  page(): Page;
  close(): Promise<void>;
}

export async function launchFirefox(
  siteUrl: string,
  business: Business,
  standIn: { script: string; document: string } = { script: "", document: "" },
): Promise<Firefox> {
  const browser = await puppeteer.launch({ browser: "firefox", executablePath: toolPath(FIREFOX), headless: true });
  /** What the page wrote to its console as errors, and what it threw, since the last load. */
  let problems: string[] = [];
  const providers = formProviderOrigins(business);

  /** A tab whose requests to the form provider are answered with the stand-in, never sent. */
  const openTab = async (): Promise<Page> => {
    const tab = await browser.newPage();
    await tab.setRequestInterception(true);
    tab.on("request", (request) => {
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
      const response = await page.goto(`${siteUrl}${path}`, { waitUntil: "load" });
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
