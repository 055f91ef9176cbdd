// Every page in Chromium with its Content-Security-Policy sent as an HTTP header (by the server
// `npm start` uses, from dist/_headers): no violation anywhere, and the page's behaviour intact —
// the menu script, the speculation rules, and on the contact page the provider's frame and script,
// which the policy must let the browser request (the tests then refuse them at the network); and
// the pages that show jobs, in a build with the tests' jobs, their photos loaded under the policy.
import type { Server } from "node:http";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve } from "../scripts/serve/server.ts";
import { launchBrowser, settled } from "./support/browser.ts";
import { formProviderOrigins } from "./support/form-provider.ts";
import { JOB_PAGES, loadSitePages, type SitePages } from "./support/pages.ts";
import { closeServer, sharedBuild, sharedJobsBuild } from "./support/site.ts";

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

declare global {
  interface Window {
    cspViolations?: Violation[];
  }
}

let server: Server;
let url: string;
/** The build with the tests' jobs, served the same way. */
let jobsServer: Server;
let jobsUrl: string;
let pages: SitePages;
let browser: Browser;
let context: BrowserContext;
/** Requests the server received, with their Sec-Purpose header (set on speculative loads). */
const serverLog: { url: string; purpose: string | undefined }[] = [];
/** Requests the browser tried to send to the form provider; CSP let every one of them through. */
const providerRequests: { url: string; type: string; page: string }[] = [];
const policyMessages: string[] = [];

async function openPage(): Promise<Page> {
  const page = await context.newPage();
  page.on("console", (message) => {
    if (/Content.Security.Policy|Permissions-Policy/i.test(message.text()))
      policyMessages.push(`${page.url()}: ${message.text()}`);
  });
  return page;
}

const violationsOf = (page: Page) => page.evaluate(() => window.cspViolations ?? []);

beforeAll(async () => {
  pages = await loadSitePages();
  const dir = await sharedBuild();
  ({ server, url } = await serve({ dir, port: 0 }));
  ({ server: jobsServer, url: jobsUrl } = await serve({ dir: await sharedJobsBuild(), port: 0 }));
  server.prependListener("request", (req) => {
    const purpose = req.headers["sec-purpose"];
    serverLog.push({ url: req.url ?? "", purpose: Array.isArray(purpose) ? purpose.join() : purpose });
  });
  browser = await launchBrowser();
  context = await browser.newContext();
  // Registered before any page script runs, in every document.
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations!.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  for (const origin of formProviderOrigins(pages.model.business)) {
    await context.route(`${origin}/**`, (route) => {
      const request = route.request();
      providerRequests.push({ url: request.url(), type: request.resourceType(), page: request.frame().page().url() });
      return route.abort("blockedbyclient");
    });
  }
});

afterAll(async () => {
  await browser?.close();
  if (server) await closeServer(server);
  if (jobsServer) await closeServer(jobsServer);
});

describe("the Content-Security-Policy in the browser", () => {
  it("is sent as a header with every page, and no page violates it", async () => {
    const page = await openPage();
    for (const { path: urlPath, status } of pages.pages) {
      const response = await page.goto(`${url}${urlPath}`, { waitUntil: "load" });
      await settled(page);
      expect(response?.status(), urlPath).toBe(status);
      const policy = await response?.headerValue("content-security-policy");
      expect(policy, urlPath).toMatch(/^default-src 'none'; /);
      expect(await violationsOf(page), urlPath).toEqual([]);
      // Both inline scripts ran: the head script marks the document, the body script the footer.
      expect(await page.evaluate(() => document.documentElement.classList.contains("js")), urlPath).toBe(true);
    }
    await page.close();
    expect(policyMessages).toEqual([]);
  });

  it("is sent with the pages that show jobs, which violate it nowhere, their photos all loaded", async () => {
    const page = await openPage();
    for (const { path: urlPath } of JOB_PAGES) {
      const response = await page.goto(`${jobsUrl}${urlPath}`, { waitUntil: "load" });
      expect(await response?.headerValue("content-security-policy"), urlPath).toMatch(/^default-src 'none'; /);
      await page.evaluate(async () => {
        for (const image of document.images) image.scrollIntoView();
        await Promise.all([...document.images].map((image) => image.decode()));
      });
      expect(await violationsOf(page), urlPath).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.classList.contains("js")), urlPath).toBe(true);
    }
    await page.close();
    expect(policyMessages).toEqual([]);
  });

  it("really is enforced: injected inline code and foreign frames are refused", async () => {
    const page = await openPage();
    await page.goto(`${url}/`);
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.name = 'injected'";
      document.body.append(script);
      return window.name === "injected";
    });
    expect(ran).toBe(false);
    const [frameOrigin] = formProviderOrigins(pages.model.business);
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.src = src;
      document.body.append(frame);
    }, `${frameOrigin}/widget/form/x`);
    await page.waitForFunction(() => (window.cspViolations ?? []).length >= 2);
    const directives = (await violationsOf(page)).map((violation) => violation.directive).sort();
    expect(directives).toEqual(["frame-src", "script-src-elem"]);
    await page.close();
    policyMessages.length = 0; // the refusals above are logged on purpose
  });

  it("lets the mobile menu open and close", async () => {
    const page = await openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/towns/paris`);
    const button = page.locator("[data-menu-button]");
    const menu = page.locator("#site-menu");
    await expect(button.isVisible()).resolves.toBe(true);
    await expect(menu.isVisible()).resolves.toBe(false);
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await expect(menu.isVisible()).resolves.toBe(true);
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await violationsOf(page)).toEqual([]);
    await page.close();
  });

  it("lets the speculation rules prerender a page the visitor points at", async () => {
    const page = await openPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}/`);
    expect(await page.evaluate(() => HTMLScriptElement.supports("speculationrules"))).toBe(true);
    serverLog.length = 0;
    await page.hover('header a[href="/towns"]');
    await expect
      .poll(() => serverLog.find((entry) => entry.url === "/towns")?.purpose, { timeout: 5_000 })
      .toMatch(/prefetch/);
    expect(await violationsOf(page)).toEqual([]);
    await page.close();
  });

  it("only prefetches the contact page a visitor points at: the provider hears nothing until it is opened", async () => {
    const page = await openPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}/services`);
    serverLog.length = 0;
    providerRequests.length = 0;
    await page.hover('header a[href="/contact"]');
    await expect
      .poll(() => serverLog.find((entry) => entry.url === "/contact")?.purpose, { timeout: 5_000 })
      .toBe("prefetch");
    // Time for a prerender to start, had the rules asked for one.
    await page.waitForTimeout(1500);
    expect(serverLog.filter((entry) => entry.url === "/contact").map((entry) => entry.purpose)).toEqual(["prefetch"]);
    expect(providerRequests).toEqual([]);
    await page.close();
  });

  it("lets the contact page request the provider's frame and script, and nothing else of theirs", async () => {
    const { frameUrl, scriptUrl } = pages.model.business.leadForm;
    providerRequests.length = 0;
    const page = await openPage();
    await page.goto(`${url}/contact`, { waitUntil: "load" });
    await expect.poll(() => providerRequests.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(providerRequests.map(({ url: requested, type }) => [type, requested]).sort()).toEqual(
      [
        ["document", frameUrl],
        ["script", scriptUrl],
      ].sort(),
    );
    expect(await violationsOf(page)).toEqual([]);
    await page.close();
    expect(policyMessages).toEqual([]);
  });
});
