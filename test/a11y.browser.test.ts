// axe-core on every page of the built site: WCAG 2.0-2.2 A and AA plus best practices, on a phone
// with the menu closed and open, and on a desktop screen; and on the pages that show jobs, in a
// build with the tests' jobs (the shipped data has none).
import { afterAll, describe, expect, it } from "vitest";
import { runAxe } from "./support/axe.ts";
import { settled } from "./support/browser.ts";
import { JOB_PAGES, loadSitePages, type SitePage } from "./support/pages.ts";
import { openBrowserSite } from "./support/browser-site.ts";

const { model, routes, pages } = await loadSitePages();

interface ViewState {
  name: string;
  width: number;
  menuOpen: boolean;
}

// The menu button exists only on narrow screens; at 1280 px it is hidden and the links are always
// shown, so "menu open" is a state of the phone width only and the desktop width is checked once.
const STATES: ViewState[] = [
  { name: "390 px, menu closed", width: 390, menuOpen: false },
  { name: "390 px, menu open", width: 390, menuOpen: true },
  { name: "1280 px", width: 1280, menuOpen: false },
];

let statesChecked = 0;

const { site, jobsSite, page, close } = await openBrowserSite(model.business, { jobs: true });
afterAll(close);

async function showState(state: ViewState): Promise<void> {
  const button = page.locator("[data-menu-button]");
  if (state.menuOpen) {
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator("#site-menu").isVisible()).toBe(true);
  } else if (state.width >= 1280) {
    expect(await button.isVisible(), "the menu button is hidden on wide screens").toBe(false);
    expect(await page.locator("#site-menu").isVisible()).toBe(true);
  }
}

describe("the axe harness", () => {
  it("reports violations when a page has them, including inside the form frame", async () => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${site.url}/contact`, { waitUntil: "load" });
    await settled(page);
    await page.evaluate(() => {
      const image = document.createElement("img");
      image.src = "/favicon.svg";
      document.querySelector("main")?.append(image);
      // Through the CSSOM: the site's Content-Security-Policy refuses style attributes.
      document.querySelector("h1")?.style.setProperty("color", "#ccc");
    });
    const frame = page.frames()[1];
    expect(frame, "the contact page's form frame").toBeDefined();
    await frame?.evaluate(() => {
      document.body.innerHTML = "<input type=text>";
    });
    const rules = (await runAxe(page)).map((violation) => violation.rule).sort();
    expect(rules).toEqual(expect.arrayContaining(["color-contrast", "image-alt", "label"]));
  });
});

/** axe-core's findings on a page in each of the three states. */
async function violationsOn(siteUrl: string, sitePage: SitePage): Promise<string[]> {
  const violations: string[] = [];
  let shown: ViewState | undefined;
  for (const state of STATES) {
    // The menu opens on the page just read with it closed, at the same width, as a visitor opens it.
    const menuOpensHere = state.menuOpen && shown?.width === state.width && !shown.menuOpen;
    if (!menuOpensHere) {
      await page.setViewportSize({ width: state.width, height: 900 });
      const response = await page.goto(`${siteUrl}${sitePage.path}`, { waitUntil: "load" });
      expect(response?.status()).toBe(sitePage.status);
      await settled(page);
    }
    await showState(state);
    shown = state;
    for (const violation of await runAxe(page)) {
      violations.push(
        `[${state.name}] ${violation.rule} (${violation.impact}): ${violation.help}\n    ${violation.nodes.join("\n    ")}`,
      );
    }
    statesChecked += 1;
  }
  return violations;
}

describe("axe-core finds no violation", () => {
  for (const sitePage of pages) {
    it(`on ${sitePage.path} (${sitePage.kind})`, async () => {
      expect(await violationsOn(site.url, sitePage)).toEqual([]);
    });
  }

  for (const sitePage of JOB_PAGES) {
    it(`on ${sitePage.path} (${sitePage.kind}), with the tests' jobs`, async () => {
      expect(await violationsOn(jobsSite!.url, sitePage)).toEqual([]);
    });
  }

  it("checked every page in each of the three states", () => {
    // Every page of the route table, and the not-found page.
    expect(pages).toHaveLength(routes.length + 1);
    expect(statesChecked).toBe((pages.length + JOB_PAGES.length) * STATES.length);
  });
});
