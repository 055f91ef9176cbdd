// Chromium for browser tests: Debian's /usr/bin/chromium (or CHROMIUM_PATH), else Playwright's own.
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/measure/chromium.ts";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/**
 * Waits until the page has added what it holds back until after its load event (the contact
 * page's form frame and script), and until such a frame has loaded: a settled page to inspect.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector("template[data-after-load]"));
  for (const frame of page.frames()) await frame.waitForLoadState("load");
}
