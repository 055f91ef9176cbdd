// The offline tests each engine runs (test/offline.browser.test.ts in Chromium, and the Firefox and
// WebKit files): a visitor opens two pages, loses the network, opens them again, opens the home and
// contact pages they never opened, and a page they never opened; then a new build with another
// phone number goes live, and the visitor, back online, gets it, and keeps it offline. The engine's
// test supplies the driver and the way to cut the network. The tests run in order and build on
// each other, as one visit does. The page functions are self-contained: only their own source
// reaches the browser.
import { rm } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { generate } from "../../scripts/pipeline/generate.ts";
import type { SitePages } from "./pages.ts";
import type { EngineDriver } from "./behaviour.ts";
import { copyData, replaceInFile } from "./data-copy.ts";

export interface OfflineSetting {
  driver: EngineDriver;
  sitePages: SitePages;
  /** Cuts the browser off the network (false), or gives it back (true). */
  network(up: boolean): Promise<void>;
  /** The folder the site's server serves: the new build goes there. */
  dir: string;
}

/** The number of the next build (a placeholder in the 555-01xx range, as the data's own). */
const NEW_PHONE = { display: "(217) 555-0199", href: "tel:+12175550199" };

/** The page as the visitor reads it: its title and heading, and the numbers it gives. */
function pageFacts() {
  const hrefs = (selector: string) =>
    [...document.querySelectorAll<HTMLAnchorElement>(selector)].map((link) => link.getAttribute("href"));
  return {
    title: document.title,
    heading: document.querySelector("h1")?.textContent?.trim(),
    footerCall: hrefs("footer a[href^='tel:']")[0],
    mainCalls: hrefs("main a[href^='tel:']"),
    mainTexts: hrefs("main a[href^='sms:']"),
    hours: [...document.querySelectorAll("main .hours li")].map((item) => item.textContent?.trim()),
    scripted: document.documentElement.classList.contains("js"),
    // The form provider's frame and helper: a kept copy shown offline goes without them.
    providerParts: document.querySelectorAll("iframe, script[src]").length,
  };
}

/** A visitor new to the site: no service worker, nothing kept (earlier tests in the engine's file registered one). */
async function forgetTheSite() {
  // WebKit's unregister() has now and then not settled while the page it controls is open (two full
  // runs in about ten, each ending WebDriver's 30 s for the script): the registration is marked to
  // go all the same, and goes when the page does, so each step gets 5 s and the next goes on.
  const settled = (step: Promise<unknown>) =>
    Promise.race([step, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  for (const registration of await navigator.serviceWorker.getRegistrations()) await settled(registration.unregister());
  for (const name of await caches.keys()) await settled(caches.delete(name));
}

/** Whether the service worker controls the page: pages are kept from here on. */
function controlled() {
  return navigator.serviceWorker.controller !== null;
}

/**
 * Whether the kept copy of /towns/mattoon gives the number this page's footer gives, waiting up to
 * 20 s for the new build's worker to fetch it again as it installs.
 */
async function keptCopyIsCurrent() {
  const number = document.querySelector("footer a[href^='tel:']")!.getAttribute("href")!;
  for (let attempt = 0; attempt < 200; attempt++) {
    const kept = await caches.match("/towns/mattoon");
    if (kept && (await kept.text()).includes(`href="${number}"`)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Console errors about the Content-Security-Policy: the kept pages and the offline page keep theirs. */
const policyProblems = (problems: string[]) => problems.filter((line) => /security policy|refused/i.test(line));

export function offlineTests(setting: () => OfflineSetting): void {
  const titleOf = (path: string) => setting().sitePages.routes.find((route) => route.path === path)!.meta.title;

  it("keeps each page visited, and the home and contact pages, for use with no network", async () => {
    const { driver, network } = setting();
    await driver.load("/services");
    await driver.evaluate(forgetTheSite);
    await driver.load("/towns/mattoon");
    // The worker keeps the home and contact pages as it installs, before it takes control: WebKit on
    // a machine busy with other browsers' tests has taken longer than 20 s for it (a full run of the
    // suite while other work shared the machine), and within a minute always.
    await driver.waitFor(controlled, 60_000);
    await driver.load("/services/culvert");
    await network(false);
    for (const path of ["/services/culvert", "/towns/mattoon", "/", "/contact", "/contact?utm_source=card"]) {
      await driver.load(path);
      const facts = await driver.evaluate(pageFacts);
      expect(facts.title, path).toBe(titleOf(path.replace(/\?.*$/, "")));
      expect(facts.scripted, `${path}: its scripts run under the policy it was kept with`).toBe(true);
      expect(facts.providerParts, `${path}: no frame to fill with the browser's error`).toBe(0);
      expect(policyProblems(await driver.problems()), path).toEqual([]);
    }
  }, 120_000); // the worker installing (up to a minute in WebKit, above), then five pages loaded offline

  it("opens the offline page, with the numbers to call and text and the hours, for a page never visited", async () => {
    const { driver, sitePages } = setting();
    const { business } = sitePages.model;
    await driver.load("/towns/paris");
    const facts = await driver.evaluate(pageFacts);
    expect(facts.heading).toBe("You are offline");
    expect(facts.mainCalls).toContain(business.phone.href);
    expect(facts.mainTexts).toContain(business.text!.href);
    expect(facts.hours).toEqual(
      expect.arrayContaining(business.hours.map((hours) => `${hours.dayRange}: ${hours.timeRange}`)),
    );
    expect(facts.scripted, "its scripts run under the policy it is sent with").toBe(true);
    expect(policyProblems(await driver.problems())).toEqual([]);
  });

  it("gives a visitor back online the new build, with its new phone number, and keeps that offline", async () => {
    const { driver, network, dir } = setting();
    const data = await copyData();
    await replaceInFile(data, "site.yaml", "primary: (217) 555-0142", `primary: ${NEW_PHONE.display}`);
    await generate({ dataDir: data, outDir: dir });
    await rm(path.dirname(data), { recursive: true, force: true });
    await network(true);
    await driver.load("/services/culvert");
    expect((await driver.evaluate(pageFacts)).footerCall, "online, the page is the new build's").toBe(NEW_PHONE.href);
    expect(await driver.evaluate(keptCopyIsCurrent), "the new worker fetched the kept pages again").toBe(true);
    await network(false);
    await driver.load("/towns/mattoon");
    expect((await driver.evaluate(pageFacts)).footerCall).toBe(NEW_PHONE.href);
    await driver.load("/towns/paris");
    const offline = await driver.evaluate(pageFacts);
    expect(offline.heading).toBe("You are offline");
    expect(offline.mainCalls).toContain(NEW_PHONE.href);
    await network(true);
  });
}
