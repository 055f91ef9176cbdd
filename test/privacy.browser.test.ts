// /privacy held to what Chromium observes, page by page, with a stand-in that behaves like the form
// provider's own code (support/form-provider.ts): every statement of its list (site/privacy.ts)
// is checked against the cookies, every storage kind, every Cache Storage entry by kind and every
// request that leaves the site (prerenders and the form's frame included), both ways
// (support/privacy-claims.ts); then the form sent, what the provider's script told the form, a
// copy replaced when its page is opened again, and every copy fetched again as a new worker installs. Firefox and WebKit run the same check
// (privacy-engines.browser.test.ts). And links off the site carry rel="noopener noreferrer".
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrivacyStatement } from "../scripts/site/privacy.ts";
import { launchBrowser, settled } from "./support/browser.ts";
import { formProviderOrigins, PROVIDER_STAND_IN, stubFormProvider } from "./support/form-provider.ts";
import { loadSitePages, type SitePages } from "./support/pages.ts";
import { pageStatements, privacyState, privacyViolations, type PrivacyObservations } from "./support/privacy-claims.ts";
import { serveSharedSite, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
let pages: SitePages;
/** /privacy's statements, as the shared build's page lists them. */
let statements: PrivacyStatement[];
let browser: Browser;
let context: BrowserContext;
/** Every request of every page, prerenders and frames included, with the path of the page open then. */
const requests: { page: string; url: string }[] = [];
const setCookies: string[] = [];
let currentPage = "";

beforeAll(async () => {
  [site, pages] = await Promise.all([serveSharedSite(), loadSitePages()]);
  statements = await pageStatements(pages.model);
  browser = await launchBrowser();
  context = await browser.newContext();
  context.on("request", (request) => requests.push({ page: currentPage, url: request.url() }));
  context.on("response", async (response) => {
    const cookie = await response.headerValue("set-cookie");
    if (cookie) setCookies.push(`${response.url()}: ${cookie}`);
  });
  // Nothing may leave the machine: the provider is answered by the stand-in, anything else off the site is refused.
  const providers = formProviderOrigins(pages.model.business);
  await context.route(
    (requested) => requested.origin !== new URL(site.url).origin && !providers.includes(requested.origin),
    (route) => route.abort("blockedbyclient"),
  );
  await stubFormProvider(context, pages.model.business, PROVIDER_STAND_IN.document, PROVIDER_STAND_IN.script);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const visits: PrivacyObservations["visits"] = [];
const prerendered = new Set<string>();
const links: { page: string; href: string; rel: string }[] = [];

/** Visits every page once, recording what it requested, stored and linked to, and what it would prerender. */
/** What an earlier build kept of the page at `address`, as if the page had changed since. */
const EARLIER_COPY = "An earlier copy";

async function keepEarlierCopy(page: Page, address: string): Promise<void> {
  await page.evaluate(
    async ([key, title]) => {
      const cache = await caches.open("pages");
      await cache.put(
        key,
        new Response(`<!DOCTYPE html><title>${title}</title>`, { headers: { "Content-Type": "text/html" } }),
      );
    },
    [address, EARLIER_COPY] as const,
  );
}

/** The copy the site's worker keeps of the page at `address`, if any. */
function keptCopy(page: Page, address: string): Promise<string | undefined> {
  return page.evaluate(async (key) => (await (await caches.open("pages")).match(key))?.text(), address);
}

async function visitEveryPage() {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  // What the browser would run ahead, by its own reading of the speculation rules (DevTools' Preload
  // domain): every link of a page it would prerender when pointed at. (With DevTools attached it
  // prerenders nothing itself.)
  const devtools = await context.newCDPSession(page);
  devtools.on(
    "Preload.preloadingAttemptSourcesUpdated",
    (event: { preloadingAttemptSources: { key: { action: string; url: string } }[] }) => {
      for (const { key } of event.preloadingAttemptSources) if (key.action === "Prerender") prerendered.add(key.url);
    },
  );
  await devtools.send("Preload.enable");
  for (const { path: urlPath } of pages.pages) {
    currentPage = urlPath;
    // The contact page's provider requests start during load; wait for them to settle there.
    await page.goto(`${site.url}${urlPath}`, { waitUntil: urlPath === "/contact" ? "networkidle" : "load" });
    await settled(page);
    visits.push({ path: urlPath, state: await page.evaluate(privacyState) });
    for (const link of await page.$$eval("a[href]", (anchors) =>
      // getAttribute, not .href: links inside SVG drawings have no string href property.
      anchors.map((anchor) => ({
        href: new URL(anchor.getAttribute("href")!, location.href).href,
        rel: anchor.getAttribute("rel") ?? "",
      })),
    ))
      links.push({ page: urlPath, ...link });
  }
  await page.close();
}

describe("/privacy in Chromium", () => {
  // Every page in Chromium, each read for cookies, storage, Cache Storage and requests: minutes.
  beforeAll(visitEveryPage, 300_000);

  it("says what every page does, and every page does no more than it says", async () => {
    expect(visits).toHaveLength(pages.pages.length);
    const seen: PrivacyObservations = {
      siteOrigin: new URL(site.url).origin,
      visits,
      otherRequests: requests,
      prerendered: [...prerendered],
      engineCookies: [...setCookies, ...(await context.cookies()).map((cookie) => `${cookie.domain}: ${cookie.name}`)],
      workerSeesNavigations: true,
    };
    expect(privacyViolations(statements, seen)).toEqual([]);
    expect(seen.prerendered, "the browser would prerender the other pages").toContain(`${site.url}/towns`);
    // The contact page does load the form: its frame and its script.
    const providers = new Set(formProviderOrigins(pages.model.business));
    expect(
      requests.filter((request) => providers.has(new URL(request.url).origin)).map((request) => request.page),
    ).toEqual(["/contact", "/contact"]);
  });

  it("on /contact, says what the provider's script tells the form and keeps once it is sent", async () => {
    const page = await context.newPage();
    await page.goto(`${site.url}/services`, { waitUntil: "load" });
    const from = page.url();
    const address = `${site.url}/contact?utm_source=newsletter&gclid=test-click`;
    // Followed as a link is, so that the contact page has the services page as its referrer.
    await page.evaluate((target) => (location.href = target), address);
    await page.waitForURL(address, { waitUntil: "load" });
    await settled(page);
    const form = page.frames().find((frame) => frame.url().includes("/widget/form/"))!;
    await form.waitForFunction(() => document.getElementById("received")!.textContent !== "");
    const told = {
      address: (await form.textContent("#received"))!,
      referrer: (await form.textContent("#referrer"))!,
    };
    const before = await page.evaluate(privacyState);
    await form.fill("input[name=name]", "Pat Doe");
    await form.fill("input[name=email]", "pat@example.com");
    await form.fill("input[name=phone]", "(217) 555-0100");
    await form.click("button[type=submit]");
    await page.waitForFunction(() => localStorage.getItem("_ud") !== null);
    const seen: PrivacyObservations = {
      siteOrigin: new URL(site.url).origin,
      visits: [{ path: "/contact", state: before }],
      workerSeesNavigations: true,
      keysAfterSending: (await page.evaluate(privacyState)).local,
      formWasTold: { address, from, told },
    };
    expect(privacyViolations(statements, seen)).toEqual([]);
    expect(told.address).toBe(address);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it("replaces a page's copy with the page as it is when the page is opened again", async () => {
    const page = await context.newPage();
    await page.goto(`${site.url}/towns/charleston`, { waitUntil: "load" });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const key = `${site.url}/towns/charleston`;
    // An earlier build's copy, as if the page had changed since it was kept.
    await keepEarlierCopy(page, key);
    await page.goto(`${site.url}/services`, { waitUntil: "load" });
    await page.goto(key, { waitUntil: "load" });
    const copy = () => keptCopy(page, key);
    await expect.poll(async () => (await copy())?.includes(EARLIER_COPY), { timeout: 10_000 }).toBe(false);
    expect(await copy()).toContain("<title>");
    const seen: PrivacyObservations = {
      siteOrigin: new URL(site.url).origin,
      visits: [],
      workerSeesNavigations: true,
      copyReplaced: !(await copy())!.includes(EARLIER_COPY),
    };
    expect(privacyViolations(statements, seen)).toEqual([]);
    await page.close();
  });

  it("fetches every kept copy again, of a page not open too, when a new version of the site's worker installs", async () => {
    const page = await context.newPage();
    const key = `${site.url}/towns/charleston`;
    await page.goto(key, { waitUntil: "load" });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`${site.url}/services`, { waitUntil: "load" });
    const copy = () => keptCopy(page, key);
    // An earlier build's copy of a page that is not open now.
    await keepEarlierCopy(page, key);
    expect(await copy()).toContain(EARLIER_COPY);
    // The site's worker at another address (the server leaves the query aside) is a new worker to
    // the browser, which installs it as it installs a new build's: the same install step.
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?version=next"));
    await expect.poll(async () => (await copy())?.includes(EARLIER_COPY), { timeout: 15_000 }).toBe(false);
    expect(await copy()).toContain("<title>");
    const seen: PrivacyObservations = {
      siteOrigin: new URL(site.url).origin,
      visits: [],
      workerSeesNavigations: true,
      copiesRefreshed: !(await copy())!.includes(EARLIER_COPY),
    };
    expect(privacyViolations(statements, seen)).toEqual([]);
    await page.close();
  });

  it('gives every link off the site rel="noopener noreferrer"', () => {
    const own = new Set([new URL(site.url).origin, new URL(pages.model.business.url).origin]);
    const external = links.filter((link) => /^https?:/.test(link.href) && !own.has(new URL(link.href).origin));
    expect(external.length).toBeGreaterThan(0);
    for (const link of external) {
      const rel = link.rel.split(/\s+/);
      expect(rel, `${link.page} → ${link.href}`).toContain("noopener");
      expect(rel, `${link.page} → ${link.href}`).toContain("noreferrer");
    }
  });
});
