// The site editor at /admin/ in a browser, as the owner opens it: the page, with what it logs, and
// the working copy it edits. The "Work with Local Repository" button opens the browser's folder
// picker, which a test cannot drive: showDirectoryPicker() answers with the page's origin-private
// folder (OPFS) instead, seeded with a .git folder and the data files, which the editor reads and
// writes exactly as it would the owner's working copy.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { DATA_FILES, type DataFileName } from "../../scripts/data/schema.ts";
import { DATA_DIR } from "./paths.ts";

const NAMES = Object.keys(DATA_FILES) as DataFileName[];

export interface PageLog {
  errors: string[];
  violations: string[];
  foreign: string[];
}

/**
 * A page on /admin/ of the site at `siteUrl` that records console errors, CSP violations and
 * requests to other origins, with the folder picker stubbed.
 */
export async function openEditor(
  browser: Browser,
  siteUrl: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; log: PageLog }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const log: PageLog = { errors: [], violations: [], foreign: [] };
  page.on("console", (message) => {
    if (message.type() === "error") log.errors.push(message.text());
  });
  page.on("pageerror", (error) => log.errors.push(error.message));
  await page.exposeFunction("reportViolation", (text: string) => log.violations.push(text));
  await context.route(
    (url) => !url.href.startsWith(siteUrl) && !/^(?:blob|data):/.test(url.protocol),
    (route) => {
      log.foreign.push(route.request().url());
      return route.abort();
    },
  );
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
    // The folder picker, stubbed: the origin-private folder stands in for the working copy.
    (window as unknown as { showDirectoryPicker(): Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = () =>
      navigator.storage.getDirectory();
  });
  await page.goto(`${siteUrl}/admin/`);
  return { page, log };
}

/** Seeds the origin-private folder with a .git folder and the data files, as a working copy. */
export async function seedWorkingCopy(page: Page, files: Record<string, string>): Promise<void> {
  await page.evaluate(async (files) => {
    const root = await navigator.storage.getDirectory();
    for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) {
      await root.removeEntry(name, { recursive: true });
    }
    const write = async (dir: FileSystemDirectoryHandle, name: string, text: string) => {
      const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    };
    await write(await root.getDirectoryHandle(".git", { create: true }), "HEAD", "ref: refs/heads/main\n");
    const data = await root.getDirectoryHandle("data", { create: true });
    for (const [name, text] of Object.entries(files)) await write(data, name, text);
  }, files);
}

/** The data files as the editor left them in the working copy. */
export async function savedFiles(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const data = await (await navigator.storage.getDirectory()).getDirectoryHandle("data");
    const files: Record<string, string> = {};
    for await (const [name, handle] of (
      data as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }
    ).entries()) {
      if (handle.kind === "file") files[name] = await (await handle.getFile()).text();
    }
    return files;
  });
}

/**
 * The data files of a data folder (the project's data/ by default), by file name; an optional file
 * (jobs.yaml) only when the folder has it, as a working copy without it has none.
 */
export async function projectFiles(dir: string = DATA_DIR): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of NAMES) {
    const { file, optional } = DATA_FILES[name];
    if (optional && !existsSync(path.join(dir, file))) continue;
    files[file] = await readFile(path.join(dir, file), "utf8");
  }
  return files;
}
