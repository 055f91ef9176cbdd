// The behaviour tests (support/behaviour.ts) in WebKit, Safari's engine: Debian's WebKitGTK
// MiniBrowser driven by WebKitWebDriver under an Xvfb display this file starts and stops
// (support/webkit.ts; Debian packages webkit2gtk-driver and xvfb). And what WebKit does its own way:
// it draws no outline on an SVG link (the map's towns), and it applies upgrade-insecure-requests to
// http://127.0.0.1, which the local server therefore leaves out of the policy there.
//
// The form provider is never contacted. WebDriver classic cannot intercept requests, so the browser
// reaches the network only through a proxy in this process, which forwards requests for the test's
// server and refuses every other one: the contact page asks for the provider's frame and script and
// is turned away, as when the provider is down. The last test checks that the provider's hosts
// were all it asked for. The same proxy adds a recorder of console errors to each page, since
// WebDriver classic cannot read the console either.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offlineTests } from "./support/offline.ts";
import { behaviourTests } from "./support/behaviour.ts";
import { formProviderOrigins } from "./support/form-provider.ts";
import { loadSitePages, type SitePages } from "./support/pages.ts";
import { buildAndServe, type BuiltSite } from "./support/site.ts";
import { launchWebKit, type WebKit } from "./support/webkit.ts";

let site: BuiltSite;
let sitePages: SitePages;
let webkit: WebKit;

beforeAll(async () => {
  [site, sitePages] = await Promise.all([buildAndServe(), loadSitePages()]);
  webkit = await launchWebKit(site.url);
}, 120_000); // a build of its own and its server, then WebKit's start (Xvfb, WebKitWebDriver)

afterAll(async () => {
  await webkit?.close();
  await site?.close();
});

/** The ring of the focused town on the map: its hit area on screen, and its outline in screen pixels. */
function townRing() {
  const area = [...document.activeElement!.querySelectorAll<SVGGraphicsElement>(".map-hit")].find(
    (hit) => hit.getClientRects().length > 0,
  )!;
  const style = getComputedStyle(area);
  const box = area.getBoundingClientRect();
  // The outline is drawn in the map's units: measure it on screen.
  const scale = area.getScreenCTM()?.a ?? 0;
  return {
    box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
    style: style.outlineStyle,
    colour: style.outlineColor,
    width: Number.parseFloat(style.outlineWidth) * scale,
    offset: Number.parseFloat(style.outlineOffset) * scale,
  };
}

/**
 * The share of places along the ring's four sides where `colour` is painted somewhere across the
 * ring's width (engines round its offset and width their own way; a pixel more either side).
 */
async function shareInColour(png: Buffer, ring: ReturnType<typeof townRing>, colour: [number, number, number]) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const isColour = (x: number, y: number) => {
    const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return Math.hypot(data[at]! - colour[0], data[at + 1]! - colour[1], data[at + 2]! - colour[2]) < 40;
  };
  const across: number[] = [];
  for (let reach = Math.floor(ring.offset) - 1; reach <= Math.ceil(ring.offset + ring.width) + 1; reach += 1)
    across.push(reach);
  const { left, top, right, bottom } = ring.box;
  const places: ((reach: number) => [number, number])[] = [];
  for (let x = left + 2; x <= right - 2; x += 1)
    places.push(
      (r) => [x, top - r],
      (r) => [x, bottom + r],
    );
  for (let y = top + 2; y <= bottom - 2; y += 1)
    places.push(
      (r) => [left - r, y],
      (r) => [right + r, y],
    );
  const ringed = places.filter((place) => across.some((reach) => isColour(...place(reach))));
  return ringed.length / places.length;
}

describe("WebKit", () => {
  behaviourTests(() => ({ driver: webkit.driver, sitePages }));

  it("draws a focus ring around a town's dot on the map, though not on the SVG link itself", async () => {
    const { driver } = webkit;
    await driver.load("/towns", 1280);
    let focused: string | null = null;
    for (let presses = 0; presses < 60 && !focused; presses += 1) {
      await driver.press("Tab");
      focused = await driver.evaluate(() =>
        document.activeElement?.classList.contains("map-town") ? document.activeElement.getAttribute("href") : null,
      );
    }
    expect(focused).toMatch(/^\/towns\/[a-z-]+$/);
    // Mid-screen, whole: focus scrolled it only just into view, smoothly.
    await driver.evaluate(() => document.activeElement!.scrollIntoView({ block: "center", behavior: "instant" }));
    const ring = await driver.evaluate(townRing);
    expect(ring).toMatchObject({ style: "solid", colour: "rgb(11, 83, 148)" });
    expect(ring.width).toBeGreaterThanOrEqual(2);
    const focusColour: [number, number, number] = [11, 83, 148];
    expect(await shareInColour(await webkit.screenshot(), ring, focusColour), "focused").toBeGreaterThan(0.95);
    await driver.evaluate(() => (document.activeElement as SVGElement).blur());
    expect(await shareInColour(await webkit.screenshot(), ring, focusColour), "not focused").toBeLessThan(0.1);
  });

  it("stays on http://127.0.0.1 when following the skip link and a link to another page", async () => {
    const { driver, session } = webkit;
    await driver.load("/towns/paris", 1280);
    await driver.press("Tab");
    await driver.press("Enter");
    await session.wait(async () => (await session.getCurrentUrl()).endsWith("#main"), 5000);
    expect(await session.getCurrentUrl()).toBe(`${site.url}/towns/paris#main`);
    // From the top of the content, the next link: the breadcrumb's way home.
    await driver.press("Tab");
    expect(await driver.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/");
    await driver.press("Enter");
    await session.wait(async () => !(await session.getCurrentUrl()).includes("/towns/paris"), 5000);
    expect(await session.getCurrentUrl()).toBe(`${site.url}/`);
    await driver.waitFor(() => document.readyState === "complete");
    // The home page itself, not the browser's page for a failed load.
    expect(await driver.evaluate(() => document.getElementById("contact")?.tagName)).toBe("SECTION");
  });

  it("asked for nothing outside the test's server but the form provider, and never reached it", async () => {
    const { driver, refused } = webkit;
    const providers = formProviderOrigins(sitePages.model.business).map(
      (origin) => `CONNECT ${new URL(origin).host}:443`,
    );
    await driver.load("/contact");
    // The frame and the script are asked for after the load event; the proxy turns them away.
    for (let waited = 0; waited < 50 && !providers.every((entry) => refused.includes(entry)); waited += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(new Set(refused)).toEqual(new Set(providers));
  });

  // Last: it registers the service worker and builds the site again with another phone number.
  // The network is cut by stopping the test's server, which is all the visitor's browser reaches.
  describe("offline after one visit", () => {
    offlineTests(() => ({ driver: webkit.driver, sitePages, dir: site.dir, network: site.network }));
  });
});
