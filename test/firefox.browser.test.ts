// The behaviour tests in a second engine: Debian's Firefox ESR, driven by puppeteer-core over
// WebDriver BiDi. The mobile menu, anchors and /#contact, the call bar and keyboard focus, a clean
// console on every page, no sideways scrolling at 320, 390 and 1280 px, and the 404 page.
import { existsSync } from "node:fs";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formProviderOrigins } from "./support/form-provider.ts";
import { loadSitePages, NOT_FOUND_PROBE, type SitePages } from "./support/pages.ts";
import { buildAndServe, type BuiltSite } from "./support/site.ts";

const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

let site: BuiltSite;
let browser: Browser;
let page: Page;
let sitePages: SitePages;
/** What the page wrote to its console as errors, and what it threw, since the last load. */
let problems: string[] = [];

async function load(path: string, width = 390): Promise<number | undefined> {
  problems = [];
  await page.setViewport({ width, height: 844 });
  const response = await page.goto(`${site.url}${path}`, { waitUntil: "load" });
  // The contact page adds its form frame after the load event; let it arrive.
  await page.waitForFunction(() => !document.querySelector("template[data-after-load]"));
  return response?.status();
}

beforeAll(async () => {
  if (!existsSync(FIREFOX))
    throw new Error(`No Firefox at ${FIREFOX}: apt-get install firefox-esr, or set FIREFOX_PATH`);
  [site, browser, sitePages] = await Promise.all([
    buildAndServe(),
    puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true }),
    loadSitePages(),
  ]);
  page = await browser.newPage();
  // The form provider is never reached: its frame and script are answered with empty stand-ins.
  const providers = formProviderOrigins(sitePages.model.business);
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (!providers.some((origin) => request.url().startsWith(origin))) return void request.continue();
    const isScript = request.url().endsWith(".js");
    return void request.respond({ status: 200, contentType: isScript ? "text/javascript" : "text/html", body: "" });
  });
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warn") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${String(error)}`));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("Firefox", () => {
  it("opens and closes the mobile menu with its button", async () => {
    await load("/services");
    const state = () =>
      page.evaluate(() => ({
        expanded: document.querySelector("[data-menu-button]")?.getAttribute("aria-expanded"),
        listShown: getComputedStyle(document.getElementById("site-menu")!).display !== "none",
      }));
    expect(await state()).toEqual({ expanded: "false", listShown: false });
    await page.click("[data-menu-button]");
    expect(await state()).toEqual({ expanded: "true", listShown: true });
    await page.click("[data-menu-button]");
    expect(await state()).toEqual({ expanded: "false", listShown: false });
  });

  it("lands on the home page's contact section from /#contact, and the skip link moves focus", async () => {
    await load("/#contact", 1280);
    await page.waitForFunction(() => Math.abs(document.getElementById("contact")!.getBoundingClientRect().top) < 2, {
      timeout: 5000,
    });
    await load("/towns/paris", 1280);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip-link");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.hash === "#main" && document.activeElement?.id === "main");
  });

  it("shows the call bar on a phone, with the page's number, and moves it aside for keyboard focus", async () => {
    await load("/towns/decatur");
    const town = [...sitePages.model.towns, ...sitePages.model.alsoServing].find((t) => t.slug === "decatur")!;
    const phone = town.ctaPhone === "secondary" ? sitePages.model.business.secondPhone : sitePages.model.business.phone;
    const bar = () =>
      page.evaluate(() => {
        const element = document.querySelector(".call-bar")!;
        const box = element.getBoundingClientRect();
        return {
          top: box.top,
          bottom: box.bottom,
          shown: getComputedStyle(element).display !== "none",
          call: element.querySelector("a")!.getAttribute("href"),
          heights: [...element.querySelectorAll("a")].map((link) => link.getBoundingClientRect().height),
        };
      });
    const resting = await bar();
    expect(resting).toMatchObject({ shown: true, call: phone.href });
    expect(resting.bottom).toBeCloseTo(844, 0);
    for (const height of resting.heights) expect(height).toBeGreaterThanOrEqual(44);
    // Keyboard focus on a link of the page: the bar steps below the screen.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect((await bar()).top).toBeGreaterThanOrEqual(844);
    await load("/towns/decatur", 1280);
    expect((await bar()).shown).toBe(false);
  });

  it("shows the 404 page with status 404, and logs the missing path", async () => {
    const status = await load(NOT_FOUND_PROBE);
    expect(status).toBe(404);
    expect(await page.evaluate(() => document.querySelector("h1")?.textContent)).toMatch(
      /^404\W+Oops! Page not found$/,
    );
    expect(await page.evaluate(() => document.body.innerText)).toContain("404");
    expect(await page.evaluate(() => document.querySelector("main a[href='/']")?.textContent)).toBe("Return to Home");
    expect(problems).toEqual([`error: Page not found: ${NOT_FOUND_PROBE}`]);
  });

  it("writes no error or warning to the console on any page (the 404 page's log aside)", async () => {
    const found: string[] = [];
    for (const sitePage of sitePages.pages.filter((p) => p.status === 200)) {
      await load(sitePage.path);
      found.push(...problems.map((problem) => `${sitePage.path}: ${problem}`));
    }
    expect(found).toEqual([]);
  });

  it("never scrolls sideways at 320, 390 or 1280 px", async () => {
    const wide: string[] = [];
    for (const width of [320, 390, 1280]) {
      for (const sitePage of sitePages.pages) {
        await load(sitePage.path, width);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) wide.push(`${sitePage.path} at ${width} px: ${overflow} px too wide`);
      }
    }
    expect(wide).toEqual([]);
  }, 180_000);
});
