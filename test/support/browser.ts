// Chromium for browser tests: Debian's /usr/bin/chromium (or CHROMIUM_PATH), else Playwright's own.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/measure/chromium.ts";
import type { EngineDriver } from "./behaviour.ts";
import { atSiteHost, eventsApiAnswer, SITE_HOST, type CountedEvent } from "./plausible.ts";

/** Playwright turns Chromium's back/forward cache off; `backForwardCache` leaves it on, as visitors have it. */
export function launchBrowser(options: { backForwardCache?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ["--disable-back-forward-cache"] } : {}),
  });
}

/** A Playwright page as the behaviour tests drive one (support/behaviour.ts). */
export function engineDriver(page: Page, siteUrl: string): EngineDriver {
  let problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`error: ${message.text()}`);
    if (message.type() === "warning") problems.push(`warn: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${String(error)}`));
  return {
    async load(path, width = 390) {
      problems = [];
      await page.setViewportSize({ width, height: 844 });
      const response = await page.goto(`${siteUrl}${path}`, { waitUntil: "load" });
      await settled(page);
      return response?.status();
    },
    evaluate: (pageFunction) => page.evaluate(pageFunction),
    waitFor: async (pageFunction, timeout) => void (await page.waitForFunction(pageFunction, undefined, { timeout })),
    click: (selector) => page.click(selector),
    press: (key) => page.keyboard.press(key),
    // A page restored from the back/forward cache fires no load event: wait for the commit only.
    back: async () => void (await page.goBack({ waitUntil: "commit" })),
    problems: async () => problems,
  };
}

/** Waits until the page and every frame in it (the contact page's form) have loaded: a settled page to inspect. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  for (const frame of page.frames()) await frame.waitForLoadState("load");
}

/**
 * Chromium as a visitor's, for the counting tests (support/plausible.ts): it opens `siteUrl`'s
 * server at SITE_HOST, treats that origin as secure (so that the service worker runs, as on the
 * live site's https), and does not say it is driven by automation, so Plausible's tracker counts;
 * with `backForwardCache`, it keeps pages left in its back-forward cache, as a visitor's does.
 * Returns the browser and the site's address at SITE_HOST.
 */
export async function launchVisitorBrowser(
  siteUrl: string,
  { backForwardCache = false }: { backForwardCache?: boolean } = {},
): Promise<{ browser: Browser; url: string }> {
  const url = atSiteHost(siteUrl);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    // Playwright turns Chromium's back-forward cache off; a visitor's browser has it on.
    ...(backForwardCache ? { ignoreDefaultArgs: ["--disable-back-forward-cache"] } : {}),
    args: [
      ...CHROMIUM_FLAGS,
      `--host-resolver-rules=MAP ${SITE_HOST} 127.0.0.1`,
      `--unsafely-treat-insecure-origin-as-secure=${url}`,
      "--disable-blink-features=AutomationControlled",
    ],
  });
  return { browser, url };
}

/**
 * Answers `context`'s requests to `endpoint` with the stand-in for Plausible's Events API,
 * recording each event in `events`; `delayMs` holds each answer back, `down` fails each request
 * as when the address cannot be reached.
 */
export async function standInEventsApi(
  context: BrowserContext,
  endpoint: string,
  events: CountedEvent[],
  { delayMs = 0, down = false }: { delayMs?: number; down?: boolean } = {},
): Promise<void> {
  await context.route(endpoint, async (route) => {
    const request = route.request();
    const headers = await request.allHeaders();
    const answer = eventsApiAnswer({
      method: request.method(),
      contentType: headers["content-type"] ?? "",
      body: request.postData() ?? "",
      ...(headers.cookie ? { cookie: headers.cookie } : {}),
    });
    if (answer.event) events.push(answer.event);
    if (down) return route.abort("connectionrefused");
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body }).catch(() => undefined);
  });
}
