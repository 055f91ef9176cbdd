// The site editor on `npm run dev`, as the owner uses it at home: /admin/ works on the working
// copy on disk, and a Save there rebuilds the site and reloads the page open beside it.
//
// The "Work with Local Repository" button opens the browser's folder picker, which a test cannot
// click through. Here the picker answers with the project copy on disk (support/disk-folder.ts):
// the editor's reads and writes land in the files the dev server watches, as the owner's do.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { addPhoto, changedLines, field, openFirstTown } from "./support/editor-form.ts";
import { openLocalEditor, startEditorProject, type EditorProject } from "./support/local-editor.ts";
import { jobSitePhoto } from "./support/photo-fixtures.ts";

let setup: EditorProject;
let project: string;
let url: string;
let browser: Browser;

beforeAll(async () => {
  setup = await startEditorProject();
  ({ project } = setup);
  url = setup.dev.url;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await setup?.remove();
});

describe("the site editor on npm run dev", () => {
  it("saves into the working copy; the dev server rebuilds and the open page reloads", async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${url}/towns/mattoon`);
    const towns = path.join(project, "data", "towns.yaml");
    const before = await readFile(towns, "utf8");

    const { editor, errors } = await openLocalEditor(browser, setup);
    // The dev server's reload script is for the site's pages only: a rebuild must not reload the
    // editor under the owner's hands.
    expect(await editor.locator('script[src^="/__sitegen/"]').count()).toBe(0);
    const { town } = await openFirstTown(editor);
    await editor.evaluate(() => ((window as unknown as { stillOpen: boolean }).stillOpen = true));
    const text =
      "Excavating, drainage and site work from our Mattoon yard for homes, farms and builders across Coles County.";
    await field(town, "Description").getByRole("textbox").fill(text);
    const since = setup.dev.output().length;
    await editor.getByRole("button", { name: "Save" }).click();

    await visitor.waitForFunction((text) => document.body.innerText.includes(text), text, { timeout: 30_000 });
    expect(await setup.dev.terminalLine(/✓ .*built \d+ pages.*\(data\/towns\.yaml\).*/, since)).toMatch(
      /reload sent \d+ ms after the save/,
    );
    // One rebuild for one save, though the file was written through a swap file and a rename.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      setup.dev
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
  }, 120_000); // the editor's 2 MB script, a save, the dev server's rebuild in a new build process, and the reload

  it("takes a photo through the Photo field: saved in data/photos/, named as the data names it, shown on the page", async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${url}/towns/mattoon`);
    const { editor, errors } = await openLocalEditor(browser, setup);
    const { town } = await openFirstTown(editor);
    const alt = "Excavator digging a basement in Mattoon";
    const file = { name: "IMG 2041.JPG", mimeType: "image/jpeg", buffer: await jobSitePhoto() };
    const photo = await addPhoto(editor, town, file, alt, {
      step: async (step, library) => {
        if (step !== "library") return;
        // Only the owner's own photos: no stock photo service is offered.
        await expect.poll(() => library.getByRole("option", { name: "Global Assets" }).count()).toBe(1);
        expect(await library.getByText("Stock Photos").count()).toBe(0);
      },
    });
    // The field names the photo as it will be saved: a name fit for a web address.
    // A camera's JPEG is saved as WebP (shrunk to the size the site uses when it is larger).
    await field(photo, "Photo").getByText("/photos/img-2041.webp").waitFor();
    // The caption stays empty: it is optional, and the file leaves it out.
    const since = setup.dev.output().length;
    await editor.getByRole("button", { name: "Save" }).click();

    await visitor.waitForFunction((alt) => document.querySelector(`img[alt="${alt}"]`), alt, { timeout: 30_000 });
    expect(await setup.dev.terminalLine(/✓ .*built \d+ pages.*\(data\/towns\.yaml\).*/, since)).toBeTruthy();
    // The file name is made fit for a web address; the data names it from data/, without a slash.
    expect(await readdir(path.join(project, "data", "photos"))).toEqual(["img-2041.webp"]);
    const towns = parse(await readFile(path.join(project, "data", "towns.yaml"), "utf8")) as {
      towns: { slug: string; photos?: unknown[] }[];
    };
    expect(towns.towns.find((town) => town.slug === "mattoon")?.photos).toEqual([
      { file: "photos/img-2041.webp", alt },
    ]);
    const image = visitor.locator(`img[alt="${alt}"]`);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await editor.context().close();
    await visitor.close();
  }, 120_000); // the editor, a photo shrunk in the browser and saved, and a rebuild that encodes it (AVIF, WebP, JPEG)
});
