// Driving the site editor's form as the owner does: fields found by their labels, list items
// added with the list's own button, icons picked by typing, and a whole town typed in.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** Opens one data file in the editor, working on the seeded local folder. */
export async function openFile(page: Page, label: string): Promise<void> {
  await page.getByRole("button", { name: "Work with Local Repository" }).click();
  await page.getByText(label, { exact: true }).click();
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
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 300);
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
export async function addItem(page: Page, within: Locator, label: string, item: string): Promise<Locator> {
  const list = await reveal(page, field(within, label));
  await list
    .getByRole("button", { name: new RegExp(`^Add ${isolated(item)}$`) })
    .last()
    .click();
  return lastItem(list);
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
