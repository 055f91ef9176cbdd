// Reflow and zoom (WCAG 1.4.10, 1.4.4) and reduced motion, on the built site; reflow and zoom on
// the pages that show jobs too, in a build with the tests' jobs. The colours' contrast (1.4.3,
// 1.4.11), with palette.css's colours and with an owner's accent, is test/colours.test.ts's.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { settled } from "./support/browser.ts";
import { stubFormProvider } from "./support/form-provider.ts";
import { clippedText, textPastWindowEdges } from "./support/layout-probe.ts";
import { JOB_PAGES, loadSitePages, type SitePage } from "./support/pages.ts";
import { openBrowserSite } from "./support/browser-site.ts";

const { model, pages, representative } = await loadSitePages();

const { site, jobsSite, browser, page, close } = await openBrowserSite(model.business, { jobs: true });
afterAll(close);

/** Every page, and the pages that show jobs in the build with the tests' jobs, each with its address's origin. */
const everyPage: (SitePage & { origin: () => string; label: string })[] = [
  ...pages.map((sitePage) => ({ ...sitePage, origin: () => site.url, label: sitePage.path })),
  ...JOB_PAGES.map((sitePage) => ({ ...sitePage, origin: () => jobsSite!.url, label: `${sitePage.path} (with jobs)` })),
];

async function load(path: string, width: number, height = 800, origin = site.url): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.goto(`${origin}${path}`, { waitUntil: "load" });
  await settled(page);
}

/** How far the page scrolls sideways, and whether overflow is hidden (which would hide a loss). */
const sidewaysScroll = () =>
  page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    hidden: [document.documentElement, document.body].some((element) =>
      /hidden|clip/.test(getComputedStyle(element).overflowX),
    ),
  }));

describe("the layout probes", () => {
  it("notice sideways scrolling, clipped text and text spilling out of its box", async () => {
    await load("/services", 320, 640);
    await page.evaluate(() => {
      const main = document.getElementById("main");
      const wide = document.createElement("p");
      wide.textContent = "Unbreakable".repeat(20);
      wide.style.overflowWrap = "normal";
      const clipped = document.createElement("div");
      clipped.textContent = "Three lines of text in a box one line high. ".repeat(3);
      Object.assign(clipped.style, { height: "1em", overflow: "hidden" });
      const spilling = document.createElement("p");
      spilling.textContent = "404";
      Object.assign(spilling.style, { fontSize: "6rem", lineHeight: "0.8" });
      main?.append(wide, clipped, spilling);
    });
    expect((await sidewaysScroll()).scroll).toBeGreaterThan(0);
    expect(await page.evaluate(textPastWindowEdges)).toEqual([expect.stringContaining("UnbreakableUnbreakable")]);
    const clipped = await page.evaluate(clippedText);
    expect(clipped).toContainEqual(expect.stringMatching(/^div "Three lines.* cuts off/));
    expect(clipped).toContainEqual(expect.stringMatching(/^p "404" spills out/));
  });
});

describe("320 px wide (WCAG 1.4.10 reflow)", () => {
  for (const sitePage of everyPage) {
    it(`${sitePage.label} needs no horizontal scrolling and cuts off no text`, async () => {
      await load(sitePage.path, 320, 640, sitePage.origin());
      expect(await sidewaysScroll()).toEqual({ scroll: 0, hidden: false });
      expect(await page.evaluate(textPastWindowEdges)).toEqual([]);
      expect(await page.evaluate(clippedText)).toEqual([]);
    });
  }

  it("fits the open menu in 320 px", async () => {
    await load("/services", 320, 640);
    await page.locator("[data-menu-button]").click();
    expect(await page.locator("#site-menu").isVisible()).toBe(true);
    expect(await sidewaysScroll()).toEqual({ scroll: 0, hidden: false });
    expect(await page.evaluate(textPastWindowEdges)).toEqual([]);
  });
});

describe("the call bar at 320 px, with Call, Text and the estimate", () => {
  it("fits its three links side by side, each at least 44 px, with no text cut off", async () => {
    expect(model.business.text).toBeDefined();
    await load("/towns/paris", 320, 640);
    const links = page.locator("nav.call-bar a");
    expect(await links.count()).toBe(3);
    const boxes = await links.evaluateAll((found) =>
      found.map((link) => {
        const box = link.getBoundingClientRect();
        return {
          left: box.left,
          right: box.right,
          width: box.width,
          height: box.height,
          fits: link.scrollWidth <= link.clientWidth,
        };
      }),
    );
    for (const box of boxes) {
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(320);
      expect(box.fits).toBe(true);
    }
    expect(await sidewaysScroll()).toEqual({ scroll: 0, hidden: false });
    expect(await page.evaluate(clippedText)).toEqual([]);
  });
});

describe("text at 200 % (WCAG 1.4.4 resize text)", () => {
  // The browser's text-size setting scales the root font size; everything sized in rem follows.
  const enlargeText = () =>
    page.evaluate(() => {
      document.documentElement.style.fontSize = "200%";
      return getComputedStyle(document.body).fontSize;
    });

  for (const sitePage of everyPage) {
    it(`${sitePage.label} keeps all its text, unclipped, at 1280 px`, async () => {
      await load(sitePage.path, 1280, 800, sitePage.origin());
      const before = await page.locator("body").innerText();
      const normalSize = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize));
      const enlarged = Number.parseFloat(await enlargeText());
      expect(enlarged / normalSize, "the body text doubled").toBeCloseTo(2, 1);
      expect(await page.locator("body").innerText()).toBe(before);
      expect(await sidewaysScroll()).toEqual({ scroll: 0, hidden: false });
      expect(await page.evaluate(textPastWindowEdges)).toEqual([]);
      expect(await page.evaluate(clippedText)).toEqual([]);
    });
  }
});

describe("prefers-reduced-motion", () => {
  /** Every transition and animation duration on the page longer than `limitMs`, and the root's scroll behaviour. */
  const motion = (target: Page, limitMs: number) =>
    target.evaluate((limit) => {
      const toMs = (value: string) =>
        value.endsWith("ms") ? Number.parseFloat(value) : Number.parseFloat(value) * 1000;
      const moving: string[] = [];
      for (const element of [document.documentElement, ...document.querySelectorAll("body, body *")]) {
        for (const pseudo of [null, "::before", "::after"]) {
          const style = getComputedStyle(element, pseudo);
          const durations = [
            ...style.transitionDuration.split(","),
            ...(style.animationName === "none" ? [] : style.animationDuration.split(",")),
          ];
          if (durations.some((value) => toMs(value.trim()) > limit))
            moving.push(`${element.tagName.toLowerCase()}${pseudo ?? ""}`);
        }
      }
      return { scrollBehavior: getComputedStyle(document.documentElement).scrollBehavior, moving };
    }, limitMs);

  it("turns off smooth scrolling and animations when the visitor asks for less motion", async () => {
    const reduced = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 390, height: 800 } });
    await stubFormProvider(reduced, model.business);
    const calm = await reduced.newPage();
    for (const sitePage of representative) {
      await calm.goto(`${site.url}${sitePage.path}`, { waitUntil: "load" });
      // Smooth scrolling is set while focus is inside the page, so put it there first.
      await calm.keyboard.press("Tab");
      const { scrollBehavior, moving } = await motion(calm, 1);
      expect(scrollBehavior, sitePage.path).toBe("auto");
      expect(moving, sitePage.path).toEqual([]);
    }
    await reduced.close();
  });

  it("does scroll smoothly for everyone else, so the check above can tell the difference", async () => {
    const normal = await browser.newContext({ reducedMotion: "no-preference" });
    const lively = await normal.newPage();
    await lively.goto(`${site.url}/`, { waitUntil: "load" });
    await lively.keyboard.press("Tab");
    expect((await motion(lively, 1)).scrollBehavior).toBe("smooth");
    await normal.close();
  });
});
