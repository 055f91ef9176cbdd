// The third-party estimate form is never reached from tests: its hosts are either answered with a
// stand-in (the provider is up) or refused outright (the provider is down or blocked). The
// stand-in comes in two kinds: empty (a blank document and a script that does nothing), and one
// that behaves like the provider's own code, written here from what the provider's helper is
// known to do, so that the contact page is tested together with it.
import type { BrowserContext } from "playwright-core";
import type { Business } from "../../scripts/data/model.ts";

/** The origins the contact page loads the provider's frame and script from. */
export function formProviderOrigins(business: Business): string[] {
  const { frameUrl, scriptUrl } = business.leadForm;
  return [...new Set([frameUrl, scriptUrl].map((url) => new URL(url).origin))];
}

/**
 * A minimal form in place of the provider's, so that keyboard tests can walk into the frame and
 * out again as they would through the real one.
 */
export const STAND_IN_FORM = `<!DOCTYPE html><html lang="en"><head><title>Form</title></head><body>
<form><label>Name <input name="name"></label><label>Phone <input name="phone" type="tel"></label>
<button type="submit">Send</button></form></body></html>`;

/** The height the stand-in form asks for: not the snippet's, so that a resize shows. */
export const STAND_IN_FORM_HEIGHT = 700;

/**
 * The keys the provider's helper writes in the page's localStorage: a record of each form frame it
 * adopts, by the frame's id, on every visit; and, once the form says it was sent, what the visitor
 * sent and an identifier of the visitor's record, under a key the form names (the provider's
 * account id: the real helper keeps whatever pairs the form's "set-sticky-contacts" message gives).
 */
export const HELPER_STORAGE = { visits: "embedded_iframe_", sent: "_ud", account: "stand-in-account-id" } as const;

/**
 * The provider's helper, as it behaves: it injects a stylesheet; adopts every form frame (an
 * iframe with an id and data-layout), now and whenever one is added, hides it (transparent,
 * hidden, moved off the screen) and counts the visit in localStorage; sets window.onload, which
 * posts the frames adopted before the page's load event (and only those) the page's address,
 * query and referrer; shows a frame again only when its form answers, and sizes it to the height
 * the form asks for; and keeps what the visitor sent when the form says it was submitted
 * (HELPER_STORAGE). A form that never speaks (its page failed) leaves its frame hidden.
 */
function helper(storage: typeof HELPER_STORAGE) {
  const style = document.createElement("style");
  style.textContent = ".ep-overlay { position: fixed; inset: 0 }";
  document.head.append(style);
  const adopted = new Set<HTMLIFrameElement>();
  const registered: HTMLIFrameElement[] = [];
  let loaded = false;
  const adopt = () =>
    document.querySelectorAll<HTMLIFrameElement>("iframe[id][data-layout]").forEach((frame) => {
      if (adopted.has(frame)) return;
      adopted.add(frame);
      Object.assign(frame.style, { opacity: "0", visibility: "hidden", position: "absolute", left: "-9999px" });
      const visits = JSON.parse(localStorage.getItem(`${storage.visits}${frame.id}`) ?? '{"visit":0}') as {
        visit: number;
      };
      localStorage.setItem(`${storage.visits}${frame.id}`, JSON.stringify({ id: frame.id, visit: visits.visit + 1 }));
      if (!loaded) registered.push(frame);
    });
  adopt();
  new MutationObserver(adopt).observe(document.documentElement, { childList: true, subtree: true });
  window.onload = () => {
    loaded = true;
    for (const frame of registered) {
      const page = { type: "page", url: location.href, query: location.search, referrer: document.referrer };
      frame.contentWindow?.postMessage(page, new URL(frame.src).origin);
    }
  };
  addEventListener("message", (event) => {
    const frame = [...adopted].find((candidate) => candidate.contentWindow === event.source);
    const message = event.data as { type?: string; height?: number; fields?: unknown };
    if (!frame || typeof message !== "object" || message === null) return;
    Object.assign(frame.style, { opacity: "", visibility: "", position: "", left: "" });
    if (message.type === "height") frame.style.height = `${message.height}px`;
    if (message.type === "submit") {
      localStorage.setItem(storage.sent, JSON.stringify(message.fields));
      localStorage.setItem(storage.account, "stand-in-contact-record");
    }
  });
}

/** The form in the frame: it shows what the helper told it, asks for its height, and reports a submission. */
function form(height: number) {
  const send = (message: object) => parent.postMessage(message, "*");
  addEventListener("message", (event) => {
    const message = event.data as { type?: string; url?: string; referrer?: string };
    if (message?.type !== "page") return;
    document.getElementById("received")!.textContent = message.url ?? "";
    document.getElementById("referrer")!.textContent = message.referrer ?? "";
    send({ type: "height", height });
  });
  addEventListener("load", () => send({ type: "height", height }));
  document.querySelector("form")!.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    send({
      type: "submit",
      fields: Object.fromEntries(["name", "email", "phone"].map((name) => [name, data.get(name)])),
    });
    document.getElementById("sent")!.textContent = "Sent";
  });
}

/** The stand-in for the provider: its helper script and the form document its frame loads. */
export const PROVIDER_STAND_IN = {
  script: `(${helper.toString()})(${JSON.stringify(HELPER_STORAGE)});`,
  document: `<!DOCTYPE html><html lang="en"><head><title>Free estimate</title></head><body>
<form><label>Name <input name="name"></label> <label>E-mail <input name="email" type="email"></label>
<label>Phone <input name="phone" type="tel"></label> <button type="submit">Send</button></form>
<p>Page: <output id="received"></output></p><p>Referrer: <output id="referrer"></output></p><p id="sent"></p>
<script>(${form.toString()})(${STAND_IN_FORM_HEIGHT});</script></body></html>`,
};

/**
 * The provider's own error page in the frame, as when the form fails to load: it says so, and never
 * speaks to the helper.
 */
export const PROVIDER_ERROR_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Error</title></head><body>
<p id="provider-error">Something went wrong. Please try again later.</p></body></html>`;

/** The stand-in's helper arriving late: after the page's load event, and after the form has spoken. */
export const LATE_HELPER = `addEventListener("load", () => setTimeout(() => { ${PROVIDER_STAND_IN.script} }, 500));`;

/** What a request to the provider is answered with: the stand-in's script or document, by the request's kind. */
export function providerAnswer(isScript: boolean, standIn: { script: string; document: string }) {
  return {
    status: 200,
    contentType: isScript ? "text/javascript" : "text/html",
    body: isScript ? standIn.script : standIn.document,
  };
}

/** Answers the provider's requests with a stand-in: by default an empty script and the given document (empty by default). */
export async function stubFormProvider(
  context: BrowserContext,
  business: Business,
  document = "",
  script = "",
): Promise<void> {
  for (const origin of formProviderOrigins(business)) {
    await context.route(`${origin}/**`, (route) =>
      route.fulfill(providerAnswer(route.request().resourceType() === "script", { script, document })),
    );
  }
}

/** Makes every request to the provider fail, as when it is down or a blocker removes it. */
export async function blockFormProvider(context: BrowserContext, business: Business): Promise<void> {
  for (const origin of formProviderOrigins(business)) {
    await context.route(`${origin}/**`, (route) => route.abort("blockedbyclient"));
  }
}
