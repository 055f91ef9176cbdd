// Counting with Plausible, when site.yaml names a Plausible site: which taps send an event and by
// what name (the goals the owner adds in Plausible), which links lead to the estimate form, and
// what an event says the page is about. The pages' counting script (browser/counting.ts) is built
// with these, and the tests and guides read them here. Without site.yaml's `plausible`, nothing of
// this reaches dist/.
import type { CountedAbout, PageSubject } from "./page.ts";
import { CONTACT_PATH, CONTACT_SECTION_HREF } from "./urls.ts";

/** The event each kind of link sends when tapped: a tel: link, an sms: link, a link to the estimate form. */
export const TAP_EVENTS = { call: "Call", text: "Text", estimate: "Estimate" } as const;

/**
 * The links to the estimate form: the contact page (its own call bar points at the form on it,
 * /contact#estimate-form), and the home page's contact section, where the closing bands lead.
 */
export const ESTIMATE_LINKS = { page: CONTACT_PATH, section: CONTACT_SECTION_HREF } as const;

/**
 * How the owner leaves a phone or computer of his own out of the counts, with no console to type
 * in: any page opened at `out` sets Plausible's own opt-out in that browser (localStorage's `key`,
 * which the tracker reads before it sends anything), and at `in` removes it. The page says so in
 * a dialog.
 */
export const LEAVE_OUT = { out: "#not-counted", in: "#counted", key: "plausible_ignore" } as const;

/** A town's or a service's page names it; a job's page names the job's town; a page about the site names neither. */
export function countedAbout(subject: PageSubject): CountedAbout {
  switch (subject.kind) {
    case "town":
      return { town: subject.town.name };
    case "service":
      return { service: subject.service.name };
    case "job":
      return { town: subject.job.townPage.name };
    case "site":
      return {};
  }
}
