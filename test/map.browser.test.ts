// The service-area map as visitors get it, in Chromium at phone and desktop widths: legible names
// that do not collide, dots that open their town page, visible keyboard focus, no console errors
// (the Content Security Policy refuses inline styles), nothing axe objects to.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AXE_TAGS } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { serveSharedSite, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSharedSite(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface DrawnMap {
  svg: Rect;
  /** Names shown at this width, with their on-screen box and size in CSS pixels. */
  labels: { text: string; town: string; rect: Rect; fontPx: number }[];
  dots: { town: string; rect: Rect }[];
  counties: { text: string; rect: Rect; fontPx: number }[];
}

/** Where the map's names and dots ended up on screen. */
function drawnMap(page: Page): Promise<DrawnMap> {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    };
    const shown = (element: Element) =>
      getComputedStyle(element).display !== "none" && element.getClientRects().length > 0;
    const screenPx = (element: SVGGraphicsElement) =>
      parseFloat(getComputedStyle(element).fontSize) * (element.getScreenCTM()?.a ?? 0);
    const svg = document.querySelector(".area-map-svg")!;
    const townOf = (element: Element) => element.closest("a")?.getAttribute("href") ?? "";
    return {
      svg: box(svg),
      labels: [...svg.querySelectorAll<SVGTextElement>(".map-town text")].filter(shown).map((text) => ({
        text: text.textContent ?? "",
        town: townOf(text),
        rect: box(text),
        fontPx: screenPx(text),
      })),
      dots: [...svg.querySelectorAll(".map-dot, .map-home")].map((dot) => ({
        town: townOf(dot),
        rect: box(dot),
      })),
      counties: [...svg.querySelectorAll<SVGTextElement>(".map-county-names text")].map((text) => ({
        text: text.textContent ?? "",
        rect: box(text),
        fontPx: screenPx(text),
      })),
    };
  });
}

/** axe's findings inside the map and its legend only: the rest of the page has its own tests. */
async function axeOnMap(page: Page): Promise<string[]> {
  await page.evaluate(await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run(context: object, options: object): Promise<AxeResults> };
    };
    const results = await axe.run({ include: [".area-map"] }, { runOnly: { type: "tag", values: tags } });
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  }, AXE_TAGS);
}

/** Overlap with a pixel of slack for anti-aliasing and font rounding. */
const intersects = (a: Rect, b: Rect) =>
  a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
])("the map at $width px", ({ width, height }) => {
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width, height } });
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${site.url}/towns`);
  });

  afterAll(async () => {
    await page?.close();
  });

  it("fits the page without sideways scrolling, with no console error", async () => {
    const map = await drawnMap(page);
    expect(map.svg.right - map.svg.left).toBeGreaterThan(width * 0.6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
  });

  it("shows names at a legible size, none overlapping another name or a dot", async () => {
    const map = await drawnMap(page);
    expect(map.labels.length).toBeGreaterThanOrEqual(18);
    for (const label of map.labels) {
      expect(label.fontPx, label.text).toBeGreaterThanOrEqual(11);
      expect(label.rect.left, label.text).toBeGreaterThanOrEqual(map.svg.left - 1);
      expect(label.rect.right, label.text).toBeLessThanOrEqual(map.svg.right + 1);
    }
    const names = [...map.labels, ...map.counties];
    names.forEach((name, i) => {
      for (const other of names.slice(i + 1)) {
        expect(intersects(name.rect, other.rect), `${name.text} / ${other.text}`).toBe(false);
      }
    });
    for (const label of map.labels) {
      for (const dot of map.dots.filter((candidate) => candidate.town !== label.town)) {
        expect(intersects(label.rect, dot.rect), `${label.text} on the dot of ${dot.town}`).toBe(false);
      }
    }
  });

  it("names the 7 served counties and the home base", async () => {
    const map = await drawnMap(page);
    expect(map.counties.map((county) => county.text).sort()).toEqual([
      "CHRISTIAN",
      "CLARK",
      "COLES",
      "CUMBERLAND",
      "DOUGLAS",
      "MOULTRIE",
      "SHELBY",
    ]);
    for (const county of map.counties) expect(county.fontPx, county.text).toBeGreaterThanOrEqual(9);
    expect(map.labels.some((label) => label.town === "/towns/mattoon" && label.text.startsWith("Mattoon"))).toBe(true);
  });

  it("shows keyboard focus on a dot", async () => {
    await page.locator("main h1").click();
    let focused = "";
    for (let presses = 0; presses < 60 && !focused.startsWith("/towns/"); presses++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() =>
        document.activeElement?.classList.contains("map-town")
          ? (document.activeElement.getAttribute("href") ?? "")
          : "",
      );
    }
    expect(focused).toBe("/towns/mattoon");
    const ring = await page.evaluate(() => {
      // The ring is drawn on the square around the dot, its first hit area (WebKit draws no outline
      // on the SVG link itself).
      const area = [...document.activeElement!.querySelectorAll<SVGGraphicsElement>(".map-hit")].find(
        (hit) => hit.getClientRects().length > 0,
      )!;
      const { outlineStyle, outlineWidth } = getComputedStyle(area);
      // The outline is drawn in the map's units: measure it on screen.
      const scale = area.getScreenCTM()?.a ?? 0;
      return { style: outlineStyle, px: parseFloat(outlineWidth) * scale };
    });
    expect(ring.style).toBe("solid");
    expect(ring.px).toBeGreaterThanOrEqual(2);
  });

  it("passes axe on the map and its legend", async () => {
    expect(await axeOnMap(page)).toEqual([]);
  });

  it("opens a town page from its dot", async () => {
    await page.locator('.map-town[href="/towns/charleston"] .map-dot').click();
    await page.waitForURL(`${site.url}/towns/charleston`);
    expect(await page.locator("h1").textContent()).toBe("Excavation Services in Charleston");
    await page.goBack();
  });
});
