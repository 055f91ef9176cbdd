// Chromium for browser tests: Debian's /usr/bin/chromium (or CHROMIUM_PATH), else Playwright's own.
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/chromium.ts";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}
