// The third-party estimate form is never reached from tests: its hosts are either answered with a
// stand-in document (the provider is up) or refused outright (the provider is down or blocked).
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

/** Answers the provider's requests with an empty script and the given document (empty by default). */
export async function stubFormProvider(context: BrowserContext, business: Business, document = ""): Promise<void> {
  for (const origin of formProviderOrigins(business)) {
    await context.route(`${origin}/**`, (route) => {
      const isScript = route.request().resourceType() === "script";
      return route.fulfill({
        status: 200,
        contentType: isScript ? "text/javascript" : "text/html",
        body: isScript ? "" : document,
      });
    });
  }
}

/** Makes every request to the provider fail, as when it is down or a blocker removes it. */
export async function blockFormProvider(context: BrowserContext, business: Business): Promise<void> {
  for (const origin of formProviderOrigins(business)) {
    await context.route(`${origin}/**`, (route) => route.abort("blockedbyclient"));
  }
}
