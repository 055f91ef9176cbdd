// The site editor at /admin/ in Chromium, as the owner uses it: it loads with no console error,
// no CSP violation and no request to another origin; a town's description is edited and a town is
// added through the editor's own fields; what it saves passes `check`, keeps the repository's one
// form (the diff holds only the edit), and generate shows the change; invalid input is refused
// before anything is written.
//
// The "Work with Local Repository" button opens the browser's folder picker, which a test cannot
// drive. It is stubbed here: showDirectoryPicker() answers with the page's origin-private folder
// (OPFS), seeded with a .git folder and the project's data files. The editor reads and writes
// that folder exactly as it would the owner's working copy; the test reads the saved files back
// out of it.
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { canonicalText } from "../scripts/data/format.ts";
import { buildModel } from "../scripts/data/model.ts";
import { loadData } from "../scripts/data/load.ts";
import { DATA_FILES, type DataFileName } from "../scripts/data/schema.ts";
import { launchBrowser } from "./support/browser.ts";
import { copyData } from "./support/data-copy.ts";
import { changedLines, field, lastItem, OAKLAND, openFile, reveal, typeTown } from "./support/editor-form.ts";
import { openEditor, projectFiles, savedFiles, seedWorkingCopy, type PageLog } from "./support/editor-page.ts";
import { SPEC_DATA_DIR } from "./support/paths.ts";
import { serveSharedSite, type BuiltSite } from "./support/site.ts";

const NAMES = Object.keys(DATA_FILES) as DataFileName[];

let site: BuiltSite;
let browser: Browser;

beforeAll(async () => {
  site = await serveSharedSite();
  browser = await launchBrowser();
}, 120_000); // the run's shared build, cold on a fresh clone (15 s cold alone, 2 s with the cache), then Chromium's start

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * The editor on a working copy seeded with the spec's data, its towns file open: the Oakland the
 * tests add is the owner's guide's, written for the spec's data (data/ may hold it already).
 */
async function editTowns(): Promise<{ page: Page; log: PageLog; original: Record<string, string> }> {
  const { page, log } = await openEditor(browser, site.url);
  const original = await projectFiles(SPEC_DATA_DIR);
  await seedWorkingCopy(page, original);
  await openFile(page, "Towns");
  return { page, log, original };
}

describe("the site editor at /admin/", () => {
  it("loads with no console error, no CSP violation and no request to another origin", async () => {
    const { page, log } = await openEditor(browser, site.url);
    await expect.poll(() => page.getByRole("button", { name: "Sign In Using Access Token" }).count()).toBe(1);
    await page.waitForLoadState("networkidle");
    expect(log).toEqual({ errors: [], violations: [], foreign: [] });
    await page.context().close();
  });

  it("edits a town's description through its field; the save changes those lines only", async () => {
    const { page, log, original } = await editTowns();
    const grid = field(page, "Towns in the grids");
    await grid.getByRole("button", { name: "Expand" }).first().click();
    const description = field(grid, "Description").getByRole("textbox");
    const text =
      "Excavating, drainage and site work from our Mattoon yard for homes, farms and builders across Coles County.";
    await description.fill(text);
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => (await savedFiles(page))["towns.yaml"]).not.toBe(original["towns.yaml"]);
    const saved = await savedFiles(page);
    expect(changedLines(original["towns.yaml"]!, saved["towns.yaml"]!)).toEqual([
      "-      Excavating, drainage and site work from our home base in Mattoon, serving homeowners, farms",
      "-      and builders across Coles County.",
      "+      Excavating, drainage and site work from our Mattoon yard for homes, farms and builders across",
      "+      Coles County.",
    ]);
    for (const name of NAMES) {
      const file = DATA_FILES[name].file;
      if (name !== "towns") expect(saved[file], file).toBe(original[file]);
      // The spec's data has no jobs.yaml, and a save of the towns writes none.
      if (original[file] === undefined) continue;
      expect(canonicalText(name, saved[file]!), file).toBe(saved[file]);
    }
    expect(log.errors).toEqual([]);
    expect(log.violations).toEqual([]);
    await page.context().close();
  });

  it("adds a town through its fields; check accepts the saved files and generate builds its page", async () => {
    const { page, log, original } = await editTowns();
    await typeTown(page, OAKLAND);
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(async () => (await savedFiles(page))["towns.yaml"], { timeout: 10_000 })
      .not.toBe(original["towns.yaml"]);
    const saved = await savedFiles(page);
    const towns = saved["towns.yaml"]!;
    // Only lines added, at the end of the "Also serving" list; the optional parts left out.
    const changed = changedLines(original["towns.yaml"]!, towns);
    expect(
      changed.every((line) => line.startsWith("+")),
      changed.join("\n"),
    ).toBe(true);
    expect(canonicalText("towns", towns)).toBe(towns);
    const added = (parse(towns) as { alsoServing: Record<string, unknown>[] }).alsoServing.at(-1)!;
    expect(Object.keys(added)).toEqual([
      "name",
      "slug",
      "county",
      "coordinates",
      "description",
      "body",
      "highlights",
      "faqs",
    ]);
    expect(added.coordinates).toEqual({ lat: 39.654, lon: -88.026 });

    const dir = await copyData(SPEC_DATA_DIR);
    try {
      await writeFile(path.join(dir, "towns.yaml"), towns);
      const data = await loadData(dir);
      expect(data.alsoServing.map((town) => town.slug)).toContain("oakland");
      const built = await renderSite({ dataDir: dir, outDir: path.join(dir, "..", "dist"), year: 2026 });
      const html = String(built.files.get("towns/oakland.html"));
      expect(html).toContain("Excavation Services in Oakland");
      expect(html).toContain(OAKLAND.description);
    } finally {
      await rm(path.dirname(dir), { recursive: true, force: true });
    }
    expect(log.errors).toEqual([]);
    expect(log.violations).toEqual([]);
    await page.context().close();
  }, 240_000); // the editor's 2 MB script, a town typed field by field and saved, then check and a build of the saved data

  it("refuses a slug with capitals and two questions instead of three before anything is written", async () => {
    const { page, original } = await editTowns();
    await typeTown(page, { ...OAKLAND, slug: "Oakland-North" });
    await page.getByRole("button", { name: "Save" }).click();
    // The slug: refused by the field's own check, with the schema's words.
    await expect
      .poll(() => page.getByText("Expected a slug of lowercase letters, digits and single hyphens").count())
      .toBeGreaterThan(0);
    // Two questions: the CMS does not count a list inside a list item, so the check on save does.
    await (
      await reveal(page, field(lastItem(field(page, "Also serving (further towns)")), "Slug"))
    )
      .getByRole("textbox")
      .fill("oakland");
    const questions = field(lastItem(field(page, "Also serving (further towns)")), "Questions");
    await (await reveal(page, questions)).getByRole("button", { name: "Remove" }).last().click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "Not saved" }).textContent())
      .toContain("Also serving (further towns) › Oakland › Questions: exactly 3, not 2");
    await page.screenshot({ path: path.join(tmpdir(), "admin-refused.png") });
    await page.waitForTimeout(500);
    expect(await savedFiles(page)).toEqual(original);
    await page.context().close();
  }, 240_000); // the editor's 2 MB script and a town typed field by field, refused twice on save

  it("takes the estimate form's embed code in one box, refusing what the build would refuse, and saves the dashboard's snippet", async () => {
    const { page, log } = await openEditor(browser, site.url);
    // The spec's data: the placeholder snippet the owner's own replaces.
    const original = await projectFiles(SPEC_DATA_DIR);
    await seedWorkingCopy(page, original);
    await openFile(page, "Business details");
    const box = (await reveal(page, field(field(page, "Estimate form"), "Form embed code"))).getByRole("textbox");
    expect(await box.evaluate((element) => element.tagName)).toBe("TEXTAREA");
    const snippet = await box.inputValue();
    expect(snippet).toContain("<iframe");
    // An image that runs code, pasted with the snippet: refused with the build's words, nothing written.
    await box.fill(`${snippet}<img src="x" onerror="alert(1)">`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "Not saved" }).textContent())
      .toContain("Estimate form › Form embed code: found <img>, expected the form's embed code");
    await page.waitForTimeout(500);
    expect(await savedFiles(page)).toEqual(original);
    // The editor's own notice that the save failed; closed as the owner would.
    const notice = page.getByRole("alertdialog");
    if (await notice.isVisible()) await notice.getByRole("button").last().click();
    // The owner's own form: another id and height, from the dashboard.
    await box.fill(snippet.replaceAll("example-form-id", "Ab3dE9").replace('data-height="916"', 'data-height="984"'));
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => (await savedFiles(page))["site.yaml"]).toContain("widget/form/Ab3dE9");
    const dir = await copyData(SPEC_DATA_DIR);
    await writeFile(path.join(dir, "site.yaml"), (await savedFiles(page))["site.yaml"]!);
    const { leadForm } = buildModel(await loadData(dir)).business;
    expect([leadForm.frameUrl, leadForm.height]).toEqual(["https://api.leadconnectorhq.com/widget/form/Ab3dE9", 984]);
    // The editor's preview drew the pasted <img>, and the editor's own policy refused its handler.
    expect(log.violations.filter((violation) => violation !== "script-src-attr inline")).toEqual([]);
    await page.context().close();
  }, 240_000); // the editor's 2 MB script, three embed codes pasted and saved or refused, and the saved data loaded
});
