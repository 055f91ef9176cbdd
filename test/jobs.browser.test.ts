// The pages that show jobs, in the build with the tests' jobs (support/site.ts, sharedJobsBuild), in
// Chromium, Firefox and WebKit: the before-and-after pair is one above the other on a phone and side
// by side on a desktop screen, each photo labelled "Before" or "After" in words under it and
// described by its alt text; every photo arrives (AVIF, or WebP where the engine shows no AVIF); no
// page scrolls sideways at 320, 390 or 1280 px; nothing goes to the console. In Chromium, the pair
// as a screen reader is told it. A screenshot of the list of jobs, a job's page, a town's page with
// recent work and the home page, at 390 and 1280 px, is kept from Chromium and from WebKit for a
// person to look at, in the folder printed at the start (JOBS_SHOTS chooses it).
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import type { EngineDriver } from "./support/behaviour.ts";
import { engineDriver, launchBrowser } from "./support/browser.ts";
import { launchFirefox, type Firefox } from "./support/firefox.ts";
import { stubFormProvider } from "./support/form-provider.ts";
import { FIXTURE_JOBS, JOBS_TODAY } from "./support/job-fixtures.ts";
import { JOB_PAGES } from "./support/pages.ts";
import { jobsDataDir, serveSharedJobsSite, type BuiltSite } from "./support/site.ts";
import { launchWebKit, type WebKit } from "./support/webkit.ts";

/** The job of the fixtures with a before, a during and an after photo. */
const JOB = FIXTURE_JOBS[1]!;
const JOB_PATH = `/projects/${JOB.slug}`;
/** What the closing screenshots show. */
const SHOWN = ["/projects", JOB_PATH, "/towns/charleston", "/"];

let site: BuiltSite;
let shots: string;

beforeAll(async () => {
  site = await serveSharedJobsSite();
  shots = process.env.JOBS_SHOTS ?? (await mkdtemp(path.join(tmpdir(), "jobs-pages-")));
  await mkdir(shots, { recursive: true });
  console.info(`Screenshots of the pages that show jobs: ${shots}`);
}, 240_000);

afterAll(async () => {
  await site?.close();
});

/** The pair's two photos as drawn: where each is, its label, its alt text, whether it arrived, and which copy. */
function pairPhotos() {
  return [...document.querySelectorAll(".before-after .pair-photo")].map((figure) => {
    const image = figure.querySelector("img")!;
    const box = image.getBoundingClientRect();
    return {
      top: Math.round(box.top + scrollY),
      bottom: Math.round(box.bottom + scrollY),
      left: Math.round(box.left),
      right: Math.round(box.right),
      label: figure.querySelector(".photo-role")!.textContent,
      shownLabel: (figure.querySelector(".photo-role") as HTMLElement).innerText,
      alt: image.alt,
      loaded: image.complete && image.naturalWidth > 0,
      source: image.currentSrc.replace(/^.*\./, ""),
    };
  });
}

/**
 * One step towards every photo of the page arrived: the first that has not is scrolled to the middle
 * of the window, so that a lazy one is asked for and stays in view until it comes. True when every
 * photo has arrived. Polled (waitFor): scrolling past them all at once would ask for none, since a
 * browser looks at what is in view between frames.
 */
function bringNextPhoto() {
  const waiting = [...document.images].find((image) => !(image.complete && image.naturalWidth > 0));
  if (!waiting) return true;
  waiting.scrollIntoView({ block: "center" });
  return false;
}

const sideways = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

/** What each engine is held to on the pages that show jobs. */
function jobBehaviourTests(driver: () => EngineDriver) {
  it("sets the pair one above the other at 390 px and side by side at 1280 px, labelled and described", async () => {
    const [before, after] = [JOB.photos[0]!, JOB.photos[2]!];
    await driver().load(JOB_PATH, 390);
    await driver().waitFor(() => document.querySelectorAll(".before-after img").length === 2);
    await driver().waitFor(() =>
      [...document.querySelectorAll<HTMLImageElement>(".before-after img")].every((image) => image.naturalWidth > 0),
    );
    const phone = await driver().evaluate(pairPhotos);
    expect(phone.map((photo) => [photo.label, photo.alt, photo.loaded])).toEqual([
      ["Before", before.alt, true],
      ["After", after.alt, true],
    ]);
    expect(phone.map((photo) => photo.shownLabel.trim().toLowerCase())).toEqual(["before", "after"]);
    expect(phone[1]!.top, "after below before").toBeGreaterThan(phone[0]!.bottom);
    expect(phone[1]!.left).toBe(phone[0]!.left);
    await driver().load(JOB_PATH, 1280);
    await driver().waitFor(() =>
      [...document.querySelectorAll<HTMLImageElement>(".before-after img")].every((image) => image.naturalWidth > 0),
    );
    const desktop = await driver().evaluate(pairPhotos);
    expect(desktop[1]!.top, "side by side").toBe(desktop[0]!.top);
    expect(desktop[1]!.left, "after right of before").toBeGreaterThan(desktop[0]!.right);
    for (const photo of desktop) expect(["avif", "webp"]).toContain(photo.source);
  });

  it("brings every photo of every page that shows jobs, with nothing in the console", async () => {
    const problems: string[] = [];
    for (const { path: urlPath } of JOB_PAGES) {
      expect(await driver().load(urlPath, 390), urlPath).toBe(200);
      await driver().waitFor(bringNextPhoto, 20_000);
      problems.push(...(await driver().problems()).map((problem) => `${urlPath}: ${problem}`));
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("never scrolls sideways at 320, 390 or 1280 px", async () => {
    const wide: string[] = [];
    for (const width of [320, 390, 1280]) {
      for (const { path: urlPath } of JOB_PAGES) {
        await driver().load(urlPath, width);
        const overflow = await driver().evaluate(sideways);
        if (overflow > 0) wide.push(`${urlPath} at ${width} px: ${overflow} px too wide`);
      }
    }
    expect(wide).toEqual([]);
  }, 180_000);
}

/** A name for a screenshot: "projects-charleston-yard-drain-390-webkit.png". */
const shotName = (urlPath: string, width: number, engine: string) =>
  `${urlPath.replace(/^\//, "").replace(/\//g, "-") || "home"}-${width}-${engine}.png`;

describe("Chromium", () => {
  let browser: Browser;
  let driver: EngineDriver;
  let page: Awaited<ReturnType<Browser["newPage"]>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext();
    const model = buildModel(await loadData(jobsDataDir(site.dir), { today: JOBS_TODAY }));
    await stubFormProvider(context, model.business);
    page = await context.newPage();
    driver = engineDriver(page, site.url);
  });

  afterAll(async () => {
    await browser?.close();
  });

  jobBehaviourTests(() => driver);

  it("tells a screen reader the pair as one figure holding a Before and an After figure, each photo by its alt", async () => {
    await driver.load(JOB_PATH, 390);
    const pair = page.getByRole("figure", { name: "Before and after" });
    await expect(pair.getByRole("heading", { level: 2, name: "Before and after" }).count()).resolves.toBe(1);
    const [before, after] = [JOB.photos[0]!, JOB.photos[2]!];
    for (const [label, photo] of [
      ["Before", before],
      ["After", after],
    ] as const) {
      const figure = pair.getByRole("figure", { name: `${label} ${photo.caption}` });
      await expect(figure.getByRole("img", { name: photo.alt }).count()).resolves.toBe(1);
    }
  });

  it("keeps a screenshot of each page at 390 and 1280 px", async () => {
    for (const width of [390, 1280]) {
      for (const urlPath of SHOWN) {
        await driver.load(urlPath, width);
        await driver.waitFor(bringNextPhoto, 20_000);
        await driver.evaluate(() => scrollTo(0, 0));
        await page.screenshot({ path: path.join(shots, shotName(urlPath, width, "chromium")), fullPage: true });
      }
    }
  }, 180_000);
});

describe("Firefox", () => {
  let firefox: Firefox;

  beforeAll(async () => {
    const model = buildModel(await loadData(jobsDataDir(site.dir), { today: JOBS_TODAY }));
    firefox = await launchFirefox(site.url, model.business);
  }, 120_000);

  afterAll(async () => {
    await firefox?.close();
  });

  jobBehaviourTests(() => firefox.driver);
});

describe("WebKit", () => {
  let webkit: WebKit;

  beforeAll(async () => {
    webkit = await launchWebKit(site.url);
  }, 120_000);

  afterAll(async () => {
    await webkit?.close();
  });

  jobBehaviourTests(() => webkit.driver);

  it("keeps a screenshot of each page at 390 and 1280 px, the whole page from screenfuls", async () => {
    for (const width of [390, 1280]) {
      for (const urlPath of SHOWN) {
        await webkit.driver.load(urlPath, width);
        await webkit.driver.waitFor(bringNextPhoto, 20_000);
        // WebDriver gives the window's view only: one screenful at a time, joined below one another.
        const height = await webkit.driver.evaluate(() => document.documentElement.scrollHeight);
        const tiles: { input: Buffer; top: number; left: number }[] = [];
        let pixelWidth = 0;
        let scale = 1;
        for (let top = 0; top < height; top += 844) {
          await webkit.session.executeScript((y: number) => scrollTo(0, y), top);
          await webkit.driver.waitFor(() => true);
          const shot = await webkit.screenshot();
          const metadata = await sharp(shot).metadata();
          pixelWidth = metadata.width;
          scale = metadata.width / width;
          const scrolled = Math.round((await webkit.driver.evaluate(() => scrollY)) * scale);
          // The last screenful, scrolled less than a whole one, repeats what is above it: only its lower part is new.
          const fits = Math.min(metadata.height, Math.round(height * scale) - scrolled);
          const input =
            fits < metadata.height
              ? await sharp(shot)
                  .extract({ left: 0, top: metadata.height - fits, width: metadata.width, height: fits })
                  .toBuffer()
              : shot;
          tiles.push({ input, top: scrolled + (metadata.height - fits), left: 0 });
        }
        const image = await sharp({
          create: { width: pixelWidth, height: Math.round(height * scale), channels: 3, background: "#ffffff" },
        })
          .composite(tiles)
          .png()
          .toBuffer();
        await writeFile(path.join(shots, shotName(urlPath, width, "webkit")), image);
      }
    }
  }, 240_000);
});
