// The site editor on the owner's phone: /admin/ at 390×844 with Chromium's mobile emulation and a
// touch screen, every button tapped. On `npm run dev` in local-folder mode, as in
// admin-dev.browser.test.ts (the same steps, from support/editor-form.ts), the owner changes
// Mattoon's description and adds a photo to Mattoon, each with a Save; `sitegen check` passes on
// the saved files and the visitor's page, at the same size, shows the change.
//
// A real phone's browser has no folder picker: there the owner signs in on the live site, and
// Save commits to the repository instead of writing the file. The form, its fields, the photo
// library and Save are the same in both modes; local mode is the one a test can check on disk.
//
// A screenshot is taken at every step into a temporary folder (printed at the start, kept for a
// person to look at): set PHONE_SHOTS to choose the folder.
import { mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonSchemaFor, resolveRef, type SchemaNode } from "../scripts/data/json-schemas.ts";
import { launchBrowser } from "./support/browser.ts";
import { addPhoto, field, openFirstTown, reveal, tap } from "./support/editor-form.ts";
import { openLocalEditor, startEditorProject, type EditorProject } from "./support/local-editor.ts";
import { jobSitePhoto } from "./support/photo-fixtures.ts";
import { sitegen } from "./support/sitegen.ts";

/** A phone in the owner's hand: the size of an iPhone 14, its pixel density, touch. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** The most characters a town's description may have, from the schema. */
const LONGEST_DESCRIPTION = (() => {
  const towns = jsonSchemaFor("towns") as SchemaNode;
  return resolveRef(towns.properties?.towns?.items ?? {}, towns).properties?.description?.maxLength ?? 0;
})();

let setup: EditorProject;
let browser: Browser;
let shots: string;

beforeAll(async () => {
  setup = await startEditorProject();
  browser = await launchBrowser();
  shots = process.env.PHONE_SHOTS ?? (await mkdtemp(path.join(tmpdir(), "editor-phone-")));
  await mkdir(shots, { recursive: true });
  console.info(`Screenshots of the editor on a phone: ${shots}`);
});

afterAll(async () => {
  await browser?.close();
  await setup?.remove();
});

/** Saves what the phone shows as `<name>.png`, after checking the page does not scroll sideways. */
async function look(page: Page, name: string): Promise<void> {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, `${name}: the page is wider than the phone`).toBeLessThanOrEqual(width);
  // As the screen settles: the editor slides its views in.
  await page.screenshot({ path: path.join(shots, `${name}.png`), animations: "disabled" });
}

/** Whether a text box shows all of its text, inside the screen's width: nothing hidden to scroll to. */
async function showsAllItsText(box: Locator): Promise<boolean> {
  return box.evaluate((element: HTMLInputElement | HTMLTextAreaElement) => {
    const { left, right } = element.getBoundingClientRect();
    return (
      element.scrollWidth <= element.clientWidth &&
      element.scrollHeight <= element.clientHeight &&
      left >= 0 &&
      right <= window.innerWidth
    );
  });
}

/** The town page a visitor has open on a phone. */
async function visitorPage(): Promise<Page> {
  const visitor = await (await browser.newContext(PHONE)).newPage();
  await visitor.goto(`${setup.dev.url}/towns/mattoon`);
  return visitor;
}

/** `sitegen check` on the copy's data, as the owner's next build will read it. */
async function checkSavedData(): Promise<void> {
  const result = await sitegen(["check", "--data", path.join(setup.project, "data")], setup.project);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/^OK: data\/ is valid/m);
}

async function townsFile(): Promise<{ towns: { slug: string; description: string; photos?: unknown[] }[] }> {
  return parse(await readFile(path.join(setup.project, "data", "towns.yaml"), "utf8")) as Awaited<
    ReturnType<typeof townsFile>
  >;
}

describe("the site editor on a phone (390×844, touch)", () => {
  it("changes a town's description, the whole sentence in view while typing, and saves it with a tap", async () => {
    const visitor = await visitorPage();
    const { editor, errors } = await openLocalEditor(browser, setup, PHONE);
    await editor.getByRole("button", { name: "Work with Local Repository" }).waitFor();
    await look(editor, "01-sign-in");

    const { town } = await openFirstTown(editor, tap);
    await look(editor, "02-mattoon-open");
    const box = await reveal(editor, field(town, "Description").getByRole("textbox"));
    await box.scrollIntoViewIfNeeded();
    await look(editor, "03-description");
    // The owner reads the whole sentence before changing it, and while typing the new one.
    expect(await showsAllItsText(box)).toBe(true);
    await tap(box);
    // The box grows with the text, up to the longest description the site takes.
    await box.fill("Trenching, grading and hauling for Mattoon. ".repeat(9).slice(0, LONGEST_DESCRIPTION));
    expect(await showsAllItsText(box)).toBe(true);
    const text =
      "Excavating, drainage and site work from our Mattoon yard for homes, farms and builders in Mattoon and all of Coles County.";
    await box.fill(text);
    expect(await showsAllItsText(box)).toBe(true);
    await look(editor, "04-description-typed");

    await tap(editor.getByRole("button", { name: "Save" }));
    await editor.getByText("Entry saved.").waitFor();
    await look(editor, "05-description-saved");
    await visitor.waitForFunction((text) => document.body.innerText.includes(text), text, { timeout: 30_000 });
    await visitor.getByText(text).scrollIntoViewIfNeeded();
    await look(visitor, "06-visitor-description");

    expect((await townsFile()).towns.find((entry) => entry.slug === "mattoon")?.description).toBe(text);
    await checkSavedData();
    expect(errors).toEqual([]);
    await editor.context().close();
    await visitor.context().close();
  }, 120_000);

  it("adds a photo to a town from the phone's files, describes it and saves it with a tap", async () => {
    const visitor = await visitorPage();
    const { editor, errors } = await openLocalEditor(browser, setup, PHONE);
    const { town } = await openFirstTown(editor, tap);
    const alt = "Excavator digging a basement in Mattoon";
    const file = { name: "IMG 2041.JPG", mimeType: "image/jpeg", buffer: await jobSitePhoto() };
    const names = { "row added": "07", library: "08", uploaded: "09", inserted: "10", described: "11" } as const;
    await addPhoto(editor, town, file, alt, {
      press: tap,
      step: (step) => look(editor, `${names[step]}-photo-${step.replace(" ", "-")}`),
    });

    await tap(editor.getByRole("button", { name: "Save" }));
    await editor.getByText("Entry saved.").waitFor();
    await look(editor, "12-photo-saved");
    const image = visitor.locator(`img[alt="${alt}"]`);
    await image.waitFor({ state: "attached", timeout: 30_000 });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await look(visitor, "13-visitor-photo");

    expect(await readdir(path.join(setup.project, "data", "photos"))).toEqual(["img-2041.jpg"]);
    expect((await townsFile()).towns.find((entry) => entry.slug === "mattoon")?.photos).toEqual([
      { file: "photos/img-2041.jpg", alt },
    ]);
    await checkSavedData();
    expect(errors).toEqual([]);
    await editor.context().close();
    await visitor.context().close();
  }, 120_000);
});
