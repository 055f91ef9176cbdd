// The owner's editor end to end on a phone in WebKit, Safari's engine, as
// editor-workflow.browser.test.ts does it in Chromium: a 390×844 window, and every press a touch of
// one finger (support/webkit-touch.ts). He signs in with his e-mail address and the PIN Access
// e-mails him, saves a changed description as a draft, opens the host's preview of it, and
// publishes it; a draft the build refuses shows its problems and cannot be published; an address
// that is not allowed is refused; a session that ends mid-edit loses nothing. The same stand-ins
// (support/editor-workflow.ts) and the same expectations of the repository as in Chromium. A
// screenshot is taken at every step into a temporary folder (printed at the start): set
// WORKFLOW_SHOTS to choose the folder.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Key, type WebDriver, type WebElement } from "selenium-webdriver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { launchWebKit, type WebKit } from "./support/webkit.ts";
import { find, findText, query, swipeUp, tap, tapOn, typeInto, type Wanted } from "./support/webkit-touch.ts";

const PHONE = { width: 390, height: 844 };

let shots: string;
/** GitHub, Access, the service and the host, for the owner and for an address that is not allowed. */
let workflow: EditorWorkflow;

beforeAll(async () => {
  // Access e-mails a PIN to one address the service does not allow: it must still get nothing.
  workflow = await startEditorWorkflow({ accessPolicy: [OWNER_EMAIL, STRANGER] });
  shots = process.env.WORKFLOW_SHOTS ?? (await mkdtemp(path.join(tmpdir(), "editor-workflow-webkit-shots-")));
  await mkdir(shots, { recursive: true });
  console.info(`Screenshots of the editor's workflow on a phone in WebKit: ${shots}`);
}, 180_000); // GitHub's and Access's stand-ins, the sign-in service in wrangler dev and the live site's first build

afterAll(async () => {
  await workflow?.close();
});

/** WebKit on a phone's screen, reaching the site, the sign-in service and the previews (HTTPS, any port). */
async function phoneFor(workflow: EditorWorkflow): Promise<WebKit> {
  const webkit = await launchWebKit(workflow.siteUrl, undefined, {
    forward: [workflow.service.url],
    tunnel: ["127.0.0.1:*"],
  });
  await webkit.resize(PHONE.width);
  return webkit;
}

async function look(webkit: WebKit, name: string): Promise<void> {
  await writeFile(path.join(shots, `webkit-${name}.png`), await webkit.screenshot());
}

/** The field group with this label, as the editor names it (its name wrapped in Unicode isolates). */
function field(label: string, within?: WebElement): Wanted {
  return { role: "group", name: new RegExp(`^“\u2068?${label}\u2069?” Field$`), ...(within ? { within } : {}) };
}

/**
 * Taps `wanted` until `done` holds, as a finger taps again when the screen did not answer: a tap
 * that lands while the editor is still drawing the screen it leaves is not taken.
 */
async function tapUntil(session: WebDriver, wanted: () => Promise<WebElement>, done: () => Promise<boolean>) {
  for (let tries = 0; tries < 5; tries++) {
    await tap(session, await wanted());
    const answered = await session.wait(done, 5_000).then(
      () => true,
      () => false,
    );
    if (answered) return;
  }
  throw new Error("The screen never answered the tap");
}

/** Switches to the window `handle`, sized as the phone's screen (MiniBrowser opens a script's window a few pixels high). */
async function switchToWindow(session: WebDriver, handle: string): Promise<void> {
  await session.switchTo().window(handle);
  await session.manage().window().setRect(PHONE);
}

/** The window that opens from a tap on `wanted`, switched to: its handle, and the one it opened from. */
async function tapToOpen(session: WebDriver, wanted: Wanted): Promise<{ opened: string; from: string }> {
  const from = await session.getWindowHandle();
  const before = await session.getAllWindowHandles();
  await tapOn(session, wanted);
  await session.wait(async () => (await session.getAllWindowHandles()).length > before.length, 20_000);
  const opened = (await session.getAllWindowHandles()).find((handle) => !before.includes(handle))!;
  await switchToWindow(session, opened);
  return { opened, from };
}

const shownText = (session: WebDriver, text: string) =>
  findText(session, text, 200).then(
    () => true,
    () => false,
  );
const editing = async (session: WebDriver) => (await query(session, { role: "button", name: "Save" })) !== null;

/** Whether the window `handle` is closed. */
async function closed(session: WebDriver, handle: string): Promise<boolean> {
  return !(await session.getAllWindowHandles()).includes(handle);
}

/**
 * Signs in from the editor's sign-in screen: the button, the address, the PIN from the e-mail; back
 * in the editor's window when the sign-in window has closed. Within Access's day, the window signs
 * in and closes at once.
 */
async function signIn(webkit: WebKit, workflow: EditorWorkflow, email: string, prefix: string): Promise<void> {
  const { session } = webkit;
  await find(session, { role: "button", name: SIGN_IN }, 60_000);
  await look(webkit, `${prefix}-1-sign-in`);
  const editor = await session.getWindowHandle();
  await tapOn(session, { role: "button", name: SIGN_IN });
  // The sign-in window opens; within Access's day it may have signed in and closed before it is seen.
  let popup: string | undefined;
  await session.wait(
    async () =>
      (popup = (await session.getAllWindowHandles()).find((handle) => handle !== editor)) !== undefined ||
      (await shownText(session, "Site content")),
    30_000,
    "The sign-in window never opened",
  );
  if (popup === undefined) return;
  const opened = popup;
  await switchToWindow(session, opened).catch(() => undefined);
  let asked = false;
  await session.wait(
    async () =>
      (await closed(session, opened)) ||
      (asked = (await query(session, { role: "textbox", name: "Email" }).catch(() => null)) !== null),
    30_000,
  );
  if (asked) {
    await look(webkit, `${prefix}-2-address`);
    await typeInto(session, await find(session, { role: "textbox", name: "Email" }), email);
    const before = workflow.service.access.outbox.length;
    await tapOn(session, { role: "button", name: "Send me a code" });
    const code = await find(session, { role: "textbox", name: "Code" });
    await look(webkit, `${prefix}-3-code`);
    const mail = workflow.service.access.outbox.slice(before).find((sent) => sent.to === email);
    expect(mail, `Access's e-mail to ${email}`).toBeDefined();
    await typeInto(session, code, mail!.pin);
    await tapOn(session, { role: "button", name: "Sign in" });
    await session.wait(() => closed(session, opened), 30_000, "The sign-in window never closed");
  }
  await session.switchTo().window(editor);
}

/** Opens the towns' file from the list of collections or of files, unless it is open. */
async function openTowns(session: WebDriver): Promise<void> {
  if (await editing(session)) return;
  await session.wait(
    async () => (await shownText(session, "Towns")) || (await shownText(session, "Site content")),
    60_000,
    "Neither the collections nor the files listed",
  );
  if (!(await shownText(session, "Towns")))
    await tapUntil(
      session,
      () => findText(session, "Site content"),
      () => shownText(session, "Towns"),
    );
  await tapUntil(
    session,
    () => findText(session, "Towns"),
    () => editing(session),
  );
}

/** Opens the towns' file and Mattoon's row in it, the first. */
async function openMattoon(session: WebDriver): Promise<void> {
  await openTowns(session);
  const grid = await find(session, field("Towns in the grids"));
  await tapOn(session, { role: "button", name: "Expand", within: grid });
}

/** Swipes down the form until the field `label` is drawn (the editor draws a long form as it scrolls). */
async function reveal(session: WebDriver, label: string): Promise<WebElement> {
  for (let swipes = 0; swipes < 60; swipes++) {
    const shown = await query(session, field(label));
    if (shown) return shown;
    await swipeUp(session);
  }
  throw new Error(`Never drawn: the field ${label}`);
}

/** Saves the open entry as a draft ("Later" to sending it for review) and returns to the list of files. */
async function saveDraft(webkit: WebKit, shot: string): Promise<void> {
  const { session } = webkit;
  await tapOn(session, { role: "button", name: "Save" });
  await findText(session, "Entry saved.");
  await look(webkit, shot);
  // Until the dialog is gone: a tap that lands while it is still being drawn is not taken, and the
  // editor's menu stays behind it.
  const later: Wanted = { role: "button", name: "Later" };
  await tapUntil(
    session,
    () => find(session, later),
    async () => (await query(session, later)) === null,
  );
  // Then the editor leaves the entry for the list of files, which marks the draft. The next step
  // starts there: taken for still open while it leaves, the entry's menu would be sought in the list.
  await session.wait(
    async () => !(await editing(session)) && (await shownText(session, "Site content")),
    30_000,
    "The editor never went back to the list of files",
  );
}

/** Opens the draft's preview from the editor's menu, once the host has built it: its window is current. */
async function viewPreview(webkit: WebKit, prefix: string): Promise<{ opened: string; from: string }> {
  const { session } = webkit;
  const item: Wanted = { role: "menuitem", name: "View Preview" };
  // The editor asks the host's status of the draft's commit every few seconds until its preview is ready.
  await session.wait(
    async () => {
      await tapOn(session, { role: "button", name: "Show Editor Options" });
      if (await find(session, item, 1_000).catch(() => null)) return true;
      // Not yet: the menu is closed as a keyboard closes it, and the editor asks again.
      await session.actions().sendKeys(Key.ESCAPE).perform();
      await session.wait(async () => (await query(session, { role: "menuitem" })) === null, 5_000);
      return false;
    },
    60_000,
    "View Preview never offered",
  );
  await look(webkit, `${prefix}-view-preview`);
  return tapToOpen(session, item);
}

/** The editor keeps a backup of the form; when it offers it on opening the entry again, discards it. */
async function dismissRestore(session: WebDriver): Promise<void> {
  const restore = await find(session, { role: "alertdialog", text: RESTORE_QUESTION }, 5_000).catch(() => null);
  if (restore) await tapOn(session, { role: "button", name: "Discard", within: restore });
}

/** Sets the open draft's status to Ready and publishes it, confirming. */
async function publishOpenDraft(webkit: WebKit, prefix: string): Promise<void> {
  const { session } = webkit;
  await tapOn(session, { role: "button", name: /^Status:/ });
  await look(webkit, `${prefix}-status`);
  await tapOn(session, { role: "menuitemradio", name: "Ready" });
  await look(webkit, `${prefix}-ready`);
  await tapOn(session, { role: "button", name: "Publish Entry" });
  const confirm = await find(session, { role: "alertdialog", text: PUBLISH_QUESTION }).catch(() =>
    find(session, { role: "dialog", text: PUBLISH_QUESTION }),
  );
  await look(webkit, `${prefix}-confirm`);
  await tapOn(session, { role: "button", name: "Publish", within: confirm });
}

const innerText = (session: WebDriver, element: WebElement) =>
  session.executeScript("return arguments[0].innerText", element) as Promise<string>;

describe("the owner's editor on a phone, in WebKit", () => {
  let webkit: WebKit;

  beforeAll(async () => {
    webkit = await phoneFor(workflow);
    await webkit.session.get(`${workflow.siteUrl}/admin/`);
  }, 120_000); // WebKitWebDriver and MiniBrowser on a display of their own, then the editor's 2 MB script

  afterAll(async () => {
    await webkit?.close();
  });

  it("signs in with taps, an e-mail address and a one-time PIN, no GitHub account", async () => {
    const { session } = webkit;
    await find(session, { role: "button", name: SIGN_IN }, 60_000);
    // A tap is one press where the finger lands: the page sees the sign-in button pressed once.
    await session.executeScript(
      `window.presses = []; addEventListener("pointerdown", (event) => presses.push(event.target.closest("button")?.innerText.trim()), true);`,
    );
    await signIn(webkit, workflow, OWNER_EMAIL, "owner");
    expect(await session.executeScript("return window.presses")).toEqual([SIGN_IN]);
    await findText(session, "Site content", 60_000);
    await look(webkit, "owner-4-signed-in");
  }, 120_000); // the sign-in window, Access's PIN by e-mail, and the editor listing the files

  it("saves a changed description as a draft: a branch and a pull request with exactly that change", async () => {
    const { session } = webkit;
    await openMattoon(session);
    const description = await reveal(session, "Description");
    await typeInto(session, await find(session, { role: "textbox", within: description }), NEW_DESCRIPTION);
    await look(webkit, "owner-5-typed");
    await saveDraft(webkit, "owner-6-saved-as-draft");
    await workflow.settled();
    await look(webkit, "owner-7-draft-listed");
    await expectDraftOfDescription(workflow, NEW_DESCRIPTION);
  }, 120_000); // a long form drawn as it scrolls, typed by touch, and saved as a branch and a pull request

  it("shows the draft's real page from the host's preview: View Preview opens Mattoon's page with the new sentence", async () => {
    const { session } = webkit;
    await openTowns(session);
    await dismissRestore(session);
    const { from } = await viewPreview(webkit, "owner-8");
    await session.wait(async () => (await session.getCurrentUrl()).endsWith("/towns/mattoon"), 30_000);
    expect(await session.getCurrentUrl()).toBe(`${workflow.previews.at(-1)!.url}/towns/mattoon`);
    await findText(session, NEW_DESCRIPTION);
    expect(await session.executeScript("return document.querySelector('.preview-band').innerText")).toContain(
      PREVIEW_BAND,
    );
    await look(webkit, "owner-9-preview");
    await session.close();
    await session.switchTo().window(from);
  }, 120_000); // the host's preview of the draft (a check and a build), which the editor asks about every few seconds

  it("publishes the draft: the merge is the one production build, and the live site shows the sentence", async () => {
    const { session } = webkit;
    await publishOpenDraft(webkit, "owner-10");
    await expectPublishedDescription(workflow, NEW_DESCRIPTION);
    await look(webkit, "owner-13-published");
    await session.get(`${workflow.siteUrl}/towns/mattoon`);
    await findText(session, NEW_DESCRIPTION);
    expect(await session.executeScript("return document.body.innerText")).not.toContain("Preview of a draft");
    await look(webkit, "owner-14-live");
    await session.get(`${workflow.siteUrl}/admin/`);
  }, 120_000); // the merge, the one production build, and the live page loaded

  it("shows a draft the build would refuse as its problems in its preview, and does not publish it", async () => {
    const { session } = webkit;
    await openMattoon(session);
    // Mattoon's page given Charleston's address: the build refuses two pages at one address.
    const slug = await reveal(session, "Slug");
    await typeInto(session, await find(session, { role: "textbox", within: slug }), "charleston");
    await look(webkit, "refused-0-typed");
    await saveDraft(webkit, "refused-0-saved");
    await workflow.settled();
    const draft = await expectRefusedDraft(workflow);

    await openTowns(session);
    await dismissRestore(session);
    const { from } = await viewPreview(webkit, "refused-1");
    await find(session, { role: "heading", name: PROBLEMS_HEADING });
    expect(await session.executeScript("return document.querySelector('main').innerText")).toMatch(SLUG_PROBLEM);
    await look(webkit, "refused-2-preview");
    await session.close();
    await session.switchTo().window(from);

    await publishOpenDraft(webkit, "refused-3");
    const notice = await find(session, { role: "alert", text: "Not published" });
    expectNotPublishedNotice(await innerText(session, notice));
    await look(webkit, "refused-4-not-published");
    expect(draft.merged).toBe(false);
    expect(workflow.production.builds).toBe(1);
  }, 180_000); // a second draft saved, its check and preview built, and a publish refused
});

describe("an address that may not edit, in WebKit", () => {
  // A browser of its own: Access's sign-in from the owner's is not in it.
  let webkit: WebKit;

  beforeAll(async () => {
    webkit = await phoneFor(workflow);
  }, 120_000); // WebKitWebDriver and MiniBrowser on a display of their own

  afterAll(async () => {
    await webkit?.close();
  });

  it("gets no session: the editor says so, and shows no file", async () => {
    const { session } = webkit;
    await session.get(`${workflow.siteUrl}/admin/`);
    await signIn(webkit, workflow, STRANGER, "stranger");
    await findText(session, `${STRANGER} may not edit this site. Ask whoever keeps the site to add it.`);
    await look(webkit, "stranger-4-refused");
    // Access did send the stranger a PIN: the service, not Access, refused the address.
    expect(workflow.service.access.outbox.some((mail) => mail.to === STRANGER)).toBe(true);
    expect(await session.executeScript(`return localStorage.getItem("sveltia-cms.user")`)).toBeNull();
    expect(await session.executeScript("return document.body.innerText")).not.toContain("Site content");
  }, 120_000); // the editor's 2 MB script and Access's sign-in window
});

describe("a session that ends in the middle of an edit, in WebKit", () => {
  let ending: EditorWorkflow;
  let webkit: WebKit;

  beforeAll(async () => {
    ending = await startEditorWorkflow({ sessionHours: ENDING_HOURS });
    webkit = await phoneFor(ending);
  }, 180_000); // a second set of stand-ins and sign-in service, its first production build, and WebKit

  afterAll(async () => {
    await webkit?.close();
    await ending?.close();
  });

  it("loses nothing: Save is refused, the owner signs in again, the editor gives back what he typed, and Save makes the draft", async () => {
    const { session } = webkit;
    const workflow = ending;
    await session.get(`${workflow.siteUrl}/admin/`);
    await signIn(webkit, workflow, OWNER_EMAIL, "ending");
    await findText(session, "Site content", 60_000);
    const token = (await session.executeScript(
      `return JSON.parse(localStorage.getItem("sveltia-cms.user") ?? "{}").token`,
    )) as string;
    expect(token).toMatch(/^session1\./);
    await openMattoon(session);
    const description = await reveal(session, "Description");
    await typeInto(session, await find(session, { role: "textbox", within: description }), TYPED_BEFORE_THE_END);
    // The session's hours are up while the owner is still typing.
    await expect
      .poll(
        () =>
          fetch(`${workflow.service.url}/api/v3/user`, {
            headers: { Authorization: `token ${token}`, Origin: workflow.siteUrl },
          }).then((answer) => answer.status),
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(401);
    await tapOn(session, { role: "button", name: "Save" });
    await find(session, { role: "alertdialog", text: "Bad credentials" }).catch(() =>
      find(session, { role: "dialog", text: "Bad credentials" }),
    );
    await look(webkit, "ending-1-save-refused");
    expect(workflow.repository.pullRequests).toEqual([]);

    // Signing in again in the same browser (Access remembers the address for a day, so no new PIN):
    // the editor offers what was typed.
    await session.get(`${workflow.siteUrl}/admin/`);
    await signIn(webkit, workflow, OWNER_EMAIL, "ending-again");
    await findText(session, "Site content", 60_000);
    await openTowns(session);
    const restore = await find(session, { role: "alertdialog", text: RESTORE_QUESTION });
    await look(webkit, "ending-2-restore");
    await tapOn(session, { role: "button", name: "Restore", within: restore });
    await saveDraft(webkit, "ending-3-saved");
    await workflow.settled();
    await expectSavedAfterSigningInAgain(workflow);
  }, 180_000); // two sign-ins, an 18 s session running out while the owner types, and a save after
});
