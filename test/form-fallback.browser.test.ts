// When the estimate form's provider is down or blocked, the contact page and the home page's
// contact section still give the visitor everything needed to call, and nothing moves or breaks.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { settled } from "./support/browser.ts";
import { formProviderOrigins } from "./support/form-provider.ts";
import { loadSitePages } from "./support/pages.ts";
import { openBrowserSite } from "./support/browser-site.ts";

const { model } = await loadSitePages();
const { business } = model;

const { site, context, close } = await openBrowserSite(business, { provider: "blocked" });
afterAll(close);

interface Visit {
  page: Page;
  /** Uncaught errors, and console errors other than the refused provider requests. */
  errors: string[];
  /** Requests to the provider that the browser attempted (and the route refused). */
  providerRequests: string[];
}

/** Starts recording layout shifts before the page's first byte, then loads it. */
async function visit(path: string, width: number): Promise<Visit> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  const errors: string[] = [];
  const providerRequests: string[] = [];
  const providers = formProviderOrigins(business);
  const fromProvider = (url: string) => providers.some((origin) => url.startsWith(origin));
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (
      message.type() === "error" &&
      !fromProvider(message.location().url) &&
      !/ERR_BLOCKED_BY_CLIENT/.test(message.text())
    ) {
      errors.push(`console: ${message.text()}`);
    }
  });
  page.on("requestfailed", (request) => {
    if (fromProvider(request.url())) providerRequests.push(request.url());
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`${site.url}${path}`, { waitUntil: "networkidle" });
  await settled(page);
  // Two frames, so that a shift caused by the failed frame would have been recorded.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return { page, errors, providerRequests };
}

const layoutShift = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );

/** The facts a visitor needs to call, inside `scope`. */
async function expectCallingFacts(page: Page, scope: string, heading: string): Promise<void> {
  const area = page.locator(scope);
  expect(await area.getByRole("heading", { name: heading, exact: true }).first().isVisible(), heading).toBe(true);
  const phone = area.locator(`a[href="${business.phone.href}"]`).first();
  expect(await phone.isVisible()).toBe(true);
  expect(await phone.innerText()).toContain(business.phone.display);
  const text = await area.innerText();
  for (const hours of business.hours) expect(text).toContain(`${hours.dayRange}: ${hours.timeRange}`);
  // A sentence telling the visitor to call when the form does not load, with the number in it.
  const fallback = area.locator("p", { hasText: /form[^.]*does not load/i });
  expect(await fallback.count(), "the call-us-if-the-form-does-not-load sentence").toBeGreaterThan(0);
  expect(await fallback.first().isVisible()).toBe(true);
  expect(await fallback.first().locator(`a[href="${business.phone.href}"]`).count()).toBe(1);
}

describe("with the form provider unreachable", () => {
  for (const width of [390, 1280]) {
    it(`the contact page still offers the phone, hours and a call-us note, keeps the frame's space and does not move (${width} px)`, async () => {
      const { page, errors, providerRequests } = await visit("/contact", width);
      expect(providerRequests.length, "the provider was asked and refused").toBeGreaterThan(0);
      expect(await page.locator("h1").innerText()).toBe("Get Your Free Estimate");
      await expectCallingFacts(page, "main", "Get Your Free Estimate");
      expect((await page.locator(".lead-form iframe").boundingBox())?.height).toBe(business.leadForm.height);
      expect(await layoutShift(page)).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("the home page's contact section still offers the phone, hours and a call-us note", async () => {
    const { page, errors } = await visit("/#contact", 390);
    await expectCallingFacts(page, "section#contact", "Get a Free Estimate");
    expect(await layoutShift(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("would notice a layout shift, so the zero above means something", async () => {
    const { page } = await visit("/contact", 390);
    await page.evaluate(() => {
      const spacer = document.createElement("div");
      spacer.style.height = "300px";
      document.querySelector("main")?.prepend(spacer);
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await layoutShift(page)).toBeGreaterThan(0);
    await page.close();
  });
});
