// Driving the site editor's form as the owner does: fields found by their labels, list items
// added with the list's own button, icons picked by typing, and a whole town typed in. At a desk
// the owner clicks; on a phone, taps: the steps that press a button take the way to press it.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** How the owner presses a button: a click at a desk, a tap on a phone. */
export type Press = (target: Locator) => Promise<void>;
const click: Press = (target) => target.click();
export const tap: Press = (target) => target.tap();

/** The editor's one collection, which holds the data files. */
const COLLECTION = "Site content";

/**
 * Opens one data file in the editor, working on the seeded local folder. At a desk the editor
 * starts with the collection's files listed; on a phone, with the list of collections, where the
 * owner first opens the one there is.
 */
export async function openFile(page: Page, label: string, press: Press = click): Promise<void> {
  await press(page.getByRole("button", { name: "Work with Local Repository" }));
  await openDataFile(page, label, press);
}

/** Opens one data file in the editor, signed in already: from the list of collections or of files. */
export async function openDataFile(page: Page, label: string, press: Press = click): Promise<void> {
  const file = page.getByText(label, { exact: true });
  const collection = page.getByText(COLLECTION, { exact: true });
  await file.or(collection).first().waitFor();
  if (!(await file.isVisible())) await press(collection);
  await press(file);
  await expect.poll(() => page.getByRole("button", { name: "Save" }).count()).toBe(1);
}

/** The editor wraps names in its labels in Unicode isolates (U+2068 … U+2069). */
const isolated = (text: string) => `\u2068?${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\u2069?`;

/** The field group with this label, inside `within`. */
export function field(within: Locator | Page, label: string): Locator {
  return within.getByRole("group", { name: new RegExp(`^“${isolated(label)}” Field$`) }).first();
}

/** The items of a list field, in order. */
export function listItems(list: Locator): Locator {
  return list.locator(".item-list").first().locator(":scope > .item-wrapper");
}

/** The last item of a list field: a row the owner just added. */
export function lastItem(list: Locator): Locator {
  return listItems(list).last();
}

/**
 * The editor draws a long form's fields as they scroll into view: scrolls down until `target` is
 * there, and brings it into view.
 */
export async function reveal(page: Page, target: Locator): Promise<Locator> {
  for (let step = 0; step < 60; step++) {
    if ((await target.count()) > 0) {
      await target.scrollIntoViewIfNeeded();
      return target;
    }
    const { width, height } = page.viewportSize() ?? { width: 1280, height: 900 };
    await page.mouse.move(width / 2, height / 2);
    await page.mouse.wheel(0, height / 3);
    await page.waitForTimeout(50);
  }
  throw new Error(`Never drawn: ${target.toString()}`);
}

async function fillText(page: Page, within: Locator, label: string, value: string): Promise<void> {
  const box = await reveal(page, field(within, label));
  const input = box.getByRole("textbox").or(box.getByRole("spinbutton")).first();
  await input.fill(value);
}

/** Adds an item (called `item`) to the list field `label` inside `within`, and returns it. */
export async function addItem(
  page: Page,
  within: Locator,
  label: string,
  item: string,
  press: Press = click,
): Promise<Locator> {
  const list = await reveal(page, field(within, label));
  await press(list.getByRole("button", { name: new RegExp(`^Add ${isolated(item)}$`) }).last());
  return lastItem(list);
}

/** Opens the towns file and the first town of the grids (Mattoon); returns the grid and the town. */
export async function openFirstTown(
  page: Page,
  press: Press = click,
  open: typeof openFile = openFile,
): Promise<{ grid: Locator; town: Locator }> {
  await open(page, "Towns", press);
  const grid = field(page, "Towns in the grids");
  await press(grid.getByRole("button", { name: "Expand" }).first());
  return { grid, town: listItems(grid).first() };
}

/** A photo or a picture as the owner's phone or camera names it. */
export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The moments of adding a photo, in order, for a test to look at the screen. */
export type PhotoStep = "row added" | "library" | "uploaded" | "inserted" | "described";

/** The moments of choosing a picture in the editor's library, in order. */
type PictureStep = Exclude<PhotoStep, "row added" | "described">;

/**
 * Puts a picture into the editor's picture field `picture` as the owner does: Browse, Upload in the
 * editor's library, Insert; waits until the field names it as it will be saved ("/photos/x.jpg",
 * "/brand/logo.svg"). `step` is called at each moment, with the library.
 */
export async function choosePicture(
  page: Page,
  picture: Locator,
  file: PhotoFile,
  { press = click, step }: { press?: Press; step?: (step: PictureStep, library: Locator) => Promise<void> } = {},
): Promise<void> {
  const library = page.getByRole("dialog", { name: "Select Image" });
  await press((await reveal(page, picture)).getByRole("button", { name: "Browse" }));
  await library.waitFor();
  await step?.("library", library);
  const chooser = page.waitForEvent("filechooser");
  await press(library.getByRole("button", { name: "Upload" }));
  await (await chooser).setFiles(file);
  const insert = library.getByRole("button", { name: "Insert" });
  await expect.poll(() => insert.isEnabled()).toBe(true);
  // The owner sees the picture in the library before putting it in.
  const thumbnail = library.locator("img").first();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0).catch(() => false))
    .toBe(true);
  await step?.("uploaded", library);
  await press(insert);
  // The field names the picture as it will be saved, once the editor has taken it.
  await picture.getByText(/^\/(?:photos|brand)\/\S+$/).waitFor();
  await step?.("inserted", library);
}

/**
 * Adds a photo to `town` as the owner does: a new row of its Photos list, the photo chosen in the
 * editor's library (choosePicture), then the words that say what it shows. `step` is called at each
 * moment, with the photo library. Returns the new row.
 */
export async function addPhoto(
  page: Page,
  town: Locator,
  photo: PhotoFile,
  alt: string,
  { press = click, step }: { press?: Press; step?: (step: PhotoStep, library: Locator) => Promise<void> } = {},
): Promise<Locator> {
  const library = page.getByRole("dialog", { name: "Select Image" });
  const row = await addItem(page, town, "Photos", "Photo", press);
  await step?.("row added", library);
  await choosePicture(page, field(row, "Photo"), photo, { press, step });
  await (await reveal(page, field(row, "What the photo shows").getByRole("textbox"))).fill(alt);
  await step?.("described", library);
  return row;
}

/** A town as the owner types it in, field by field; `faqs` questions and answers. */
export interface NewTown {
  name: string;
  slug: string;
  county: string;
  lat: string;
  lon: string;
  description: string;
  paragraph: string;
  highlights: [icon: string, text: string][];
  faqs: [question: string, answer: string][];
}

export const OAKLAND: NewTown = {
  name: "Oakland",
  slug: "oakland",
  county: "Coles",
  lat: "39.654",
  lon: "-88.026",
  description:
    "Excavation, drainage and driveway work for Oakland homes and the farm ground of northeast Coles County.",
  paragraph:
    "Oakland sits in the northeast corner of Coles County, a short drive from our yard in Mattoon. We dig footings, lay drain tile and rebuild gravel drives for homes and farms in and around the village.",
  highlights: [
    ["map-pin", "Northeast Coles County"],
    ["droplets", "Drain tile for flat farm ground"],
    ["truck", "Gravel drives rebuilt"],
    ["shovel", "Footings for new sheds"],
  ],
  faqs: [
    [
      "Do you work on farms around Oakland?",
      "Yes. We repair field tile, clean out ditches and build pads for bins and sheds on farms around Oakland.",
    ],
    [
      "Can you rebuild a gravel driveway in Oakland?",
      "We can. We strip the soft spots, lay fabric where the ground is wet and spread new rock at the depth the traffic calls for.",
    ],
    [
      "How soon can you start in Oakland?",
      "Send the details through the estimate form; we answer with a free estimate and a start date that fits the weather.",
    ],
  ],
};

/** Types a new town into the "Also serving" list, through the editor's fields, as the owner would. */
export async function typeTown(page: Page, town: NewTown): Promise<void> {
  const item = await addItem(page, page.locator("body"), "Also serving (further towns)", "Town");
  await fillText(page, item, "Name", town.name);
  await fillText(page, item, "Slug", town.slug);
  await fillText(page, item, "County", town.county);
  await fillText(page, item, "Latitude", town.lat);
  await fillText(page, item, "Longitude", town.lon);
  await fillText(page, item, "Description", town.description);
  const paragraph = await addItem(page, item, "Paragraphs", "Paragraph");
  await (await reveal(page, paragraph.getByRole("textbox"))).fill(town.paragraph);
  for (const [icon, text] of town.highlights) {
    const highlight = await addItem(page, item, "Highlights", "Highlight");
    const choice = (await reveal(page, field(highlight, "Icon"))).getByRole("combobox");
    await choice.click();
    await page.keyboard.type(icon);
    await page.getByRole("option", { name: icon, exact: true }).click();
    await fillText(page, highlight, "Text", text);
  }
  for (const [question, answer] of town.faqs) {
    const faq = await addItem(page, item, "Questions", "Question");
    await fillText(page, faq, "Question", question);
    await fillText(page, faq, "Answer", answer);
  }
}

/** The lines of `after` that differ from `before`, as "-old"/"+new". */
export function changedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let endA = a.length - 1;
  let endB = b.length - 1;
  while (endA >= start && endB >= start && a[endA] === b[endB]) {
    endA--;
    endB--;
  }
  return [...a.slice(start, endA + 1).map((line) => `-${line}`), ...b.slice(start, endB + 1).map((line) => `+${line}`)];
}
