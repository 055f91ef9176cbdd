// The behaviour tests each engine runs (test/firefox.browser.test.ts, test/webkit.browser.test.ts):
// the mobile menu, and Back after following one of its links; /#contact and the skip link; the call
// bar, its room at the page's end and keyboard focus; the 404 page; a clean console on every page;
// no sideways scrolling at 320, 390 and 1280 px. The engine's test supplies the driver. The page
// functions are self-contained: only their own source reaches the browser.
import { expect, it } from "vitest";
import { townPhone } from "../../scripts/data/model.ts";
import { NOT_FOUND_PROBE, type SitePages } from "./pages.ts";

/** What the tests need of a browser, whichever protocol drives it. */
export interface EngineDriver {
  /** Loads `path` at `width` × 844 px and waits for its load event; resolves with the HTTP status. */
  load(path: string, width?: number): Promise<number | undefined>;
  evaluate<T>(pageFunction: () => T): Promise<T>;
  waitFor(pageFunction: () => boolean, timeout?: number): Promise<void>;
  click(selector: string): Promise<void>;
  press(key: "Tab" | "Enter"): Promise<void>;
  back(): Promise<void>;
  /** What the page wrote to its console as errors and warnings, and what it threw, since the last load. */
  problems(): Promise<string[]>;
}

export interface BehaviourSetting {
  driver: EngineDriver;
  sitePages: SitePages;
}

/** The mobile menu's state: its button's aria-expanded, and whether its list is shown. */
function menuState() {
  return {
    expanded: document.querySelector("[data-menu-button]")?.getAttribute("aria-expanded"),
    listShown: getComputedStyle(document.getElementById("site-menu")!).display !== "none",
  };
}

/** The room focus scrolled into view keeps at the screen's bottom, and the call bar's height. */
export function callBarRoom() {
  return {
    scrollPadding: getComputedStyle(document.documentElement).scrollPaddingBottom,
    barHeight: document.querySelector(".call-bar")!.getBoundingClientRect().height,
  };
}

/** scroll-padding-bottom is a length (not `auto`) equal to the call bar's height. */
export function expectRoomForCallBar(room: ReturnType<typeof callBarRoom>): void {
  expect(room.scrollPadding).toMatch(/^\d+(\.\d+)?px$/);
  expect(room.barHeight).toBeGreaterThan(40);
  expect(Number.parseFloat(room.scrollPadding)).toBeCloseTo(room.barHeight, 0);
}

/**
 * Opens the menu at 390 px, follows a link in it and goes Back: the page comes out of the
 * back/forward cache as it was left (the case that needs the site's pagehide handler), and must
 * show the menu closed.
 */
export async function expectMenuClosedAfterBack(driver: EngineDriver): Promise<void> {
  await driver.load("/services");
  await driver.evaluate(() =>
    addEventListener("pageshow", (event) => {
      if (event.persisted) document.body.dataset.restored = "";
    }),
  );
  await driver.click("[data-menu-button]");
  await driver.click("#site-menu a[href='/towns']");
  await driver.waitFor(() => location.pathname === "/towns" && document.readyState === "complete");
  await driver.back();
  await driver.waitFor(() => location.pathname === "/services" && document.readyState === "complete");
  // A fresh load would not have the listener above.
  expect(await driver.evaluate(() => "restored" in document.body.dataset), "restored from the cache").toBe(true);
  expect(await driver.evaluate(menuState)).toEqual({ expanded: "false", listShown: false });
}

function callBar() {
  const element = document.querySelector(".call-bar")!;
  const box = element.getBoundingClientRect();
  return {
    top: box.top,
    bottom: box.bottom,
    shown: getComputedStyle(element).display !== "none",
    call: element.querySelector("a")!.getAttribute("href"),
    heights: [...element.querySelectorAll("a")].map((link) => link.getBoundingClientRect().height),
  };
}

/** Defines the behaviour tests; call inside the engine's describe(). `setting` is read as each test runs. */
export function behaviourTests(setting: () => BehaviourSetting): void {
  it("opens and closes the mobile menu with its button", async () => {
    const { driver } = setting();
    await driver.load("/services");
    expect(await driver.evaluate(menuState)).toEqual({ expanded: "false", listShown: false });
    await driver.click("[data-menu-button]");
    expect(await driver.evaluate(menuState)).toEqual({ expanded: "true", listShown: true });
    await driver.click("[data-menu-button]");
    expect(await driver.evaluate(menuState)).toEqual({ expanded: "false", listShown: false });
  });

  it("shows the page with the menu closed on Back after following a link in the open menu", async () => {
    await expectMenuClosedAfterBack(setting().driver);
  });

  it("lands on the home page's contact section from /#contact, and the skip link moves focus", async () => {
    const { driver } = setting();
    await driver.load("/#contact", 1280);
    await driver.waitFor(() => Math.abs(document.getElementById("contact")!.getBoundingClientRect().top) < 2, 5000);
    await driver.load("/towns/paris", 1280);
    await driver.press("Tab");
    expect(await driver.evaluate(() => document.activeElement?.className)).toBe("skip-link");
    await driver.press("Enter");
    await driver.waitFor(() => location.hash === "#main" && document.activeElement?.id === "main");
  });

  it("shows the call bar on a phone, with the page's number, and moves it aside for keyboard focus", async () => {
    const { driver, sitePages } = setting();
    await driver.load("/towns/decatur");
    const town = [...sitePages.model.towns, ...sitePages.model.alsoServing].find((t) => t.slug === "decatur")!;
    const resting = await driver.evaluate(callBar);
    expect(resting).toMatchObject({ shown: true, call: townPhone(sitePages.model.business, town).href });
    expect(resting.bottom).toBeCloseTo(844, 0);
    for (const height of resting.heights) expect(height).toBeGreaterThanOrEqual(44);
    // Keyboard focus on a link of the page: the bar steps below the screen.
    await driver.press("Tab");
    await driver.press("Tab");
    expect((await driver.evaluate(callBar)).top).toBeGreaterThanOrEqual(844);
    await driver.load("/towns/decatur", 1280);
    expect((await driver.evaluate(callBar)).shown).toBe(false);
  });

  it("keeps the call bar's height free at the screen's bottom when focus scrolls (scroll-padding)", async () => {
    const { driver } = setting();
    await driver.load("/towns/decatur");
    expectRoomForCallBar(await driver.evaluate(callBarRoom));
  });

  it("shows the 404 page with status 404, and logs the missing path", async () => {
    const { driver } = setting();
    const status = await driver.load(NOT_FOUND_PROBE);
    expect(status).toBe(404);
    expect(await driver.evaluate(() => document.querySelector("h1")?.textContent)).toMatch(
      /^404\W+Oops! Page not found$/,
    );
    expect(await driver.evaluate(() => document.body.innerText)).toContain("404");
    expect(await driver.evaluate(() => document.querySelector("main a[href='/']")?.textContent)).toBe("Return to Home");
    expect(await driver.problems()).toEqual([`error: Page not found: ${NOT_FOUND_PROBE}`]);
  });

  it("writes no error or warning to the console on any page (the 404 page's log aside)", async () => {
    const { driver, sitePages } = setting();
    const found: string[] = [];
    for (const sitePage of sitePages.pages.filter((p) => p.status === 200)) {
      await driver.load(sitePage.path);
      found.push(...(await driver.problems()).map((problem) => `${sitePage.path}: ${problem}`));
    }
    expect(found).toEqual([]);
  });

  it("never scrolls sideways at 320, 390 or 1280 px", async () => {
    const { driver, sitePages } = setting();
    const wide: string[] = [];
    for (const width of [320, 390, 1280]) {
      for (const sitePage of sitePages.pages) {
        await driver.load(sitePage.path, width);
        const overflow = await driver.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) wide.push(`${sitePage.path} at ${width} px: ${overflow} px too wide`);
      }
    }
    expect(wide).toEqual([]);
  }, 180_000); // every page at three widths in the engine: about 135 page loads
}
