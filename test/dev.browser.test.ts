// `npm run dev` as the owner uses it, on a copy of the project: the page in the browser reloads
// itself after a save, a data mistake shows up in the browser and the terminal while the last good
// build stays on disk untouched, a template change is picked up, the reload script never
// reaches dist/, and no service worker or kept page is left to show an old build.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../scripts/pipeline/generate.ts";
import { launchBrowser } from "./support/browser.ts";
import { readTree } from "./support/files.ts";
import { startDevServer, type DevServer } from "./support/dev-server.ts";
import { copyProject } from "./support/project-copy.ts";

let project: string;
let dev: DevServer;
let url: string;
let browser: Browser;
let page: Page;

const dist = () => path.join(project, "dist");

async function edit(relative: string, from: string, to: string) {
  const file = path.join(project, relative);
  const text = await readFile(file, "utf8");
  if (!text.includes(from)) throw new Error(`${relative} does not contain ${from}`);
  await writeFile(file, text.replace(from, to));
}

const bodyText = () => page.locator("body").innerText();

/** How many processes run this script (ps lists each process's command line). */
async function processesRunning(script: string): Promise<number> {
  const { stdout } = await promisify(execFile)("ps", ["-eo", "args"]);
  return stdout.split("\n").filter((line) => line.includes(script)).length;
}

beforeAll(async () => {
  project = await copyProject();
  dev = await startDevServer(project);
  url = dev.url;
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (project) await rm(project, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves the built site on 127.0.0.1 with the reload script, which dist/ does not contain", async () => {
    expect(dev.output()).toMatch(/✓ \d\d:\d\d:\d\d built \d+ pages into dist\//);
    const response = await page.goto(`${url}/towns/mattoon`);
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1").innerText()).toBe("Excavation Services in Mattoon");
    expect(await page.locator('script[src="/__sitegen/reload.js"]').count()).toBe(1);
    const built = await readTree(dist());
    for (const [file, contents] of built) {
      if (file.endsWith(".html")) expect(contents.toString().includes("__sitegen"), file).toBe(false);
    }
    // dist/ is exactly what `generate` writes from the same data.
    const generated = path.join(await mkdtemp(path.join(tmpdir(), "site-dev-parity-")), "dist");
    await generate({ dataDir: path.join(project, "data"), outDir: generated });
    const expected = await readTree(generated);
    expect([...built.keys()]).toEqual([...expected.keys()]);
    for (const [file, contents] of expected) expect(built.get(file)?.equals(contents), file).toBe(true);
  });

  it("keeps no service worker and no page: the worker it sends removes itself", async () => {
    await page.goto(`${url}/towns/mattoon`);
    const worker = () =>
      page.evaluate(async () => ({
        registrations: (await navigator.serviceWorker.getRegistrations()).length,
        controlled: navigator.serviceWorker.controller !== null,
        caches: await caches.keys(),
      }));
    // The page registers /sw.js as everywhere; the dev server's worker unregisters as it activates.
    const settled = async () => {
      let state = await worker();
      for (let waited = 0; waited < 50 && state.registrations > 0; waited += 1) {
        await page.waitForTimeout(100);
        state = await worker();
      }
      return state;
    };
    expect(await settled()).toEqual({ registrations: 0, controlled: false, caches: [] });
    await page.reload();
    expect(await settled()).toEqual({ registrations: 0, controlled: false, caches: [] });
  });

  it("reloads the page by itself after a data change", async () => {
    await page.goto(`${url}/towns/mattoon`);
    const since = dev.output().length;
    await edit("data/site.yaml", "primary: (217) 555-0142", "primary: (217) 555-0199");
    await page.waitForFunction(() => document.body.innerText.includes("(217) 555-0199"), undefined, {
      timeout: 20_000,
    });
    expect(await dev.terminalLine(/✓ .*built \d+ pages.*data\/site\.yaml.*/, since)).toMatch(
      /reload sent \d+ ms after the save/,
    );
    expect(await readFile(path.join(dist(), "towns", "mattoon.html"), "utf8")).toContain("tel:+12175550199");
  });

  it("shows a data mistake in the browser and the terminal, and keeps the last good build", async () => {
    await page.goto(`${url}/towns/mattoon`);
    const before = await readTree(dist());
    const since = dev.output().length;
    await edit("data/services.yaml", "icon: droplets", "icon: dropletz");

    await page.waitForFunction(() => document.title.includes("not rebuilt"), undefined, { timeout: 20_000 });
    const shown = await bodyText();
    expect(shown).toMatch(
      /data\/services\.yaml:\d+:\d+ services\[0\]\.icon: found "dropletz", .*did you mean 'droplets'\?/,
    );
    expect(shown).toMatch(/the last good build is still in dist\//);
    expect(
      await dev.terminalLine(/data\/services\.yaml:\d+:\d+ services\[0\]\.icon: found "dropletz".*/, since),
    ).toMatch(/did you mean 'droplets'/);
    const otherPage = await fetch(`${url}/services`);
    expect(otherPage.status).toBe(500);
    expect(await otherPage.text()).toContain("dropletz");

    const after = await readTree(dist());
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [file, contents] of before) expect(after.get(file)?.equals(contents), file).toBe(true);

    await edit("data/services.yaml", "icon: dropletz", "icon: droplets");
    await page.waitForFunction(
      () => document.querySelector("h1")?.textContent === "Excavation Services in Mattoon",
      undefined,
      {
        timeout: 20_000,
      },
    );
  });

  it("picks up a template change, with a fresh build process", async () => {
    await page.goto(`${url}/towns/mattoon`);
    const since = dev.output().length;
    await edit(
      "templates/pages/TownPage.tsx",
      "<h2>Excavation work in {town.name}</h2>",
      "<h2>Excavation work around {town.name}</h2>",
    );
    await page.waitForFunction(() => document.body.innerText.includes("Excavation work around Mattoon"), undefined, {
      timeout: 30_000,
    });
    expect(await dev.terminalLine(/✓ .*templates\/pages\/TownPage\.tsx.*/, since)).toBeTruthy();
    expect(await readFile(path.join(dist(), "towns", "charleston.html"), "utf8")).toContain("Excavation work around");
  });

  it("stops with Ctrl+C (SIGINT), taking its build processes with it", async () => {
    const exited = new Promise<number | null>((resolve) => dev.process.once("exit", resolve));
    dev.process.kill("SIGINT");
    expect(await exited).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
    const buildProcess = path.join(project, "scripts", "dev", "build-process-main.ts");
    for (let waited = 0; (await processesRunning(buildProcess)) > 0; waited += 100) {
      if (waited > 5000) throw new Error("build processes are still running");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
