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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { field, openDataFile, openFirstTown, reveal, tap } from "./support/editor-form.ts";
import {
  ENDING_HOURS,
  expectDraftOfDescription,
  expectNotPublishedNotice,
  expectPublishedDescription,
  expectRefusedDraft,
  expectSavedAfterSigningInAgain,
  NEW_DESCRIPTION,
  OWNER_EMAIL,
  PREVIEW_BAND,
  PROBLEMS_HEADING,
  PUBLISH_QUESTION,
  RESTORE_QUESTION,
  SIGN_IN,
  SLUG_PROBLEM,
  startEditorWorkflow,
  STRANGER,
  TYPED_BEFORE_THE_END,
  type EditorWorkflow,
} from "./support/editor-workflow.ts";

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  ignoreHTTPSErrors: true,
};

let workflow: EditorWorkflow;
let browser: Browser;
let shots: string;

beforeAll(async () => {
  // Access e-mails a PIN to one address the service does not allow: it must still get nothing.
  workflow = await startEditorWorkflow({ accessPolicy: [OWNER_EMAIL, STRANGER] });
  browser = await launchBrowser();
  shots = process.env.WORKFLOW_SHOTS ?? (await mkdtemp(path.join(tmpdir(), "editor-workflow-shots-")));
  await mkdir(shots, { recursive: true });
  console.info(`Screenshots of the editor's workflow on a phone: ${shots}`);
}, 180_000); // the stand-ins (GitHub, Access, the sign-in service in workerd) and the live site's first build

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
  // Access keeps its own sign-in for a day (its cookie): within it, the window signs in and closes at once.
  const closed = new Promise<"closed">((resolve) => popup.once("close", () => resolve("closed")));
  if (
    (await Promise.race([
      popup
        .getByLabel("Email")
        .waitFor()
        .then(() => "asked" as const),
      closed,
    ])) === "closed"
  )
    return popup;
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

/** Sets the open draft's status to Ready and publishes it, confirming; screenshots from `prefix`. */
async function publishOpenDraft(editor: Page, prefix: string): Promise<void> {
  await tap(editor.getByRole("button", { name: /^Status:/ }));
  const ready = editor.getByRole("menuitemradio", { name: "Ready" });
  await ready.waitFor();
  await look(editor, `${prefix}-status`);
  // A tap on the menu's item does not choose it in Chromium's touch emulation (the menu is the
  // CMS's own); the item is clicked, as a tap on a phone's screen sends a click.
  await ready.click();
  const publish = editor.getByRole("button", { name: "Publish Entry" });
  await publish.waitFor();
  await look(editor, `${prefix}-ready`);
  await tap(publish);
  const confirm = editor.getByRole("alertdialog").or(editor.getByRole("dialog")).filter({ hasText: PUBLISH_QUESTION });
  await confirm.waitFor();
  await look(editor, `${prefix}-confirm`);
  await tap(confirm.getByRole("button", { name: "Publish" }));
}

/**
 * The editor backs a form up as it is typed in, and offers the backup when the entry opens again if
 * it was written after the last save (it can be, by a moment): the draft saved holds the same.
 */
async function dismissRestore(editor: Page): Promise<void> {
  const restore = editor.getByRole("alertdialog").filter({ hasText: RESTORE_QUESTION });
  const shown = await restore.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (shown) await tap(restore.getByRole("button", { name: "Discard" }));
}

/** Opens the draft's preview from the editor's menu, once the host has built it: the page it opens. */
async function viewPreview(context: BrowserContext, editor: Page, prefix: string): Promise<Page> {
  const options = editor.getByRole("button", { name: "Show Editor Options" });
  await options.waitFor();
  // The editor asks the host's status of the draft's commit every few seconds until its preview is ready.
  const item = editor.getByRole("menuitem", { name: "View Preview" });
  await expect
    .poll(
      async () => {
        await tap(options);
        const ready = await item.isVisible();
        if (!ready) await editor.keyboard.press("Escape");
        return ready;
      },
      { timeout: 60_000, interval: 2_000 },
    )
    .toBe(true);
  await look(editor, `${prefix}-view-preview`);
  const [preview] = await Promise.all([context.waitForEvent("page"), tap(item)]);
  return preview;
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
  }, 120_000); // the editor's 2 MB script at a phone's size, and a sign-in through the stand-ins

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
    await expectDraftOfDescription(workflow, NEW_DESCRIPTION);
  }, 120_000); // a change typed at a phone's size and saved: a branch, a commit and a pull request on the stand-in

  it("shows the draft's real page from the host's preview: View Preview opens Mattoon's page with the new sentence", async () => {
    await tap(editor.getByText("Towns", { exact: true }));
    const preview = await viewPreview(context, editor, "owner-8");
    await preview.waitForURL(/\/towns\/mattoon$/);
    await preview.getByText(NEW_DESCRIPTION).waitFor();
    expect(preview.url()).toBe(`${workflow.previews.at(-1)!.url}/towns/mattoon`);
    await expect.poll(() => preview.getByText(PREVIEW_BAND).isVisible()).toBe(true);
    await look(preview, "owner-9-preview");
    await preview.close();
  }, 120_000); // the host builds the draft's preview (a clone and a build) before the editor can open it

  it("publishes the draft: the merge is the one production build, and the live site shows the sentence", async () => {
    await publishOpenDraft(editor, "owner-10");
    await expectPublishedDescription(workflow, NEW_DESCRIPTION);
    await look(editor, "owner-13-published");
    const live = await context.newPage();
    await live.goto(`${workflow.siteUrl}/towns/mattoon`);
    await live.getByText(NEW_DESCRIPTION).waitFor();
    expect(await live.getByText("Preview of a draft").count()).toBe(0);
    await look(live, "owner-14-live");
    await live.close();
  }, 120_000); // the merge, the one production build (a clone and a build), and the live page

  it("shows a draft the build would refuse as its problems in its preview, and does not publish it", async () => {
    const { town } = await openFirstTown(editor, tap, openDataFile);
    // Mattoon's page given Charleston's address: the build refuses two pages at one address.
    const slug = await reveal(editor, field(town, "Slug").getByRole("textbox"));
    await slug.fill("charleston");
    await look(editor, "refused-0-typed");
    await tap(editor.getByRole("button", { name: "Save" }));
    await editor.getByText("Entry saved.").waitFor();
    await tap(editor.getByRole("button", { name: "Later" }));
    await workflow.settled();
    const draft = await expectRefusedDraft(workflow);

    await tap(editor.getByText("Towns", { exact: true }));
    // The editor kept a backup of the form from the moment before Save; the draft saved holds the same.
    await dismissRestore(editor);
    const preview = await viewPreview(context, editor, "refused-1");
    // The address taken from Mattoon leaves its own page and the services that name it without one.
    await preview.getByRole("heading", { name: PROBLEMS_HEADING }).waitFor();
    expect(await preview.locator("main").innerText()).toMatch(SLUG_PROBLEM);
    await look(preview, "refused-2-preview");
    await preview.close();

    await publishOpenDraft(editor, "refused-3");
    const notice = editor.getByRole("alert").filter({ hasText: "Not published" });
    await notice.waitFor();
    expectNotPublishedNotice(await notice.innerText());
    await look(editor, "refused-4-not-published");
    expect(draft.merged).toBe(false);
    expect(workflow.production.builds).toBe(1);
  }, 180_000); // a refused draft saved, its preview of problems built by the host, and publishing refused
});

describe("an address that may not edit", () => {
  it("gets no session: the editor says so, and shows no file", async () => {
    const context = await browser.newContext(PHONE);
    const editor = await context.newPage();
    await editor.goto(`${workflow.siteUrl}/admin/`);
    const popup = await signIn(context, editor, STRANGER, "stranger");
    await editor.getByText(`${STRANGER} may not edit this site. Ask whoever keeps the site to add it.`).waitFor();
    await look(editor, "stranger-4-refused");
    expect(popup.isClosed()).toBe(true);
    expect(await editor.getByText("Site content", { exact: true }).count()).toBe(0);
    await context.close();
  }, 120_000); // the editor's 2 MB script and a sign-in refused by the stand-ins
});

describe("a session that ends in the middle of an edit", () => {
  let ending: EditorWorkflow;

  beforeAll(async () => {
    ending = await startEditorWorkflow({ sessionHours: ENDING_HOURS });
  }, 180_000); // a second set of stand-ins and the live site's first build, with a session that ends

  afterAll(async () => {
    await ending?.close();
  });

  it("loses nothing: Save is refused, the owner signs in again, the editor gives back what he typed, and Save makes the draft", async () => {
    const previous = workflow;
    workflow = ending;
    const context = await browser.newContext(PHONE);
    try {
      const editor = await context.newPage();
      await editor.goto(`${ending.siteUrl}/admin/`);
      await signIn(context, editor, OWNER_EMAIL, "ending");
      await editor.getByText("Site content", { exact: true }).waitFor();
      const session = await editor.evaluate(
        () => (JSON.parse(localStorage.getItem("sveltia-cms.user") ?? "{}") as { token?: string }).token,
      );
      expect(session).toMatch(/^session1\./);
      const { town } = await openFirstTown(editor, tap, openDataFile);
      const box = await reveal(editor, field(town, "Description").getByRole("textbox"));
      await box.fill(TYPED_BEFORE_THE_END);
      // The session's hours are up while the owner is still typing.
      await expect
        .poll(
          () =>
            fetch(`${ending.service.url}/api/v3/user`, {
              headers: { Authorization: `token ${session}`, Origin: ending.siteUrl },
            }).then((answer) => answer.status),
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(401);
      await tap(editor.getByRole("button", { name: "Save" }));
      const failed = editor
        .getByRole("alertdialog")
        .or(editor.getByRole("dialog"))
        .filter({ hasText: "Bad credentials" });
      await failed.waitFor();
      await look(editor, "ending-1-save-refused");
      expect(ending.repository.pullRequests).toEqual([]);

      // Signing in again, in the same browser (Access remembers the address for a day, so no new PIN):
      // the editor offers what was typed.
      await editor.goto(`${ending.siteUrl}/admin/`);
      await signIn(context, editor, OWNER_EMAIL, "ending-again");
      await editor.getByText("Site content", { exact: true }).waitFor();
      await openDataFile(editor, "Towns", tap);
      const restore = editor.getByRole("alertdialog").filter({ hasText: RESTORE_QUESTION });
      await restore.waitFor();
      await look(editor, "ending-2-restore");
      await tap(restore.getByRole("button", { name: "Restore" }));
      await tap(editor.getByRole("button", { name: "Save" }));
      await editor.getByText("Entry saved.").waitFor();
      await tap(editor.getByRole("button", { name: "Later" }));
      await ending.settled();
      await expectSavedAfterSigningInAgain(ending);
      await look(editor, "ending-3-saved");
    } finally {
      workflow = previous;
      await context.close();
    }
  }, 180_000); // a save refused, a second sign-in, and a save that makes the draft, all at a phone's size
});
