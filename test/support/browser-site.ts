// The usual setting of a browser test: the real data built (the run's shared build, unless the test
// builds anew into the folder it serves) and served as `npm start` serves it,
// Chromium, one browser context whose requests to the form provider are answered as the test
// needs (never sent to the network), and one page in it.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import type { Business } from "../../scripts/data/model.ts";
import { launchBrowser } from "./browser.ts";
import { blockFormProvider, stubFormProvider } from "./form-provider.ts";
import { buildAndServe, serveSharedJobsSite, serveSharedSite, type BuiltSite } from "./site.ts";

export interface BrowserSite {
  site: BuiltSite;
  /** With `jobs`, the shared build with the tests' jobs, served too (support/site.ts). */
  jobsSite?: BuiltSite;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the browser, stops the server and removes the build, if it is the test's own. */
  close(): Promise<void>;
}

export interface BrowserSiteOptions {
  /**
   * The provider's answer: a stand-in document and script (both empty by default; PROVIDER_STAND_IN
   * behaves like the provider's own), or "blocked" (down, or removed by a blocker).
   */
  provider?: { document: string; script?: string } | "blocked";
  context?: BrowserContextOptions;
  /** A build of the test's own, for a test that writes a new build into the folder served. */
  ownBuild?: boolean;
  /** Serve the shared build with the tests' jobs too, for the pages that show jobs (support/pages.ts, JOB_PAGES). */
  jobs?: boolean;
}

export async function openBrowserSite(business: Business, options: BrowserSiteOptions = {}): Promise<BrowserSite> {
  const [site, browser, jobsSite] = await Promise.all([
    options.ownBuild ? buildAndServe() : serveSharedSite(),
    launchBrowser(),
    options.jobs ? serveSharedJobsSite() : undefined,
  ]);
  const context = await browser.newContext(options.context);
  const provider = options.provider ?? { document: "" };
  if (provider === "blocked") await blockFormProvider(context, business);
  else await stubFormProvider(context, business, provider.document, provider.script);
  const page = await context.newPage();
  return {
    site,
    ...(jobsSite ? { jobsSite } : {}),
    browser,
    context,
    page,
    close: async () => {
      await browser.close();
      await site.close();
      await jobsSite?.close();
    },
  };
}
