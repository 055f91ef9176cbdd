// Chromium for browser tests: Debian's /usr/bin/chromium (or CHROMIUM_PATH), else Playwright's own.
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/measure/chromium.ts";
import type { EngineDriver } from "./behaviour.ts";

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
