// Counting with Plausible, when site.yaml names a Plausible site: which taps send an event and by
// what name (the goals the owner adds in Plausible), which links lead to the estimate form, and
// what an event says the page is about. The counting script (browser/counting.ts) is built with
// these, /privacy names them (privacy.ts), and the tests read them here. Without site.yaml's
// `plausible`, nothing of this reaches dist/.
import { CONTACT_PATH, CONTACT_SECTION_HREF } from "../../site/urls.ts";

/** What a page's counted taps say it is about besides its address: its town, or its service. */
export interface CountedAbout {
  town?: string;
  service?: string;
}

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

/**
 * What a tap's count holds besides the event's name (its properties in Plausible): the page's path,
 * and what the page is about (`countedAbout()`: its town or its service). /privacy names them.
 */
export const TAP_PROPERTIES = ["page", "town", "service"] as const satisfies readonly ("page" | keyof CountedAbout)[];

/** Where the counting script is written in dist/: under assets/, named by the start of its SHA-256, so that a changed script has a new address. */
const COUNTING_FILE = { folder: "assets/", name: "counting-", digits: 12, extension: ".js" } as const;

/** The counting script's file, for the hex digest of its code: "assets/counting-0123456789ab.js". */
export function countingScriptFile(sha256Hex: string): string {
  const { folder, name, digits, extension } = COUNTING_FILE;
  return `${folder}${name}${sha256Hex.slice(0, digits)}${extension}`;
}

/** Whether a file of dist/ is a counting script, as `countingScriptFile()` names one. */
export function isCountingScriptFile(file: string): boolean {
  const { folder, name, digits, extension } = COUNTING_FILE;
  const digest = file.slice(`${folder}${name}`.length, -extension.length);
  return new RegExp(`^[0-9a-f]{${digits}}$`).test(digest) && file === countingScriptFile(digest);
}
