// The pages that show jobs, in the build with the tests' jobs (support/site.ts, sharedJobsBuild), in
// Chromium, Firefox and WebKit: the before-and-after pair is one above the other on a phone and side
// by side on a desktop screen, each photo labelled "Before" or "After" in words under it and
// described by its alt text; every photo arrives (AVIF, or WebP where the engine shows no AVIF); no
// page scrolls sideways at 320, 390 or 1280 px; nothing goes to the console. In Chromium, the pair
// as a screen reader is told it. A screenshot of the list of jobs, a job's page, a town's page with
// recent work and the home page, at 390 and 1280 px, is kept from Chromium and from WebKit for a
// person to look at, in the folder printed at the start (JOBS_SHOTS chooses it); each is held to
// the page: its whole size, and every photo drawn where the page has it, in its file's colours.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
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
}, 240_000); // the run's shared build with the tests' jobs, cold on a fresh clone: their photos encoded

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
  }, 180_000); // every page that shows jobs, each photo brought into view and waited for

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
  }, 180_000); // every page that shows jobs at three widths: 27 page loads
}

/** A name for a screenshot: "projects-charleston-yard-drain-390-webkit.png". */
const shotName = (urlPath: string, width: number, engine: string) =>
  `${urlPath.replace(/^\//, "").replace(/\//g, "-") || "home"}-${width}-${engine}.png`;

/** An owner's photo as the page shows it: the copy the browser chose, and its box on the page in CSS pixels. */
interface ShownPhoto {
  src: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The page's whole size and the owner's photos on it (run in the page); a photo not yet arrived by
 * the address of its fallback copy.
 */
function pageAsShown(): { width: number; height: number; photos: ShownPhoto[] } {
  return {
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
    photos: [...document.images]
      .filter((image) => new URL(image.src).pathname.startsWith("/assets/photos/"))
      .map((image) => {
        const box = image.getBoundingClientRect();
        return {
          src: image.currentSrc || image.src,
          left: box.left + scrollX,
          top: box.top + scrollY,
          width: box.width,
          height: box.height,
        };
      }),
  };
}

/**
 * The rows of the page the call bar covers where the window is now scrolled to, in CSS pixels
 * (run in the page): a screenshot shows the bar there, and its shadow (8 px) above it, over what
 * the page has at those rows. None on a wide screen, which has no call bar.
 */
function callBarRows(): [number, number] | undefined {
  const bar = document.querySelector(".call-bar")?.getBoundingClientRect();
  return bar && bar.height > 0 ? [bar.top + scrollY - 10, bar.bottom + scrollY] : undefined;
}

/** The mean colour of each row of pixels of an image, as [r, g, b]. */
async function rowColours(image: Sharp): Promise<number[][]> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rows: number[][] = [];
  for (let y = 0; y < info.height; y++) {
    const sum = [0, 0, 0];
    for (let x = 0; x < info.width; x++)
      for (let channel = 0; channel < 3; channel++)
        sum[channel]! += data[(y * info.width + x) * info.channels + channel]!;
    rows.push(sum.map((total) => total / info.width));
  }
  return rows;
}

/**
 * What a screenshot of a whole page shows, against the page: its size (the page's, times `scale`
 * pixels per CSS pixel), and each of the owner's photos in the box the page gives it, as its file
 * is: its rows in the colours of the file's rows at that height (each channel's mean within 16),
 * but for the rows the call bar covers in this screenshot (`covered`, CSS pixels of the page: once
 * in Chromium's, once a screenful in WebKit's) and a few where sky meets ground, which the browser
 * and sharp scale a little differently. A photo missing, in the wrong place, another photo, or a
 * screenful joined at the wrong height shows other colours there. Returns what differs.
 */
async function shotProblems(
  shot: Buffer,
  shown: ReturnType<typeof pageAsShown>,
  { scale, name, covered }: { scale: number; name: string; covered: readonly [number, number][] },
): Promise<string[]> {
  const { width, height } = await sharp(shot).metadata();
  const problems: string[] = [];
  const expected = [Math.round(shown.width * scale), Math.round(shown.height * scale)];
  if (width !== expected[0] || height !== expected[1])
    problems.push(`${name}: ${width} × ${height} pixels, the page is ${expected.join(" × ")}`);
  if (shown.photos.length === 0) problems.push(`${name}: shows no photo`);
  for (const photo of shown.photos) {
    const box = {
      left: Math.round(photo.left * scale),
      top: Math.round(photo.top * scale),
      width: Math.round(photo.width * scale),
      height: Math.round(photo.height * scale),
    };
    // Two pixels in from each side: a scaled photo's edges blend with what is around it.
    const inside = { left: 2, top: 2, width: box.width - 4, height: box.height - 4 };
    const file = Buffer.from(await (await fetch(photo.src)).arrayBuffer());
    const [drawn, original] = await Promise.all([
      rowColours(sharp(shot).extract({ ...inside, left: box.left + 2, top: box.top + 2 })),
      rowColours(sharp(file).resize(box.width, box.height, { fit: "fill" }).extract(inside)),
    ]);
    const seen = drawn.flatMap((row, y) => {
      const pageRow = photo.top + (inside.top + y) / scale;
      return covered.some(([top, bottom]) => pageRow >= top && pageRow < bottom) ? [] : [{ row, y }];
    });
    const unlike = seen.filter(({ row, y }) =>
      row.some((value, channel) => Math.abs(value - original[y]![channel]!) > 16),
    );
    if (seen.length < drawn.length / 2 || unlike.length > seen.length * 0.05)
      problems.push(
        `${name}: ${photo.src.replace(/^.*\//, "")} at ${Math.round(photo.left)},${Math.round(photo.top)}: ${unlike.length} of its ${seen.length} rows in view not in its file's colours`,
      );
  }
  return problems;
}

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

  it("keeps a screenshot of each page at 390 and 1280 px, showing the whole page with every photo in its place", async () => {
    const problems: string[] = [];
    for (const width of [390, 1280]) {
      for (const urlPath of SHOWN) {
        await driver.load(urlPath, width);
        await driver.waitFor(bringNextPhoto, 20_000);
        await driver.evaluate(() => scrollTo(0, 0));
        const name = shotName(urlPath, width, "chromium");
        const shot = await page.screenshot({ path: path.join(shots, name), fullPage: true });
        // A full-page screenshot shows the call bar once, where it is in the window scrolled to the top.
        const bar = await driver.evaluate(callBarRows);
        const covered = bar ? [bar] : [];
        problems.push(...(await shotProblems(shot, await driver.evaluate(pageAsShown), { scale: 1, name, covered })));
      }
    }
    expect(problems).toEqual([]);
  }, 180_000); // eight pages, every photo brought into view one at a time and compared with its file
});

describe("Firefox", () => {
  let firefox: Firefox;

  beforeAll(async () => {
    const model = buildModel(await loadData(jobsDataDir(site.dir), { today: JOBS_TODAY }));
    firefox = await launchFirefox(site.url, model.business);
  }, 120_000); // Firefox's start

  afterAll(async () => {
    await firefox?.close();
  });

  jobBehaviourTests(() => firefox.driver);
});

describe("WebKit", () => {
  let webkit: WebKit;

  beforeAll(async () => {
    webkit = await launchWebKit(site.url);
  }, 120_000); // WebKit's start: an Xvfb display, WebKitWebDriver and the browser

  afterAll(async () => {
    await webkit?.close();
  });

  jobBehaviourTests(() => webkit.driver);

  it("keeps a screenshot of each page at 390 and 1280 px, the whole page from screenfuls, with every photo in its place", async () => {
    const problems: string[] = [];
    for (const width of [390, 1280]) {
      for (const urlPath of SHOWN) {
        await webkit.driver.load(urlPath, width);
        await webkit.driver.waitFor(bringNextPhoto, 20_000);
        // WebDriver gives the window's view only: one screenful at a time, joined below one another.
        const height = await webkit.driver.evaluate(() => document.documentElement.scrollHeight);
        const tiles: { input: Buffer; top: number; left: number }[] = [];
        const covered: [number, number][] = [];
        let pixelWidth = 0;
        let scale = 1;
        for (let top = 0; top < height; top += 844) {
          await webkit.session.executeScript((y: number) => scrollTo(0, y), top);
          await webkit.driver.waitFor(() => true);
          const shot = await webkit.screenshot();
          const bar = await webkit.driver.evaluate(callBarRows);
          if (bar) covered.push(bar);
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
        const name = shotName(urlPath, width, "webkit");
        await writeFile(path.join(shots, name), image);
        problems.push(
          ...(await shotProblems(image, await webkit.driver.evaluate(pageAsShown), { scale, name, covered })),
        );
      }
    }
    expect(problems).toEqual([]);
  }, 240_000); // eight pages, each a screenful at a time over WebDriver, every photo compared with its file
});
