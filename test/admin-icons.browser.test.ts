// Every icon the site editor draws on the owner's screens (the file list, a town, a service, the
// business details, the photo picker) is in its cut-down icon font (admin/fonts.ts): each is drawn
// in Chromium as one glyph one icon wide, not as the letters of its name, and the font file the
// build wrote draws its name as one glyph with HarfBuzz.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmsFonts, publishedCmsScript } from "../scripts/admin/files.ts";
import { ICON_FONT_FAMILY } from "../scripts/admin/fonts.ts";
import { singleGlyphs } from "../scripts/lib/font-subset.ts";
import { launchBrowser } from "./support/browser.ts";
import { addItem, field, listItems, openFile, reveal } from "./support/editor-form.ts";
import { openEditor, projectFiles, seedWorkingCopy } from "./support/editor-page.ts";
import { serveSharedSite, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
let browser: Browser;
let iconFont: Uint8Array;

beforeAll(async () => {
  site = await serveSharedSite();
  browser = await launchBrowser();
  const { file } = cmsFonts(await publishedCmsScript()).find((font) => font.family === ICON_FONT_FAMILY)!;
  iconFont = await readFile(path.join(site.dir, file));
}, 120_000); // the run's shared build, cold on a fresh clone (15 s cold alone, 2 s with the cache), then Chromium's start

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** An icon on the page: its name, the width its text is drawn, and the font size (one icon's width). */
interface DrawnIcon {
  name: string;
  width: number;
  size: number;
}

/** The icons drawn on the page: every shown element in the icon font, with text of its own. */
async function drawnIcons(page: Page): Promise<DrawnIcon[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const icons: DrawnIcon[] = [];
    for (const element of document.querySelectorAll("body *")) {
      const style = getComputedStyle(element);
      if (!style.fontFamily.includes("Material Symbols") || element.getClientRects().length === 0) continue;
      const texts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
      const name = texts
        .map((node) => node.textContent)
        .join("")
        .trim();
      if (!name) continue;
      // The text's own box: an icon cropped by its element (the small arrows) is measured whole.
      const range = document.createRange();
      range.selectNodeContents(element);
      icons.push({ name, width: range.getBoundingClientRect().width, size: parseFloat(style.fontSize) });
    }
    return icons;
  });
}

/** The icons of `icons` not drawn as one glyph of one icon's width, or not one glyph of the font file. */
async function missingIcons(icons: DrawnIcon[]): Promise<string[]> {
  const inFont = await singleGlyphs(iconFont, new Set(icons.map((icon) => icon.name)));
  const missing = icons
    .filter((icon) => Math.abs(icon.width - icon.size) > 0.5 || !inFont.has(icon.name))
    .map((icon) => `${icon.name} (${icon.width.toFixed(1)} px wide at ${icon.size} px)`);
  return [...new Set(missing)];
}

/** The editor on a working copy of the project's data, at the file list. */
async function fileList(): Promise<Page> {
  const { page } = await openEditor(browser, site.url);
  await seedWorkingCopy(page, await projectFiles());
  await page.getByRole("button", { name: "Work with Local Repository" }).click();
  await page.getByText("Towns", { exact: true }).waitFor();
  return page;
}

/** The editor at `label`'s form, its first item of `list` opened. */
async function firstItemOf(label: string, list: string): Promise<Page> {
  const { page } = await openEditor(browser, site.url);
  await seedWorkingCopy(page, await projectFiles());
  await openFile(page, label);
  const items = field(page, list);
  await items.getByRole("button", { name: "Expand" }).first().click();
  await listItems(items).first().waitFor();
  return page;
}

/** Each screen, how to open it, and icons it shows (among others): proof that it was reached. */
const SCREENS: [screen: string, open: () => Promise<Page>, shows: string[]][] = [
  ["the file list", fileList, ["storefront", "location_city", "quiz"]],
  ["a town", () => firstItemOf("Towns", "Towns in the grids"), ["more_vert", "expand_less", "drag_handle"]],
  ["a service", () => firstItemOf("Services", "Services"), ["more_vert", "expand_more", "drag_handle"]],
  [
    "the business details",
    async () => {
      const { page } = await openEditor(browser, site.url);
      await seedWorkingCopy(page, await projectFiles());
      await openFile(page, "Business details");
      return page;
    },
    ["arrow_back", "history", "check_circle"],
  ],
  [
    "the photo picker",
    async () => {
      const page = await firstItemOf("Towns", "Towns in the grids");
      const town = listItems(field(page, "Towns in the grids")).first();
      const photo = await addItem(page, town, "Photos", "Photo");
      await (await reveal(page, field(photo, "Photo"))).getByRole("button", { name: "Browse" }).click();
      await page.getByRole("dialog", { name: "Select Image" }).getByRole("button", { name: "Upload" }).waitFor();
      return page;
    },
    ["cloud_upload", "create_new_folder", "grid_view"],
  ],
];

describe("the site editor's icons", () => {
  for (const [screen, open, shows] of SCREENS) {
    it(`on ${screen} are each one glyph of the cut-down icon font`, async () => {
      const page = await open();
      const icons = await drawnIcons(page);
      expect(icons.map((icon) => icon.name)).toEqual(expect.arrayContaining(shows));
      expect(await missingIcons(icons), screen).toEqual([]);
      await page.context().close();
    }, 120_000); // opens the editor (its 2 MB script) on a screen of its own and reads each icon's glyph
  }

  it("would be found missing when the font lacks one: its letters are drawn instead", async () => {
    const page = await fileList();
    await page.evaluate(() => {
      const [icon] = document.getElementsByClassName("material-symbols-outlined");
      const stranger = icon!.cloneNode() as Element;
      stranger.textContent = "pets";
      icon!.after(stranger);
    });
    const icons = await drawnIcons(page);
    expect(icons.map((icon) => icon.name)).toContain("pets");
    expect(await missingIcons(icons)).toEqual([expect.stringMatching(/^pets \(\d+\.\d px wide at 24 px\)$/)]);
    await page.context().close();
  });
});
