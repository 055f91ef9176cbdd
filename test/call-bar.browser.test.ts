// The call within reach on phones: a bar fixed to the bottom of the screen wherever the header's
// menu is collapsed, with the page's own number and the way to an estimate; HTML and CSS only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { buildModel, townPhone } from "../scripts/data/model.ts";
import { callBarRoom, expectRoomForCallBar } from "./support/behaviour.ts";
import { openBrowserSite, type BrowserSite } from "./support/browser-site.ts";
import { settled } from "./support/browser.ts";
import { DATA_DIR } from "./support/paths.ts";

const model = buildModel(await loadData(DATA_DIR));
const secondaryTown = [...model.towns, ...model.alsoServing].find((town) => town.ctaPhone === "secondary")!;
let setting: BrowserSite;

beforeAll(async () => {
  setting = await openBrowserSite(model.business);
});

afterAll(async () => {
  await setting?.close();
});

const bar = () => setting.page.locator("nav.call-bar");

async function open(path: string, width: number) {
  await setting.page.setViewportSize({ width, height: 844 });
  await setting.page.goto(`${setting.site.url}${path}`);
  await settled(setting.page);
}

describe("the call bar", () => {
  it("stays at the bottom of a phone's screen, with targets of at least 44 px", async () => {
    await open("/services/culvert", 390);
    const box = (await bar().boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(844, 0);
    expect(box.width).toBe(390);
    await setting.page.mouse.wheel(0, 3000);
    await setting.page.waitForTimeout(100);
    expect((await bar().boundingBox())!.y).toBeCloseTo(box.y, 0);
    for (const link of await bar().locator("a").all()) {
      const target = (await link.boundingBox())!;
      expect(target.height).toBeGreaterThanOrEqual(44);
      expect(target.width).toBeGreaterThanOrEqual(44);
    }
  });

  it("calls the page's own number and leads to the estimate form", async () => {
    await open(`/towns/${secondaryTown.slug}`, 390);
    const phone = townPhone(model.business, secondaryTown);
    expect(phone).toBe(model.business.secondPhone);
    expect(await bar().getByRole("link", { name: /Call/ }).getAttribute("href")).toBe(phone.href);
    expect(await bar().getByRole("link", { name: "Free Estimate" }).getAttribute("href")).toBe("/contact");
    await open("/", 390);
    expect(await bar().getByRole("link", { name: /Call/ }).getAttribute("href")).toBe(model.business.phone.href);
    expect(await bar().getByRole("link", { name: /Call/ }).textContent()).toContain(model.business.phone.display);
  });

  it("offers Text between Call and the estimate, each target at least 44 px, all inside 320 px", async () => {
    const text = model.business.text!;
    for (const width of [320, 390]) {
      await open("/services/culvert", width);
      const links = await bar().locator("a").all();
      expect(await Promise.all(links.map((link) => link.getAttribute("href")))).toEqual([
        model.business.phone.href,
        text.href,
        "/contact",
      ]);
      for (const link of links) {
        const target = (await link.boundingBox())!;
        expect(target.height, `${width} px`).toBeGreaterThanOrEqual(44);
        expect(target.width, `${width} px`).toBeGreaterThanOrEqual(44);
        expect(target.x).toBeGreaterThanOrEqual(0);
        expect(target.x + target.width).toBeLessThanOrEqual(width);
        // Its label fits: nothing spills out of the target or is cut off.
        expect(
          await link.evaluate((a) => a.scrollWidth <= a.clientWidth && a.scrollHeight <= a.clientHeight),
          `${await link.innerText()} at ${width} px`,
        ).toBe(true);
      }
      expect(
        await setting.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      // The bar keeps the height the page leaves free for it.
      expectRoomForCallBar(await setting.page.evaluate(callBarRoom));
    }
    expect(
      await bar()
        .getByRole("link", { name: `Text us at ${text.display}` })
        .getAttribute("href"),
    ).toBe(text.href);
  });

  it("points at the form itself on the contact page", async () => {
    await open("/contact", 390);
    await bar().getByRole("link", { name: "Free Estimate" }).click();
    await setting.page.waitForFunction(() => location.hash === "#estimate-form");
    const form = (await setting.page.locator("#estimate-form").boundingBox())!;
    const barTop = (await bar().boundingBox())!.y;
    expect(form.y).toBeLessThan(barTop);
    expect(form.y).toBeGreaterThan(-1);
  });

  it("never hides the page's end or a focused link behind it", async () => {
    await open("/towns/paris", 390);
    await setting.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barTop = (await bar().boundingBox())!.y;
    const lastLink = setting.page.locator("footer a").last();
    expect((await lastLink.boundingBox())!.y + (await lastLink.boundingBox())!.height).toBeLessThanOrEqual(barTop);
    // Focus moved to a link below the screen scrolls it into view clear of the bar (scroll-padding).
    await setting.page.emulateMedia({ reducedMotion: "reduce" });
    await setting.page.evaluate(() => window.scrollTo(0, 0));
    await setting.page.locator("footer a").first().focus();
    await setting.page.waitForTimeout(100);
    const focused = (await setting.page.locator("footer a").first().boundingBox())!;
    expect(focused.y + focused.height).toBeLessThanOrEqual(barTop);
    expect(focused.y).toBeGreaterThan(0);
    await setting.page.emulateMedia({ reducedMotion: null });
  });

  it("keeps its height free at the screen's bottom when focus scrolls (scroll-padding)", async () => {
    await open("/towns/paris", 390);
    expectRoomForCallBar(await setting.page.evaluate(callBarRoom));
  });

  it("is not there where the header shows its links", async () => {
    await open("/", 1280);
    expect(await bar().isVisible()).toBe(false);
    await open("/", 767);
    expect(await bar().isVisible()).toBe(true);
    await open("/", 768);
    expect(await bar().isVisible()).toBe(false);
  });

  it("works without JavaScript", async () => {
    const context = await setting.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${setting.site.url}/towns/mattoon`);
    expect(await page.locator("nav.call-bar").isVisible()).toBe(true);
    await context.close();
  });
});
