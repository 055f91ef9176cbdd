// A host that answers in place of the site: the project paused for its plan's limits, or no site at
// the address. Every address then gets the same page from the host, so comparing it with the build
// would print a hundred differences and hide the one thing to do; check-deploy says that instead,
// in the owner's words, and exits 3. Each answer is recognised by what the host's own pages say:
//
// - Netlify, paused: when a team's credits run out, "all of your web projects (sites/apps) are
//   paused and visitors … will find a `Site not available` page" (docs.netlify.com, "How credits
//   work", and "Resume paused projects": "a message that says Site not available that mentions your
//   site is paused"). The page's words, as visitors quoted them (github.com/lihaoze123/cptracker
//   issue 14, 2026-01-08; d4vid87/stormdesk issue 22, 2026-08-19): "Site not available / This site
//   was paused as it reached its usage limits. Please contact the site owner for more information."
//   It is served with status 503 and `Server: Netlify` at every address; "a paused Netlify site
//   can't even serve a redirect" (stormdesk issue 22).
// - Netlify, no site: an address Netlify has no site for answers 404 "Not Found - Request ID: …"
//   (EdOverflow/can-i-take-over-xyz pull request 239), or its "Site not found" page ("Looks like you
//   followed a broken link or entered a URL that doesn't exist on Netlify", gareth618/pastemd issue 3).
import type { LiveAnswer } from "./fetch-answer.ts";
import { detectServer } from "./servers.ts";

export interface HostDown {
  /** What the host answered, in a few words. */
  answered: string;
  /** What happened and what to do, in the owner's words. */
  meaning: string;
}

const NETLIFY_PAUSED: HostDown = {
  answered: 'Netlify\'s "Site not available" page, which says the site was paused',
  meaning:
    "Netlify has paused the site: the team used up its plan's monthly credits (on the free plan, 300), and every site " +
    "of the team stays paused until the next billing month starts, so visitors see that page instead of the site. " +
    "To bring it back now, add credits or upgrade in Netlify (Team settings → Billing; Netlify's guide \"Resume paused " +
    'projects"); then look at Usage for what spent them, and see docs/deploying.md, "What the site costs", for what ' +
    "this site should spend. Nothing needs a new build: the site comes back as it was.",
};

const NETLIFY_NO_SITE: HostDown = {
  answered: "Netlify's answer for an address it has no site for",
  meaning:
    "Netlify has no site at this address: the site was deleted or renamed in Netlify, or the domain points at " +
    "Netlify without being added to the site. In Netlify, open the site (Domain management) and check that this " +
    "address is listed; if the site is gone, deploy it again as docs/deploying.md says.",
};

/** The host's own answer in place of the site, or undefined when the answer may be the site's. */
export function hostDown(answer: LiveAnswer): HostDown | undefined {
  if (detectServer(answer.headers)?.server !== "netlify") return undefined;
  const text = answer.body.subarray(0, 64 * 1024).toString("utf8");
  if (answer.status === 503 && /Site not available/i.test(text) && /paused/i.test(text)) return NETLIFY_PAUSED;
  if (answer.status === 404 && (/^Not Found - Request ID:/.test(text) || /Site not found/i.test(text)))
    return NETLIFY_NO_SITE;
  return undefined;
}
