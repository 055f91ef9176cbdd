// With JavaScript turned off, every page is complete: the same text as with it, the navigation
// shown and reachable on a phone, the phone number and contact details, and the footer's year; the
// pages that show jobs too, in a build with the tests' jobs, their photos loaded and drawn.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { stubFormProvider } from "./support/form-provider.ts";
import { JOB_PAGES, loadSitePages, type SitePage } from "./support/pages.ts";
import { serveSharedJobsSite, serveSharedSite, type BuiltSite } from "./support/site.ts";

const { model, pages } = await loadSitePages();
const { business } = model;
const NAV_LINKS = ["Home", "Services", "Service Area", "Get a Free Estimate"];

let site: BuiltSite;
let jobsSite: BuiltSite;
let browser: Browser;
let scripted: BrowserContext;
let unscripted: BrowserContext;
let withScript: Page;
let withoutScript: Page;

beforeAll(async () => {
  [site, jobsSite] = await Promise.all([serveSharedSite(), serveSharedJobsSite()]);
  browser = await launchBrowser();
  scripted = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  unscripted = await browser.newContext({ javaScriptEnabled: false });
  for (const context of [scripted, unscripted]) await stubFormProvider(context, business);
  withScript = await scripted.newPage();
  withoutScript = await unscripted.newPage();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await jobsSite?.close();
});

async function openWithoutScript(path: string, width: number, origin = site.url): Promise<number | undefined> {
  await withoutScript.setViewportSize({ width, height: 800 });
  const response = await withoutScript.goto(`${origin}${path}`, { waitUntil: "load" });
  return response?.status();
}

/** Every page, and the pages that show jobs in the build with the tests' jobs, each with its address's origin. */
const everyPage: (SitePage & { origin: () => string; label: string })[] = [
  ...pages.map((sitePage) => ({ ...sitePage, origin: () => site.url, label: sitePage.path })),
  ...JOB_PAGES.map((sitePage) => ({ ...sitePage, origin: () => jobsSite.url, label: `${sitePage.path} (with jobs)` })),
];

describe("with JavaScript off", () => {
  it("really runs no script", async () => {
    await openWithoutScript("/", 390);
    expect(await withoutScript.evaluate(() => document.documentElement.classList.contains("js"))).toBe(false);
  });

  for (const sitePage of everyPage) {
    it(`${sitePage.label} shows everything it shows with JavaScript, and the ways to get in touch`, async () => {
      // The same text as a scripted browser at desktop width, where the menu is open in both.
      await withScript.goto(`${sitePage.origin()}${sitePage.path}`, { waitUntil: "load" });
      expect(await openWithoutScript(sitePage.path, 1280, sitePage.origin())).toBe(sitePage.status);
      expect(await withoutScript.locator("body").innerText()).toBe(await withScript.locator("body").innerText());

      expect(await openWithoutScript(sitePage.path, 390, sitePage.origin())).toBe(sitePage.status);
      expect(await withoutScript.locator("h1").isVisible()).toBe(true);

      // Every navigation link is on screen, uncovered, and reached by Tab in order.
      const menu = withoutScript.locator("#site-menu");
      for (const name of NAV_LINKS) {
        const link = menu.getByRole("link", { name, exact: true });
        expect(await link.isVisible(), name).toBe(true);
        const reachable = await link.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return box.left >= 0 && box.right <= document.documentElement.clientWidth && !!hit && element.contains(hit);
        });
        expect(reachable, `${name} is on screen and not covered`).toBe(true);
      }
      const tabbed: string[] = [];
      for (let press = 0; press < 8; press += 1) {
        await withoutScript.keyboard.press("Tab");
        tabbed.push(
          await withoutScript.evaluate(() =>
            document.activeElement?.closest("#site-menu") ? (document.activeElement.textContent ?? "") : "",
          ),
        );
      }
      expect(tabbed.filter(Boolean)).toEqual(NAV_LINKS);

      // The phone number, address and hours, in the footer of every page.
      const footer = withoutScript.locator("footer");
      const phone = footer.locator(`a[href="${business.phone.href}"]`);
      expect(await phone.isVisible()).toBe(true);
      expect(await phone.innerText()).toBe(business.phone.display);
      const footerText = await footer.innerText();
      expect(footerText).toContain(business.address.street);
      expect(footerText).toContain(
        `${business.address.city}, ${business.address.region} ${business.address.postalCode}`,
      );
      for (const hours of business.hours) expect(footerText).toContain(`${hours.dayRange}: ${hours.timeRange}`);
      expect(footerText).toContain(`© ${new Date().getFullYear()}`);
    });
  }

  it("a job's page shows its before and after photos, labelled in words, each loaded as AVIF", async () => {
    expect(await openWithoutScript("/projects/charleston-yard-drain", 390, jobsSite.url)).toBe(200);
    const pair = withoutScript.locator("figure.before-after");
    expect(await pair.locator("figcaption h2").innerText()).toBe("Before and after");
    expect(await pair.locator(".photo-role").allInnerTexts()).toEqual(["BEFORE", "AFTER"]);
    for (const image of await pair.locator("img").all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    }
  });

  it("/contact shows the provider's form in a frame of the snippet's height", async () => {
    expect(await openWithoutScript("/contact", 390)).toBe(200);
    const frame = withoutScript.locator(".lead-form iframe");
    expect(await frame.count()).toBe(1);
    expect(await frame.getAttribute("src")).toBe(business.leadForm.frameUrl);
    expect((await frame.boundingBox())?.height).toBe(business.leadForm.height);
  });
});
