// With JavaScript turned off, every page is complete: the same text as with it, the navigation
// shown and reachable on a phone, the phone number and contact details, and the footer's year.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { stubFormProvider } from "./support/form-provider.ts";
import { loadSitePages } from "./support/pages.ts";
import { serveSharedSite, type BuiltSite } from "./support/site.ts";

const { model, pages } = await loadSitePages();
const { business } = model;
const NAV_LINKS = ["Home", "Services", "Service Area", "Get a Free Estimate"];

let site: BuiltSite;
let browser: Browser;
let scripted: BrowserContext;
let unscripted: BrowserContext;
let withScript: Page;
let withoutScript: Page;

beforeAll(async () => {
  site = await serveSharedSite();
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
});

async function openWithoutScript(path: string, width: number): Promise<number | undefined> {
  await withoutScript.setViewportSize({ width, height: 800 });
  const response = await withoutScript.goto(`${site.url}${path}`, { waitUntil: "load" });
  return response?.status();
}

describe("with JavaScript off", () => {
  it("really runs no script", async () => {
    await openWithoutScript("/", 390);
    expect(await withoutScript.evaluate(() => document.documentElement.classList.contains("js"))).toBe(false);
  });

  for (const sitePage of pages) {
    it(`${sitePage.path} shows everything it shows with JavaScript, and the ways to get in touch`, async () => {
      // The same text as a scripted browser at desktop width, where the menu is open in both.
      await withScript.goto(`${site.url}${sitePage.path}`, { waitUntil: "load" });
      expect(await openWithoutScript(sitePage.path, 1280)).toBe(sitePage.status);
      expect(await withoutScript.locator("body").innerText()).toBe(await withScript.locator("body").innerText());

      expect(await openWithoutScript(sitePage.path, 390)).toBe(sitePage.status);
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

  it("/contact shows the provider's form in a frame of the snippet's height", async () => {
    expect(await openWithoutScript("/contact", 390)).toBe(200);
    const frame = withoutScript.locator(".lead-form iframe");
    expect(await frame.count()).toBe(1);
    expect(await frame.getAttribute("src")).toBe(business.leadForm.frameUrl);
    expect((await frame.boundingBox())?.height).toBe(business.leadForm.height);
  });
});
