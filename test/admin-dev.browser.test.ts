// The site editor on `npm run dev`, as the owner uses it at home: /admin/ works on the working
// copy on disk, and a Save there rebuilds the site and reloads the page open beside it.
//
// The "Work with Local Repository" button opens the browser's folder picker, which a test cannot
// click through. Here the picker answers with the project copy on disk (support/disk-folder.ts):
// the editor's reads and writes land in the files the dev server watches, as the owner's do.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { answerPickerWith } from "./support/disk-folder.ts";
import { addItem, changedLines, field, listItems, openFile, reveal } from "./support/editor-form.ts";
import { jobSitePhoto } from "./support/photo-fixtures.ts";
import { startDevServer, type DevServer } from "./support/dev-server.ts";
import { copyProject } from "./support/project-copy.ts";

let project: string;
let dev: DevServer;
let url: string;
let browser: Browser;

beforeAll(async () => {
  project = await copyProject();
  // The editor's local mode opens only the root of a git working copy.
  await mkdir(path.join(project, ".git"));
  await writeFile(path.join(project, ".git", "HEAD"), "ref: refs/heads/main\n");
  dev = await startDevServer(project);
  url = dev.url;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (project) await rm(project, { recursive: true, force: true });
});

/** /admin/ on the dev server, its folder picker answered with the project copy. */
async function openLocalEditor(): Promise<{ editor: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const editor = await context.newPage();
  const errors: string[] = [];
  editor.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  editor.on("pageerror", (error) => errors.push(error.message));
  await answerPickerWith(editor, project);
  const response = await editor.goto(`${url}/admin/`);
  expect(response?.status()).toBe(200);
  return { editor, errors };
}

describe("the site editor on npm run dev", () => {
  it("saves into the working copy; the dev server rebuilds and the open page reloads", async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${url}/towns/mattoon`);
    const towns = path.join(project, "data", "towns.yaml");
    const before = await readFile(towns, "utf8");

    const { editor, errors } = await openLocalEditor();
    // The dev server's reload script is for the site's pages only: a rebuild must not reload the
    // editor under the owner's hands.
    expect(await editor.locator('script[src^="/__sitegen/"]').count()).toBe(0);
    await openFile(editor, "Towns");
    await editor.evaluate(() => ((window as unknown as { stillOpen: boolean }).stillOpen = true));
    const grid = field(editor, "Towns in the grids");
    await grid.getByRole("button", { name: "Expand" }).first().click();
    const text =
      "Excavating, drainage and site work from our Mattoon yard for homes, farms and builders across Coles County.";
    await field(grid, "Description").getByRole("textbox").fill(text);
    const since = dev.output().length;
    await editor.getByRole("button", { name: "Save" }).click();

    await visitor.waitForFunction((text) => document.body.innerText.includes(text), text, { timeout: 30_000 });
    expect(await dev.terminalLine(/✓ .*built \d+ pages.*\(data\/towns\.yaml\).*/, since)).toMatch(
      /reload sent \d+ ms after the save/,
    );
    // One rebuild for one save, though the file was written through a swap file and a rename.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      dev
        .output()
        .slice(since)
        .match(/^[✓✗] /gm),
    ).toHaveLength(1);

    expect(changedLines(before, await readFile(towns, "utf8"))).toEqual([
      "-      Excavating, drainage and site work from our home base in Mattoon, serving homeowners, farms",
      "-      and builders across Coles County.",
      "+      Excavating, drainage and site work from our Mattoon yard for homes, farms and builders across",
      "+      Coles County.",
    ]);
    expect((await readdir(path.join(project, "data"))).filter((name) => name.startsWith("."))).toEqual([]);
    expect(await editor.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(true);
    expect(errors).toEqual([]);
    await editor.context().close();
    await visitor.close();
  }, 120_000);

  it("takes a photo through the Photo field: saved in data/photos/, named as the data names it, shown on the page", async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${url}/towns/mattoon`);
    const { editor, errors } = await openLocalEditor();
    await openFile(editor, "Towns");
    const grid = field(editor, "Towns in the grids");
    await grid.getByRole("button", { name: "Expand" }).first().click();
    const mattoon = listItems(grid).first();
    const photo = await addItem(editor, mattoon, "Photos", "Photo");
    await (await reveal(editor, field(photo, "Photo"))).getByRole("button", { name: "Browse" }).click();
    const library = editor.getByRole("dialog", { name: "Select Image" });
    // Only the owner's own photos: no stock photo service is offered.
    await expect.poll(() => library.getByRole("option", { name: "Global Assets" }).count()).toBe(1);
    expect(await library.getByText("Stock Photos").count()).toBe(0);
    const chooser = editor.waitForEvent("filechooser");
    await library.getByRole("button", { name: "Upload" }).click();
    await (await chooser).setFiles({ name: "IMG 2041.JPG", mimeType: "image/jpeg", buffer: await jobSitePhoto() });
    await library.getByRole("button", { name: "Insert" }).click();
    // The field names the photo as it will be saved, once the editor has taken it.
    await field(photo, "Photo").getByText("/photos/img-2041.jpg").waitFor();
    const alt = "Excavator digging a basement in Mattoon";
    await field(photo, "What the photo shows").getByRole("textbox").fill(alt);
    // The caption stays empty: it is optional, and the file leaves it out.
    const since = dev.output().length;
    await editor.getByRole("button", { name: "Save" }).click();

    await visitor.waitForFunction((alt) => document.querySelector(`img[alt="${alt}"]`), alt, { timeout: 30_000 });
    expect(await dev.terminalLine(/✓ .*built \d+ pages.*\(data\/towns\.yaml\).*/, since)).toBeTruthy();
    // The file name is made fit for a web address; the data names it from data/, without a slash.
    expect(await readdir(path.join(project, "data", "photos"))).toEqual(["img-2041.jpg"]);
    const towns = parse(await readFile(path.join(project, "data", "towns.yaml"), "utf8")) as {
      towns: { slug: string; photos?: unknown[] }[];
    };
    expect(towns.towns.find((town) => town.slug === "mattoon")?.photos).toEqual([{ file: "photos/img-2041.jpg", alt }]);
    const image = visitor.locator(`img[alt="${alt}"]`);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await editor.context().close();
    await visitor.close();
  }, 120_000);
});
