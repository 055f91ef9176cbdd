// Keyboard-only use of the built site: the skip link, a visible focus ring on everything that
// takes focus, focus moving in reading order, the mobile menu, no trap (the form frame included),
// and pointer targets of at least 24 × 24 px (WCAG 2.5.8); on every page, the pages that show jobs
// included, in a build with the tests' jobs.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { settled } from "./support/browser.ts";
import { composite, contrastRatio, mustParseColour, type Rgba } from "./support/colour.ts";
import { probeFocus, tabbableKeys, pointerTargets, type FocusStop } from "./support/focus-probe.ts";
import { STAND_IN_FORM, stubFormProvider } from "./support/form-provider.ts";
import { readingOrderBreaks, targetSizeFailures } from "./support/geometry.ts";
import { JOB_PAGES, loadSitePages, type SitePage } from "./support/pages.ts";
import { openBrowserSite } from "./support/browser-site.ts";

const { model, pages, representative } = await loadSitePages();

const MIN_RING_WIDTH = 2;
const MIN_RING_CONTRAST = 3;
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

// Focus scrolls its element into view; without reduced motion the page scrolls smoothly and the
// element would be measured mid-scroll. The ring itself does not depend on motion settings.
const { site, jobsSite, browser, page, close } = await openBrowserSite(model.business, {
  provider: { document: STAND_IN_FORM },
  context: { reducedMotion: "reduce" },
  jobs: true,
});
afterAll(close);

/** Every page, and the pages that show jobs in the build with the tests' jobs, each with its address's origin. */
const everyPage: (SitePage & { origin: () => string; label: string })[] = [
  ...pages.map((sitePage) => ({ ...sitePage, origin: () => site.url, label: sitePage.path })),
  ...JOB_PAGES.map((sitePage) => ({ ...sitePage, origin: () => jobsSite!.url, label: `${sitePage.path} (with jobs)` })),
];
/** A page of each kind: the list of jobs, a job's page and the home page with its recent work among them. */
const everyKind = [
  ...representative.map((sitePage) => ({ ...sitePage, origin: () => site.url, label: sitePage.path })),
  ...everyPage.filter((sitePage) =>
    ["/projects (with jobs)", "/projects/charleston-yard-drain (with jobs)", "/ (with jobs)"].includes(sitePage.label),
  ),
];

async function load(path: string, width: number, origin = site.url): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${origin}${path}`, { waitUntil: "load" });
  await settled(page);
}

/**
 * Right after a key press Chromium can report the previous frame's outline for the newly focused
 * element, and a focus that scrolls the page scrolls smoothly (styles.css), over several frames on
 * a busy machine. Measure what a person sees once it has come to rest: two painted frames, then
 * frames until the scroll position holds still.
 */
async function pressKey(key: string, target: Page = page): Promise<void> {
  await target.keyboard.press(key);
  await target.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await frame();
    await frame();
    let last = `${scrollX},${scrollY}`;
    for (let frames = 0; frames < 120; frames += 1) {
      await frame();
      const now = `${scrollX},${scrollY}`;
      if (now === last) return;
      last = now;
    }
  });
}

const activeKey = () => page.evaluate(probeFocus).then((stop) => stop.key);

/** Presses Tab until the element matching `selector` has focus; false if it never gets it. */
async function tabTo(selector: string, limit = 10): Promise<boolean> {
  for (let press = 0; press < limit; press += 1) {
    await pressKey("Tab");
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return true;
  }
  return false;
}
const menuButton = () => page.locator("[data-menu-button]");

/** The opaque colours a list of background layers shows (translucent ones over the last opaque one). */
function shownColours(layers: string[]): Rgba[] {
  const colours = layers.map(mustParseColour);
  const base = colours.findLast((colour) => colour.a === 1) ?? WHITE;
  return colours.map((colour) => (colour.a === 1 ? colour : composite(colour, base)));
}

/** What is wrong with the focus indicator of one stop, if anything. */
function ringProblems(stop: FocusStop): string[] {
  const { outline } = stop;
  if (outline.style === "none" || outline.style === "hidden") return [`${stop.label}: no focus outline`];
  const problems: string[] = [];
  if (outline.width < MIN_RING_WIDTH) problems.push(`${stop.label}: focus outline ${outline.width}px thin`);
  const ring = mustParseColour(outline.colour);
  for (const colour of stop.adjacent.flatMap(shownColours)) {
    const ratio = contrastRatio(ring, colour);
    if (ratio < MIN_RING_CONTRAST) {
      problems.push(
        `${stop.label}: focus outline ${outline.colour} on rgb(${colour.r}, ${colour.g}, ${colour.b}) is ${ratio.toFixed(2)}:1`,
      );
    }
  }
  if (stop.adjacent.length === 0) problems.push(`${stop.label}: no background found beside the focus outline`);
  if (stop.obscured) problems.push(`${stop.label}: hidden under other content while focused`);
  return problems;
}

/**
 * The boxes whose order should follow the reading order: each stop where it begins, except that
 * the links of one graphic (the service-area map) count as the graphic itself, entered once, and
 * a fixed bar at the screen's edge (the phone call bar) stands outside the page's flow.
 */
function readingSequence(stops: FocusStop[]) {
  const sequence: { label: string; left: number; top: number; width: number; height: number }[] = [];
  stops.forEach((stop, index) => {
    if (stop.fixed) return;
    if (stop.graphic && stop.graphic.key === stops[index - 1]?.graphic?.key) return;
    sequence.push({
      label: stop.graphic ? `the graphic around ${stop.label}` : stop.label,
      ...(stop.graphic?.box ?? stop.start),
    });
  });
  return sequence;
}

interface Walk {
  /** One entry per element focused, in order; a frame counts once however many stops it has. */
  stops: FocusStop[];
  /** What the document says Tab should reach, in document order. */
  expected: string[];
  /** Focus moved on from the last element, instead of being held somewhere. */
  leftPage: boolean;
}

/** Presses Tab from the top of a freshly loaded page until focus leaves the page or comes round. */
async function walkWithTab(): Promise<Walk> {
  const expected = await page.evaluate(tabbableKeys);
  const stops: FocusStop[] = [];
  // Room for the stand-in form's three fields inside the frame, and a margin.
  for (let press = 0; press < expected.length + 10; press += 1) {
    await pressKey("Tab");
    const stop = await page.evaluate(probeFocus);
    // After the last element focus goes to the browser's own controls, or (depending on where it
    // was before the page loaded) straight round to the first element again: either way, not held.
    if (stop.none || (stops.length > 0 && stop.key === stops[0]?.key)) return { stops, expected, leftPage: true };
    if (stop.key === stops.at(-1)?.key && stop.inFrame) continue;
    stops.push(stop);
  }
  return { stops, expected, leftPage: false };
}

describe("skip link", () => {
  for (const sitePage of everyPage) {
    it(`is the first stop and moves focus into main on ${sitePage.label}`, async () => {
      await load(sitePage.path, 1280, sitePage.origin());
      await pressKey("Tab");
      const skip = page.locator(":focus");
      expect(await skip.evaluate((element) => element.matches("a.skip-link"))).toBe(true);
      expect(await skip.innerText()).toBe("Skip to main content");
      expect(await skip.getAttribute("href")).toBe("#main");
      const stop = await page.evaluate(probeFocus);
      expect(stop.box.top, "the focused skip link is on screen").toBeGreaterThanOrEqual(0);
      expect(ringProblems(stop)).toEqual([]);

      await pressKey("Enter");
      expect(await page.evaluate(() => location.hash)).toBe("#main");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
      await pressKey("Tab");
      const firstInMain = await page.evaluate(() => {
        const main = document.getElementById("main");
        return main?.contains(document.activeElement) && document.activeElement !== main;
      });
      expect(firstInMain, "Tab after the skip link lands inside main").toBe(true);
    });
  }
});

describe("Tab through a page of each kind", () => {
  for (const sitePage of everyKind) {
    for (const width of [390, 1280]) {
      it(`${sitePage.label} at ${width} px: reaches everything in reading order with a visible ring, and lets go`, async () => {
        await load(sitePage.path, width, sitePage.origin());
        const walk = await walkWithTab();
        const lastStops = `${walk.stops.length} of ${walk.expected.length}: ${walk.stops
          .slice(-5)
          .map((stop) => stop.label)
          .join(", ")}`;
        expect(walk.leftPage, `focus leaves the page after the last element (no trap); last stops: ${lastStops}`).toBe(
          true,
        );
        expect(walk.stops.map((stop) => stop.key)).toEqual(walk.expected);
        const problems = walk.stops.filter((stop) => !stop.inFrame).flatMap(ringProblems);
        expect(problems).toEqual([]);
        const order = readingOrderBreaks(readingSequence(walk.stops));
        expect(order).toEqual([]);
      });
    }
  }

  it("shows a ring on every link of the open mobile menu, in order, and closes it when focus moves on", async () => {
    await load("/services", 390);
    expect(await tabTo("[data-menu-button]")).toBe(true);
    await pressKey("Enter");
    const menuLinks = await page.locator("#site-menu a").count();
    const stops: FocusStop[] = [await page.evaluate(probeFocus)];
    for (let link = 0; link < menuLinks; link += 1) {
      await pressKey("Tab");
      stops.push(await page.evaluate(probeFocus));
    }
    expect(
      await page
        .locator("#site-menu a")
        .last()
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    expect(stops.flatMap(ringProblems)).toEqual([]);
    expect(readingOrderBreaks(readingSequence(stops))).toEqual([]);

    await pressKey("Tab");
    expect(await menuButton().getAttribute("aria-expanded"), "leaving the menu closes it").toBe("false");
    expect(ringProblems(await page.evaluate(probeFocus))).toEqual([]);
  });
});

describe("mobile menu by keyboard", () => {
  it("opens with Enter and with Space, and Escape closes it and returns focus to its button", async () => {
    await load("/services", 390);
    const button = menuButton();
    const menu = page.locator("#site-menu");
    expect(await tabTo("[data-menu-button]"), "Tab reaches the menu button").toBe(true);
    const buttonKey = await activeKey();

    await pressKey("Enter");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.isVisible()).toBe(true);
    await pressKey("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isVisible()).toBe(false);
    expect(await activeKey()).toBe(buttonKey);

    await pressKey("Space");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await pressKey("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    await pressKey("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isVisible()).toBe(false);
    expect(await activeKey(), "Escape from a menu link returns focus to the button").toBe(buttonKey);

    await pressKey("Space");
    await pressKey("Space");
    expect(await button.getAttribute("aria-expanded"), "Space toggles it closed again").toBe("false");
  });
});

describe("the contact form frame", () => {
  /** Presses a key until the focused element is `target`, or gives up; returns the presses made. */
  async function pressUntil(key: string, target: string, limit: number): Promise<number | undefined> {
    for (let press = 1; press <= limit; press += 1) {
      await pressKey(key);
      if ((await activeKey()) === target) return press;
    }
    return undefined;
  }

  it("lets focus into the provider's form and out again, both ways", async () => {
    await load("/contact", 1280);
    // The frame may load after the page's load event (it is lazy-loaded): wait for its form.
    await page.frameLocator("iframe").locator('[name="name"]').waitFor();
    const keys = await page.evaluate(tabbableKeys);
    const frameIndex = keys.findIndex((key) => /iframe:\d+$/.test(key));
    const before = keys[frameIndex - 1];
    const after = keys[frameIndex + 1];
    expect(frameIndex, "the form frame is in the tab order").toBeGreaterThan(0);
    expect(before && after, "focusable elements on both sides of the frame").toBeTruthy();

    await page.locator(".lead-form-note a").focus();
    expect(await activeKey()).toBe(before);
    await pressKey("Tab");
    const frame = page.frames()[1];
    expect(await frame?.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    // From the name field: phone, send, then out of the frame; and back: send, phone, name, out.
    expect(await pressUntil("Tab", after ?? "", 4)).toBe(3);
    expect(await pressUntil("Shift+Tab", before ?? "", 5)).toBe(4);
  });

  it("is passed over when the provider sends an empty document", async () => {
    const emptyProvider = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await stubFormProvider(emptyProvider, model.business, "");
    const other = await emptyProvider.newPage();
    await other.goto(`${site.url}/contact`, { waitUntil: "load" });
    await settled(other);
    expect(await other.locator(".lead-form iframe").count()).toBe(1);
    await other.locator(".lead-form-note a").focus();
    const reached: string[] = [];
    for (let press = 0; press < 3; press += 1) {
      await pressKey("Tab", other);
      reached.push(
        await other.evaluate(() =>
          document.activeElement?.closest("aside") ? "aside" : (document.activeElement?.tagName ?? ""),
        ),
      );
    }
    expect(reached, "focus moves past the empty frame to the call-us box").toContain("aside");
    await emptyProvider.close();
  });
});

describe("target size (WCAG 2.5.8)", () => {
  for (const sitePage of everyPage) {
    it(`every pointer target on ${sitePage.label} is 24 × 24 px, spaced out, or inline in a sentence`, async () => {
      const failures: string[] = [];
      for (const width of [390, 1280]) {
        await load(sitePage.path, width, sitePage.origin());
        for (const failure of targetSizeFailures(await page.evaluate(pointerTargets, "body")))
          failures.push(`${width} px: ${failure}`);
        if (width < 1280) {
          // The open menu covers the page below the header; what it adds is in the header.
          await menuButton().click();
          const header = await page.evaluate(pointerTargets, ".site-header");
          for (const failure of targetSizeFailures(header)) failures.push(`${width} px, menu open: ${failure}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
