// Counting on the hosts' own runtimes: a build for Cloudflare Pages served by `wrangler pages dev`
// and one for Netlify served by `netlify dev` (support/host-runtime.ts), each with site.yaml's
// plausible set, opened in Chromium as a visitor's (support/browser.ts) with the stand-in for
// Plausible's Events API (support/plausible.ts): the host serves the counting script with the
// year-long cache of /assets/, each page's policy lets it run and send, and a visit's views and a
// tap arrive, with no policy violation.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TAP_EVENTS } from "../scripts/features/counting/terms.ts";
import { CACHE_IMMUTABLE } from "../scripts/headers/policy.ts";
import { launchVisitorBrowser, standInEventsApi } from "./support/browser.ts";
import { startCloudflare, startNetlify, type HostRuntime } from "./support/host-runtime.ts";
import { countingData, pageViews, STAND_IN_EVENTS, taps, type CountedEvent } from "./support/plausible.ts";

for (const [name, start] of [
  ["Cloudflare Pages (wrangler pages dev)", startCloudflare],
  ["Netlify (netlify dev)", startNetlify],
] as const) {
  describe(`counting on ${name}`, () => {
    let runtime: HostRuntime;
    let browser: Browser;
    let url: string;

    beforeAll(async () => {
      runtime = await start({ dataDir: await countingData() });
      ({ browser, url } = await launchVisitorBrowser(runtime.url));
    }, 180_000); // the host's own runtime (netlify dev or wrangler pages dev) starts and serves a build

    afterAll(async () => {
      await browser?.close();
      await runtime?.close();
    });

    it("serves the counting script, lets it run and send, and counts a visit and a tap", async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.route(
        (requested) => requested.origin !== new URL(url).origin && requested.href !== STAND_IN_EVENTS,
        (route) => route.abort("blockedbyclient"),
      );
      const events: CountedEvent[] = [];
      await standInEventsApi(context, STAND_IN_EVENTS, events);
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { violations: string[] }).violations = seen;
        document.addEventListener("securitypolicyviolation", (event) =>
          seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
        );
      });
      const page = await context.newPage();
      const scripts: { status: number; cache: string | undefined }[] = [];
      page.on("response", async (response) => {
        if (new URL(response.url()).pathname.startsWith("/assets/counting-"))
          scripts.push({ status: response.status(), cache: (await response.allHeaders())["cache-control"] });
      });
      const home = await page.goto(`${url}/`);
      expect((await home?.headerValue("content-security-policy")) ?? "").toContain(
        `connect-src 'self' ${STAND_IN_EVENTS}`,
      );
      await expect.poll(() => pageViews(events), { timeout: 10_000 }).toEqual(["/"]);
      await page.goto(`${url}/towns/paris`);
      await expect.poll(() => pageViews(events), { timeout: 10_000 }).toEqual(["/", "/towns/paris"]);
      await page.click('.call-bar a[href^="tel:"]');
      await expect
        .poll(() => taps(events), { timeout: 10_000 })
        .toEqual([{ name: TAP_EVENTS.call, page: "/towns/paris", town: "Paris" }]);
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
      expect(scripts[0]).toMatchObject({ status: 200 });
      // `netlify dev`'s static server sends its own Cache-Control, as for every file (docs/deploying.md).
      if (runtime.host === "cloudflare") expect(scripts[0]?.cache).toBe(CACHE_IMMUTABLE);
      await context.close();
    }, 120_000); // two pages in Chromium through the host's runtime, and the counts they send
  });
}
