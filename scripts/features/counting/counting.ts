// Counting visits with Plausible, when site.yaml names a Plausible site (`plausible`): what the
// feature adds to a build. Plausible's own tracker, bundled (browser/counting.ts), is a file of its
// own under /assets/, named by its hash and cached for a year, which each page's own script loads
// once the page has painted (browser/counting-loader.ts, the pages' script in place of browser/
// site.ts alone). 7.1 KB (3.0 KB with gzip), fetched once: inlined, it would have put the home
// page 1.1 KB past the 14 KiB first round trip with gzip. Every page's policy allows it by its hash,
// which the page gives as its integrity (CSP 3: Chromium 59, Firefox 116, Safari 15.6), and lets it
// send to the events address; the service worker leaves it to the browser's cache; each page's
// <body> says what the page is about, for the taps' counts; /privacy says what is counted and sent
// (privacy.ts). A draft's preview counts nothing: no visit to it is a visit to the site.
import { createHash } from "node:crypto";
import path from "node:path";
import { bundleBrowserScript } from "../../lib/bundle.ts";
import { SCRIPTS_DIR } from "../../lib/paths.ts";
import {
  countingScriptFile,
  ESTIMATE_LINKS,
  isCountingScriptFile,
  LEAVE_OUT,
  TAP_EVENTS,
  type CountedAbout,
} from "./terms.ts";
import { pathForFile } from "../../site/urls.ts";
import type { PageSubject } from "../../site/page.ts";
import type { Feature } from "../feature.ts";
import { countingPrivacy } from "./privacy.ts";

const BROWSER = path.join(SCRIPTS_DIR, "features", "counting", "browser");
const TRACKER = path.join(BROWSER, "counting.ts");
const LOADER = path.join(BROWSER, "counting-loader.ts");

/** A town's or a service's page names it; a row's page (a job's) names the row's town; a page about the site names neither. */
function countedAbout(subject: PageSubject): CountedAbout {
  switch (subject.kind) {
    case "town":
      return { town: subject.town.name };
    case "service":
      return { service: subject.service.name };
    case "row":
      return subject.town ? { town: subject.town.name } : {};
    case "site":
      return {};
  }
}

export const counting: Feature = {
  name: "counting",
  async parts({ model, kept, preview }) {
    const { plausible } = model.business;
    if (!plausible || preview) return undefined;
    const code = await bundleBrowserScript(TRACKER, {
      define: {
        PLAUSIBLE_DOMAIN: JSON.stringify(plausible.domain),
        PLAUSIBLE_ENDPOINT: JSON.stringify(plausible.endpoint),
        TAP_EVENTS: JSON.stringify(TAP_EVENTS),
        ESTIMATE_LINKS: JSON.stringify(ESTIMATE_LINKS),
        LEAVE_OUT: JSON.stringify(LEAVE_OUT),
      },
      kept,
    });
    const digest = createHash("sha256").update(code, "utf8").digest();
    const file = countingScriptFile(digest.toString("hex"));
    const integrity = `sha256-${digest.toString("base64")}`;
    return {
      files: new Map([[file, code]]),
      bodyScript: { entry: LOADER, define: { COUNTING_SCRIPT: JSON.stringify({ src: pathForFile(file), integrity }) } },
      policy: new Map([
        ["script-src", new Set([`'${integrity}'`])],
        ["connect-src", new Set([plausible.endpoint])],
      ]),
      // Cached for a year by the browser: the service worker's copies stay pages and pictures, as /privacy says.
      leftAlone: [pathForFile(file)],
      privacy: countingPrivacy(plausible),
      bodyData: (subject) => ({ ...countedAbout(subject) }),
    };
  },
  deployedFiles: (files) => files.filter(isCountingScriptFile),
  // The loader puts every page at 1,803 bytes of script (the tracker itself is a file of its own,
  // fetched once the page has painted, and in no page's bytes).
  scriptBudget: 500,
};
