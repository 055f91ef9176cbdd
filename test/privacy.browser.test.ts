// Privacy, page by page in Chromium, with a stand-in that behaves like the form provider's own
// code (support/form-provider.ts): every request a page makes stays on the site's own origin,
// except the lead-form provider's frame and script on the contact page; no cookie is set, and the
// site writes no storage but the service worker's copies of its own pages (kept for use offline,
// like the browser's own cache); once the form is sent on /contact, the browser keeps exactly what
// the privacy page names for the provider; and links off the site carry rel="noopener noreferrer".
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, settled } from "./support/browser.ts";
import { formProviderOrigins, PROVIDER_STAND_IN, stubFormProvider } from "./support/form-provider.ts";
import { loadSitePages, type SitePages } from "./support/pages.ts";
import { serveSharedSite, type BuiltSite } from "./support/site.ts";

declare global {
  interface Window {
    storageWrites?: string[];
  }
}

let site: BuiltSite;
let pages: SitePages;
let browser: Browser;
let context: BrowserContext;
/** Every request of every page, with the path of the page that made it. */
const requests: { page: string; url: string; type: string }[] = [];
const setCookies: string[] = [];
let currentPage = "";

beforeAll(async () => {
  [site, pages] = await Promise.all([serveSharedSite(), loadSitePages()]);
  browser = await launchBrowser();
  context = await browser.newContext();
  // Counts writes to localStorage and sessionStorage from the first line of every document.
  await context.addInitScript(() => {
    window.storageWrites = [];
    for (const method of ["setItem", "removeItem", "clear"] as const) {
      const original = Storage.prototype[method] as (...args: unknown[]) => unknown;
      Storage.prototype[method] = function (this: Storage, ...args: unknown[]) {
        window.storageWrites!.push(`${method}(${args.map(String).join(", ")})`);
        return original.apply(this, args);
      } as never;
    }
  });
  context.on("request", (request) =>
    requests.push({ page: currentPage, url: request.url(), type: request.resourceType() }),
  );
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

interface PageVisit {
  path: string;
  state: Record<string, unknown>;
  links: { href: string; rel: string }[];
}
const visits: PageVisit[] = [];

/** Visits every page once, recording what it requested, stored and linked to. */
async function visitEveryPage() {
  const page = await context.newPage();
  for (const { path: urlPath } of pages.pages) {
    currentPage = urlPath;
    // The contact page's provider requests start during load; wait for them to settle there.
    await page.goto(`${site.url}${urlPath}`, { waitUntil: urlPath === "/contact" ? "networkidle" : "load" });
    await settled(page);
    const state = await page.evaluate(async () => ({
      // Once the page's worker is active (a moment after its first load): its state is then settled.
      ready: await Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]),
      cookie: document.cookie,
      local: Object.keys(localStorage),
      session: sessionStorage.length,
      writes: window.storageWrites ?? [],
      databases: (await indexedDB.databases()).length,
      caches: await caches.keys(),
      kept: await Promise.all(
        (await caches.keys()).map(async (name) =>
          (await (await caches.open(name)).keys()).map((request) => request.url),
        ),
      ).then((lists) => lists.flat()),
      workers: (await navigator.serviceWorker.getRegistrations()).map((registration) => ({
        scope: registration.scope,
        script: (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL,
      })),
    }));
    const links = await page.$$eval("a[href]", (anchors) =>
      // getAttribute, not .href: links inside SVG drawings have no string href property.
      anchors.map((anchor) => ({
        href: new URL(anchor.getAttribute("href")!, location.href).href,
        rel: anchor.getAttribute("rel") ?? "",
      })),
    );
    visits.push({ path: urlPath, state, links });
  }
  await page.close();
}

describe("privacy on every page", () => {
  beforeAll(visitEveryPage);

  it("sends no request off the site, except the provider's frame and script on the contact page", () => {
    expect(visits).toHaveLength(pages.pages.length);
    const siteOrigin = new URL(site.url).origin;
    const providers = new Set(formProviderOrigins(pages.model.business));
    const offSite = requests.filter((request) => new URL(request.url).origin !== siteOrigin);
    const allowed = offSite.filter(
      (request) => request.page === "/contact" && providers.has(new URL(request.url).origin),
    );
    expect(offSite.filter((request) => !allowed.includes(request))).toEqual([]);
    // The contact page does embed the form: its frame and script were requested (and answered by the stand-in).
    expect(allowed.map((request) => request.type).sort()).toEqual(["document", "script"]);
    expect(requests.filter((request) => request.page === "/").length).toBeGreaterThan(0);
  });

  it("sets no cookie, and keeps nothing of its own but the service worker's copies of its pages (on /contact, the form provider's record of the visit)", async () => {
    const origin = new URL(site.url).origin;
    for (const visit of visits) {
      const { caches, kept, workers, ready, ...rest } = visit.state as {
        ready: boolean;
        caches: string[];
        kept: string[];
        workers: { scope: string; script?: string }[];
        writes: string[];
      };
      // The form provider's helper records each visit of the contact page (privacy page: what it
      // keeps), and that record stays for the pages visited after it; the site writes nothing.
      const providerRecord = `embedded_iframe_${Object.fromEntries(pages.model.business.leadForm.frameAttributes).id}`;
      const { local, writes, ...storage } = rest as typeof rest & { local: string[] };
      expect(storage, visit.path).toEqual({ cookie: "", session: 0, databases: 0 });
      expect(
        local.filter((key) => key !== providerRecord),
        visit.path,
      ).toEqual([]);
      expect(
        writes.map((write) => write.split(",")[0]),
        visit.path,
      ).toEqual(visit.path === "/contact" ? [`setItem(${providerRecord}`] : []);
      expect(ready, `${visit.path}: the site's worker is active`).toBe(true);
      // At most the site's one worker and its one cache, holding addresses of this site, with no query.
      const others = workers.filter((worker) => worker.scope !== `${origin}/` || worker.script !== `${origin}/sw.js`);
      expect(others, visit.path).toEqual([]);
      expect(workers.length, visit.path).toBe(1);
      expect(
        caches.filter((name) => name !== "pages"),
        visit.path,
      ).toEqual([]);
      expect(
        kept.filter((url) => !url.startsWith(`${origin}/`) || url.includes("?")),
        visit.path,
      ).toEqual([]);
    }
    expect(setCookies).toEqual([]);
    expect(await context.cookies()).toEqual([]);
  });

  it("keeps on /contact, once the form is sent, exactly what the privacy page names for the provider", async () => {
    const frameId = Object.fromEntries(pages.model.business.leadForm.frameAttributes).id;
    const page = await context.newPage();
    await page.goto(`${site.url}/privacy`);
    const named = await page.$$eval("[data-provider-storage]", (names) => names.map((name) => name.textContent));
    expect(named.length).toBeGreaterThan(0);
    await page.goto(`${site.url}/contact`, { waitUntil: "load" });
    await settled(page);
    expect(await page.evaluate(() => Object.keys(localStorage)), "before the form is sent").toEqual([
      `embedded_iframe_${frameId}`,
    ]);
    const form = page.frames().find((frame) => frame.url().includes("/widget/form/"))!;
    await form.fill("input[name=name]", "Pat Doe");
    await form.fill("input[name=email]", "pat@example.com");
    await form.fill("input[name=phone]", "(217) 555-0100");
    await form.click("button[type=submit]");
    await page.waitForFunction(() => localStorage.getItem("_ud") !== null);
    expect((await page.evaluate(() => Object.keys(localStorage))).sort()).toEqual([...named].sort());
    expect(await page.evaluate(() => [document.cookie, sessionStorage.length])).toEqual(["", 0]);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it('gives every link off the site rel="noopener noreferrer"', () => {
    const own = new Set([new URL(site.url).origin, new URL(pages.model.business.url).origin]);
    const external = visits.flatMap((visit) =>
      visit.links
        .filter((link) => /^https?:/.test(link.href) && !own.has(new URL(link.href).origin))
        .map((link) => ({ ...link, page: visit.path })),
    );
    expect(external.length).toBeGreaterThan(0);
    for (const link of external) {
      const rel = link.rel.split(/\s+/);
      expect(rel, `${link.page} → ${link.href}`).toContain("noopener");
      expect(rel, `${link.page} → ${link.href}`).toContain("noreferrer");
    }
  });
});
