// The site editor on the owner's phone: /admin/ at 390×844 with Chromium's mobile emulation and a
// touch screen, every button tapped. On `npm run dev` in local-folder mode, as in
// admin-dev.browser.test.ts (the same steps, from support/editor-form.ts), the owner changes
// Mattoon's description and adds a photo to Mattoon, each with a Save; then adds a job done in
// Charleston, its town and services picked from the site's lists, with a before and an after photo
// from the phone's files, and saves it. `sitegen check` passes on the saved files and the
// visitor's page, at the same size, shows the change.
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
import { addItem, addPhoto, field, reveal, openFirstTown, tap } from "./support/editor-form.ts";
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

  it("adds a job with a before and an after photo, by touch, and its page shows the pair, labelled", async () => {
    const { editor, errors } = await openLocalEditor(browser, setup, PHONE);
    await tap(editor.getByRole("button", { name: "Work with Local Repository" }));
    // On a phone the editor opens on its collections; Jobs is one of them, with its one file.
    const collection = editor.getByText("Jobs", { exact: true }).first();
    await collection.waitFor();
    await tap(collection);
    const file = editor.getByText("Jobs done", { exact: true }).first();
    await file
      .or(editor.getByRole("button", { name: "Save" }))
      .first()
      .waitFor();
    if (await file.isVisible()) await tap(file);
    await expect.poll(() => editor.getByRole("button", { name: "Save" }).count()).toBe(1);
    await look(editor, "14-jobs-open");

    const job = await addItem(editor, editor.locator("body"), "Jobs", "Job", tap);
    await look(editor, "15-job-added");
    const typeInto = async (label: string, value: string) => {
      const box = (await reveal(editor, field(job, label))).getByRole("textbox").first();
      await tap(box);
      await box.fill(value);
    };
    await typeInto("Slug", PHONE_JOB.slug);
    await typeInto("Title", PHONE_JOB.title);
    await pick(editor, field(job, "Town"), "Charleston");
    await look(editor, "16-job-town");
    await pick(editor, field(job, "Services"), "Drainage Systems");
    await look(editor, "17-job-services");
    const month = (await reveal(editor, field(job, "Month done"))).locator("input").first();
    await month.fill("2025-09-12");
    await typeInto("The story", PHONE_JOB.story);
    await look(editor, "18-job-story");

    for (const [role, photo] of [
      ["before", PHONE_JOB.before],
      ["after", PHONE_JOB.after],
    ] as const) {
      const file = { name: photo.name, mimeType: "image/jpeg", buffer: await jobSitePhoto(photo.width, photo.height) };
      const row = await addPhoto(editor, job, file, photo.alt, { press: tap });
      await tap((await reveal(editor, field(row, "Before, during or after"))).getByRole("radio", { name: role }));
      await look(editor, `${role === "before" ? "19" : "20"}-job-photo-${role}`);
    }

    await tap(editor.getByRole("button", { name: "Save" }));
    await editor.getByText("Entry saved.").waitFor();
    await look(editor, "21-job-saved");

    const saved = parse(await readFile(path.join(setup.project, "data", "jobs.yaml"), "utf8")) as { jobs: unknown[] };
    expect(saved.jobs).toEqual([
      {
        slug: PHONE_JOB.slug,
        title: PHONE_JOB.title,
        town: "charleston",
        services: ["drainage-system"],
        month: "2025-09",
        story: PHONE_JOB.story,
        photos: [
          { file: "photos/img-3107.jpg", role: "before", alt: PHONE_JOB.before.alt },
          { file: "photos/img-3142.jpg", role: "after", alt: PHONE_JOB.after.alt },
        ],
      },
    ]);
    await checkSavedData();

    const visitor = await (await browser.newContext(PHONE)).newPage();
    await expect
      .poll(async () => (await visitor.goto(`${setup.dev.url}/projects/${PHONE_JOB.slug}`))?.status(), {
        timeout: 60_000,
      })
      .toBe(200);
    const pair = visitor.locator("figure.before-after");
    expect(await pair.locator(".photo-role").allInnerTexts()).toEqual(["BEFORE", "AFTER"]);
    for (const image of await pair.locator("img").all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    expect(await pair.locator("img").evaluateAll((images) => images.map((img) => img.getAttribute("alt")))).toEqual([
      PHONE_JOB.before.alt,
      PHONE_JOB.after.alt,
    ]);
    await pair.scrollIntoViewIfNeeded();
    await look(visitor, "22-visitor-job");
    expect(errors).toEqual([]);
    await editor.context().close();
    await visitor.context().close();
  }, 240_000);
});

/**
 * A job as the owner types it in on the phone; its photos as the phone names them, each of a size of
 * its own (the editor's library keeps one copy of a file it already has, as the town's photo above).
 */
const PHONE_JOB = {
  slug: "charleston-side-yard-drain",
  title: "Side yard drain on a clay lot in Charleston",
  story:
    "Every rain ran off the neighbor's drive and pooled along this house's side wall, and the crawl space stayed damp. " +
    "Under a thin layer of topsoil the lot was hard clay. We cut a shallow swale along the lot line and carried the water to the back ditch.",
  before: {
    name: "IMG 3107.JPG",
    width: 1500,
    height: 1000,
    alt: "Water pooled along the side wall of a house after rain",
  },
  after: {
    name: "IMG 3142.JPG",
    width: 1400,
    height: 900,
    alt: "A grassed swale along the lot line beside the house, dry",
  },
};

/** Picks `option` in a select field of the editor: a list to open and tap, or a box to type into. */
async function pick(page: Page, select: Locator, option: string): Promise<void> {
  const box = (await reveal(page, select)).getByRole("combobox").first();
  await tap(box);
  await page.getByRole("option", { name: option, exact: true }).first().tap();
}
