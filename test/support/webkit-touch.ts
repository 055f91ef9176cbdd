// A phone's screen in WebKit: finding what the owner sees by its role and name, as a screen reader
// names it, and pressing it with a finger. WebDriver classic has no locator by role, so the page
// looks for it (FIND); a tap is a W3C touch pointer (press and release at the element's middle),
// sent once the element is the one a finger there would touch, as Playwright's tap waits for.
// The touches are W3C WebDriver's Perform Actions, written out as the specification gives them
// (https://www.w3.org/TR/webdriver2/#actions): one pointer source of type "touch". WebKitGTK is
// built without WebDriver's touch interactions (WebKit's Source/cmake turns
// ENABLE_WEBDRIVER_TOUCH_INTERACTIONS on for the WPE platform only), and it has no touch screen on
// Xvfb, so the page receives a touch as a press of the primary pointer, at the same place; what a
// touch alone does (touch events, a tap's emulation) is Chromium's part, in editor-workflow.browser.test.ts.
import { setTimeout as sleep } from "node:timers/promises";
import { type WebDriver, type WebElement } from "selenium-webdriver";
import { Command, Name } from "selenium-webdriver/lib/command.js";

/** What a search names: a role, and the accessible name (exactly, or matching), inside `within`. */
export interface Wanted {
  role: "button" | "textbox" | "menuitem" | "menuitemradio" | "group" | "alertdialog" | "dialog" | "alert" | "heading";
  name?: string | RegExp;
  /** Only elements whose text contains this (a dialog by what it says). */
  text?: string;
  within?: WebElement;
}

// In the page, as a string: the test's TypeScript is compiled with helpers that would not be there.
// Arguments: role, the name's pattern (source, flags) or null, the text or null, the root or null,
// and whether to list the names of every element shown with the role instead (for a failure's message).
const FIND = `
const [role, source, flags, text, within, list] = arguments;
const names = [];
const pattern = source === null ? null : new RegExp(source, flags);
const selectors = {
  button: "button, [role=button]",
  textbox: "textarea, input:not([type]), input[type=text], input[type=email], [role=textbox]",
  menuitem: "[role=menuitem]",
  menuitemradio: "[role=menuitemradio]",
  group: "[role=group], fieldset",
  alertdialog: "[role=alertdialog]",
  dialog: "[role=dialog], dialog",
  alert: "[role=alert]",
  heading: "h1, h2, h3, h4, h5, h6, [role=heading]",
};
const implicit = { BUTTON: "button", TEXTAREA: "textbox", INPUT: "textbox", FIELDSET: "group", DIALOG: "dialog",
  H1: "heading", H2: "heading", H3: "heading", H4: "heading", H5: "heading", H6: "heading" };
const nameOf = (el) => {
  const label = el.getAttribute("aria-label");
  if (label !== null) return label.trim();
  const ids = el.getAttribute("aria-labelledby");
  if (ids) return ids.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ").trim();
  if (el.labels?.length) return [...el.labels].map((label) => label.textContent).join(" ").trim();
  return (el.innerText ?? el.textContent ?? "").trim();
};
const shown = (el) =>
  el.getClientRects().length > 0 && getComputedStyle(el).visibility === "visible" && !el.closest("[hidden], [inert]");
for (const el of (within ?? document).querySelectorAll(selectors[role])) {
  if ((el.getAttribute("role") ?? implicit[el.tagName]) !== role || !shown(el)) continue;
  if (list) {
    names.push(nameOf(el).slice(0, 60));
    continue;
  }
  if (pattern && !pattern.test(nameOf(el))) continue;
  if (text !== null && !(el.innerText ?? "").includes(text)) continue;
  return el;
}
return list ? names : null;
`;

// In the page: arguments[0] can be pressed (it is not disabled) and the element a finger at its
// middle would touch is it, or inside it; then where that middle is, in the viewport.
const TOUCHABLE_AT = `
const el = arguments[0];
if (el.disabled || el.closest("[aria-disabled=true]")) return null;
el.scrollIntoView({ block: "center", inline: "center" });
const box = el.getBoundingClientRect();
const x = box.left + box.width / 2;
const y = box.top + box.height / 2;
const hit = document.elementFromPoint(x, y);
return hit && (hit === el || el.contains(hit)) ? { x: Math.round(x), y: Math.round(y) } : null;
`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function findArguments(wanted: Wanted, list: boolean): unknown[] {
  const { name } = wanted;
  const pattern = name === undefined ? null : typeof name === "string" ? new RegExp(`^${escape(name)}$`) : name;
  return [
    wanted.role,
    pattern?.source ?? null,
    pattern?.flags ?? null,
    wanted.text ?? null,
    wanted.within ?? null,
    list,
  ];
}

/** The first shown element `wanted` names, or null. */
export async function query(session: WebDriver, wanted: Wanted): Promise<WebElement | null> {
  return (await session.executeScript(FIND, ...findArguments(wanted, false))) as WebElement | null;
}

/** Waits until `wanted` is shown, and returns it. */
export async function find(session: WebDriver, wanted: Wanted, timeout = 30_000): Promise<WebElement> {
  let found: WebElement | null = null;
  const shown = await session
    .wait(async () => (found = await query(session, wanted)) !== null, timeout)
    .then(
      () => true,
      () => false,
    );
  if (shown) return found!;
  const named = wanted.name ? ` named ${String(wanted.name)}` : "";
  const saying = wanted.text ? ` saying "${wanted.text}"` : "";
  const others = (await session.executeScript(FIND, ...findArguments(wanted, true)).catch(() => [])) as string[];
  throw new Error(
    `Never shown in ${timeout} ms: a ${wanted.role}${named}${saying}; shown: ${others.map((other) => JSON.stringify(other)).join(", ") || "none"}`,
  );
}

/** Waits until an element with exactly this text (its own, not its children's) is shown, and returns it. */
export async function findText(session: WebDriver, text: string, timeout = 30_000): Promise<WebElement> {
  let found: WebElement | null = null;
  await session.wait(
    async () =>
      (found = (await session.executeScript(
        `for (const el of document.querySelectorAll("body *")) {
           const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
           if (own === arguments[0] && el.getClientRects().length > 0 && !el.closest("[hidden], [inert]")) return el;
         }
         return null;`,
        text,
      )) as WebElement | null) !== null,
    timeout,
    `Never shown: "${text}"`,
  );
  return found!;
}

type TouchAction =
  | { type: "pointerMove"; x: number; y: number; origin: "viewport"; duration: number }
  | { type: "pointerDown" | "pointerUp"; button: 0 };

/** One finger's actions, performed; then released, as the specification's Release Actions does. */
async function touch(session: WebDriver, actions: TouchAction[]): Promise<void> {
  const finger = { type: "pointer", id: "finger", parameters: { pointerType: "touch" }, actions };
  await session.execute(new Command(Name.ACTIONS).setParameter("actions", [finger]));
  await session.execute(new Command(Name.CLEAR_ACTIONS));
}

/** Touches `element` with one finger, once it is enabled and nothing covers its middle (waiting out a transition). */
export async function tap(session: WebDriver, element: WebElement, timeout = 10_000): Promise<void> {
  let at: { x: number; y: number } | null = null;
  await session.wait(
    async () => (at = (await session.executeScript(TOUCHABLE_AT, element)) as typeof at) !== null,
    timeout,
    "The element to tap stayed disabled or covered",
  );
  const { x, y } = at!;
  await touch(session, [
    { type: "pointerMove", x, y, origin: "viewport", duration: 0 },
    { type: "pointerDown", button: 0 },
    { type: "pointerUp", button: 0 },
  ]);
}

/** Finds `wanted` and taps it. */
export async function tapOn(session: WebDriver, wanted: Wanted, timeout?: number): Promise<void> {
  await tap(session, await find(session, wanted, timeout));
}

/** Swipes up by a third of the screen with one finger, as the owner scrolls down a long form. */
export async function swipeUp(session: WebDriver): Promise<void> {
  const [width, height] = (await session.executeScript("return [innerWidth, innerHeight]")) as [number, number];
  const x = Math.round(width / 2);
  const from = Math.round((height * 2) / 3);
  await touch(session, [
    { type: "pointerMove", x, y: from, origin: "viewport", duration: 0 },
    { type: "pointerDown", button: 0 },
    { type: "pointerMove", x, y: from - Math.round(height / 3), origin: "viewport", duration: 250 },
    { type: "pointerUp", button: 0 },
  ]);
  await sleep(100);
}

/** Taps a text box and types `text` in place of what it held, as the phone's keyboard does. */
export async function typeInto(session: WebDriver, box: WebElement, text: string): Promise<void> {
  await tap(session, box);
  // What it held is selected, as a long press and "Select All" do; the typing replaces it.
  await session.executeScript("arguments[0].select()", box);
  await box.sendKeys(text);
}
