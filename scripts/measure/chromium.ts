// Where the system Chromium is and the flags it runs with here: headless, no sandbox (containers),
// and no background traffic. The browser tests, the benchmark and the audit all start it this way.
import { existsSync } from "node:fs";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, or the one CHROMIUM_PATH names; undefined when neither exists. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}
