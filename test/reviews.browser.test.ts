// Pages with three of the longest reviews and the Business Profile's links, the home page among
// them, in Chromium: axe-core finds nothing at 390 px and 1280 px, every link is a big enough
// target, nothing scrolls sideways at 320 px, and the reviews read one under another on a phone
// and side by side on a desktop screen. On the home page the map's picture beside them loads and
// draws, with no console error.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../scripts/pipeline/generate.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import { serve } from "../scripts/serve/server.ts";
import { runAxe } from "./support/axe.ts";
import { launchBrowser, settled } from "./support/browser.ts";
import { copyData } from "./support/data-copy.ts";
import {
  addReviews,
  FIXTURE_PROFILE,
  FIXTURE_SERVICE,
  FIXTURE_TODAY,
  LONG_REVIEWS,
} from "./support/review-fixtures.ts";
import { stubFormProvider } from "./support/form-provider.ts";
import { pointerTargets } from "./support/focus-probe.ts";
import { targetSizeFailures } from "./support/geometry.ts";
import { closeServer } from "./support/site.ts";

const tmp = await mkdtemp(path.join(tmpdir(), "site-reviews-"));
const data = await copyData();
await addReviews(data, LONG_REVIEWS, FIXTURE_PROFILE);
await generate({ dataDir: data, outDir: path.join(tmp, "dist"), today: FIXTURE_TODAY });
const { server, url } = await serve({ dir: path.join(tmp, "dist"), port: 0 });
const browser = await launchBrowser();
const context = await browser.newContext();
// The contact page's form frame is answered here, never fetched from the provider.
await stubFormProvider(context, buildModel(await loadData(data, { today: FIXTURE_TODAY })).business);
const page: Page = await context.newPage();
const consoleErrors: string[] = [];
page.on("console", (message) => {
  if (message.type() === "error") consoleErrors.push(message.text());
});
page.on("pageerror", (error) => consoleErrors.push(error.message));

afterAll(async () => {
  await browser.close();
  await closeServer(server);
  await rm(tmp, { recursive: true, force: true });
  await rm(path.dirname(data), { recursive: true, force: true });
});

const PAGES = ["/", "/towns/charleston", `/services/${FIXTURE_SERVICE}`, "/contact"];

async function load(address: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  const response = await page.goto(`${url}${address}`, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await settled(page);
}

/** The top and left edge of each review card. */
const cardEdges = () =>
  page.locator(".review").evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      return { top: Math.round(box.top), left: Math.round(box.left) };
    }),
  );

describe.each(PAGES)("%s with reviews", (address) => {
  it("has no axe-core violation at 390 px or 1280 px", async () => {
    const violations: string[] = [];
    for (const width of [390, 1280]) {
      await load(address, width);
      await page.locator('[aria-labelledby="reviews-heading"]').scrollIntoViewIfNeeded();
      for (const violation of await runAxe(page))
        violations.push(`[${width} px] ${violation.rule}: ${violation.help}\n    ${violation.nodes.join("\n    ")}`);
    }
    expect(violations).toEqual([]);
  });

  it("gives every link of the reviews a 24 px target, or keeps it inline in a sentence", async () => {
    const failures: string[] = [];
    for (const width of [390, 1280]) {
      await load(address, width);
      const targets = await page.evaluate(pointerTargets, '[aria-labelledby="reviews-heading"]');
      expect(targets.length).toBeGreaterThanOrEqual(2);
      for (const failure of targetSizeFailures(targets)) failures.push(`${width} px: ${failure}`);
    }
    expect(failures).toEqual([]);
  });

  it("does not scroll sideways at 320 px", async () => {
    await load(address, 320);
    const scroll = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(scroll).toBe(0);
  });
});

describe("the review cards", () => {
  it.each(PAGES)("on %s are one under another at 390 px and side by side at 1280 px", async (address) => {
    await load(address, 390);
    const phone = await cardEdges();
    expect(phone).toHaveLength(3);
    expect(new Set(phone.map((edge) => edge.left)).size).toBe(1);
    expect(phone.map((edge) => edge.top)).toEqual([...phone.map((edge) => edge.top)].sort((a, b) => a - b));
    await load(address, 1280);
    const desktop = await cardEdges();
    expect(new Set(desktop.map((edge) => edge.top)).size).toBe(1);
    expect(new Set(desktop.map((edge) => edge.left)).size).toBe(3);
  });
});

describe.each([390, 1280])("the home page with reviews at %i px", (width) => {
  it("shows them after the services and before the towns, and the map's picture drawn at the page's width", async () => {
    consoleErrors.length = 0;
    await load("/", width);
    const order = await page.evaluate(() =>
      ["#services-heading", "#reviews-heading", "#towns-heading"].map(
        (selector) => document.querySelector(selector)!.getBoundingClientRect().top,
      ),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const picture = page.locator(".area-map img");
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const drawn = await picture.evaluate((img: HTMLImageElement) => {
      // The share of the picture in the served counties' colour (.map-served in map.css): an SVG
      // that does not parse draws nothing, and one whose stylesheet is refused draws it black.
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext("2d")!;
      context.drawImage(img, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let served = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i] === 0xfb && data[i + 1] === 0xe2 && data[i + 2] === 0xa0) served++;
      }
      return {
        natural: img.naturalWidth,
        served: served / (data.length / 4),
        width: img.getBoundingClientRect().width,
        link: img.closest("a")?.getAttribute("href"),
      };
    });
    expect(drawn.natural).toBeGreaterThan(0);
    expect(drawn.served).toBeGreaterThan(0.15);
    expect(drawn.link).toBe("/towns");
    expect(drawn.width).toBeGreaterThan(width < 600 ? width - 1 : width * 0.6);
    expect(consoleErrors).toEqual([]);
  });
});
