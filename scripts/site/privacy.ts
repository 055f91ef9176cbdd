// What /privacy says the browser does, as a list: each statement's words, and the claim in it that
// a browser can observe (test/privacy.browser.test.ts checks every claim in Chromium, Firefox and
// WebKit, and that nothing is observed that no claim allows). The page renders the words; the
// test reads the claims; so the page and its test cannot drift apart. The features that are on
// (features/) add statements of their own and phrases in the page's own sentences, each in the
// terms of a `PrivacyPart`: no sentence here names a feature.
import type { PrivacyFacts } from "../data/privacy.ts";
import { joinList } from "../data/model.ts";
import { ADMIN_PATH, CONTACT_PATH, HOME_PATH } from "./urls.ts";

/** A statement's words: text, a name in code type, or a link. */
export type PrivacyWords = (string | { code: string } | { href: string; text: string })[];

/** What the service worker keeps a copy of, by the kind of file. */
export type CopyKind = "page" | "picture";

/** What a browser can observe of a statement, or that it is not a thing the browser does. */
export type PrivacyClaim =
  /** No cookie, from the site or the provider's helper, on any page. */
  | { kind: "no-cookies" }
  /**
   * The site's own code writes nothing to localStorage, sessionStorage or IndexedDB (but what a
   * feature's statements say it keeps, and its own claims hold).
   */
  | { kind: "no-storage-of-its-own" }
  /** Cache Storage holds copies of these kinds only, those of `fromStart` after the first visit. */
  | { kind: "copies"; of: readonly CopyKind[]; fromStart: readonly string[] }
  /** Opening a page online replaces its copy with what the network brought. */
  | { kind: "copy-replaced-on-open" }
  /** A new version of the site's worker, as it installs, fetches every kept copy again: one of a page not open is replaced too. */
  | { kind: "copies-refreshed" }
  /** Requests leave the site only from `page`, and only for `hosts`; a page pointed at is not run ahead. */
  | { kind: "off-site-only-from"; page: string; hosts: readonly string[] }
  /** The provider's helper keeps these localStorage keys: on a visit, and once the form is sent (plus `accountKeys` named by the provider). */
  | { kind: "provider-keeps"; onVisit: readonly string[]; onSending: readonly string[]; accountKeys: number }
  /** The provider's helper hands its form the page's address with its query, and the referrer. */
  | { kind: "provider-is-told"; what: readonly ("address" | "campaign tags" | "referrer")[] }
  /**
   * No code the site sends (its pages' scripts, the features' scripts, the worker) reads the
   * browser's Do Not Track signal: test/privacy.test.ts reads them all.
   */
  | { kind: "do-not-track-unread" }
  /**
   * The server is the host the build is for (`host`, its name), or one the build cannot name:
   * `sitegen check-deploy` holds the name to the server that answers.
   */
  | { kind: "served-by"; host?: string }
  /** The page's words change only with its date: test/privacy-date.test.ts and features/counting/data/privacy-date.ts hold it. */
  | { kind: "changes-dated" }
  /** Said of the server, the provider's own site or the business: nothing a browser here shows. */
  | { kind: "beyond-the-browser" };

/** The sections of /privacy's own list, in the page's order. */
type PrivacySection = "This website" | "The estimate form" | "Do Not Track" | "Changes to this page";

/**
 * A claim of a feature's own (features/), of a kind the feature names: the feature's tests know it
 * (test/support/privacy-claims.ts checks that no claim goes unread).
 */
interface FeatureClaim {
  kind: string;
}

export interface PrivacyStatement<Claim extends { kind: string } = PrivacyClaim | FeatureClaim> {
  /** One of the page's own sections, or a feature's (features/), after "This website". */
  section: PrivacySection | (string & {});
  words: PrivacyWords;
  claim: Claim;
}

/**
 * What a feature that is on (features/) has /privacy say: statements in sections of its own, and
 * the phrases it adds to the page's own sentences, which name what runs, is kept and is sent.
 */
export interface PrivacyPart {
  /** Its statements, in sections of its own, after "This website" and before the estimate form's. */
  statements?: readonly PrivacyStatement[];
  /** A script of its own on the pages, named beside the estimate form's provider where the page says what runs besides the site's own code. */
  script?: string;
  /** What its code keeps in the browser's storage, the exception to the site's own code keeping nothing there. */
  keeps?: string;
  /** A sentence on what every page sends off the site, after the one that says no page loads anything from another website but the contact page. */
  sends?: string;
  /** Its script, named with the site's own code where the page says none of it reads Do Not Track. */
  unreadBy?: string;
}

/** How the statement of who sends the pages begins when it names the host: `sitegen check-deploy` looks for it. */
export const hostedBy = (host: string) => `This site is hosted by ${host}`;

/**
 * "A, B, and C": a list whose items may hold a clause of their own, set apart by commas, so that
 * the last is joined with a comma too (unlike `joinList()`).
 */
function serialList(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")}, and ${items.at(-1)}`;
}

/**
 * The statements of /privacy's list: the page's own, with the phrases of `features` (the ones that
 * are on) in its sentences, and their statements after "This website". What the provider's helper
 * does is as read in the dated copies of form_embed.js in data/SOURCES.md ("The estimate form's
 * helper").
 */
export function privacyStatements(facts: PrivacyFacts, features: readonly PrivacyPart[] = []): PrivacyStatement[] {
  const [visitRecord, sent] = facts.formStorage;
  const contact = { href: CONTACT_PATH, text: "contact page" };
  const { servedBy } = facts;
  const provider = facts.formProvider.name;
  const said = (phrase: "script" | "keeps" | "sends" | "unreadBy") =>
    features.flatMap((feature) => feature[phrase] ?? []);
  const [keeps, unreadBy] = [said("keeps"), said("unreadBy")];
  const website: PrivacyStatement<PrivacyClaim>[] = [
    {
      section: "This website",
      words: [
        `The site sets no cookies and shows no advertising. Besides ${serialList([...said("script"), "the estimate form's provider on the contact page (below)"])}, it runs no analytics or tracking code.`,
      ],
      claim: { kind: "no-cookies" },
    },
    {
      section: "This website",
      words: [
        `The site's own code keeps nothing in your browser's local storage, session storage or databases (IndexedDB)${keeps.length > 0 ? `, but ${joinList(keeps)}` : ""}.`,
      ],
      claim: { kind: "no-storage-of-its-own" },
    },
    {
      section: "This website",
      words: [
        "So that it opens on a weak signal or none, the site keeps copies in your browser's cache for this site: of the home and contact pages from your first visit, of each page you open or that your browser loads ahead when you point at a link, and of the pictures those pages show. The copies are our pages and pictures as the site sent them, with nothing you typed.",
      ],
      claim: { kind: "copies", of: ["page", "picture"], fromStart: [HOME_PATH, CONTACT_PATH] },
    },
    {
      section: "This website",
      words: ["Each time you open a page with a signal, its copy is replaced by the page as it is then."],
      claim: { kind: "copy-replaced-on-open" },
    },
    {
      section: "This website",
      words: [
        "Your browser also checks then for a new version of the site's service worker, the code that keeps these copies. Whenever it installs one, as it does after a change of our phone numbers or hours, it fetches again, in the background, every page and picture it keeps a copy of, and every page of the site open in a tab. Otherwise a copy of a page you do not open again stays as it was. Clearing this site's data in your browser removes every copy.",
      ],
      claim: { kind: "copies-refreshed" },
    },
    {
      section: "This website",
      words: servedBy
        ? [
            `${hostedBy(servedBy.name)}: its servers send these pages and receive your device's internet (IP) address and the address of each page your browser asks for, as every web server does; `,
            { href: servedBy.privacyPolicy, text: "its privacy policy" },
            " covers what it records of them.",
          ]
        : [
            "The web server that sends these pages receives your device's internet (IP) address and the address of each page your browser asks for, as every web server does.",
          ],
      claim: { kind: "served-by", ...(servedBy ? { host: servedBy.name } : {}) },
    },
    {
      section: "This website",
      words: [
        "No page loads anything from another website, except the ",
        contact,
        ", which loads the estimate form. Pointing at a link to the contact page does not load the form ahead of time.",
        ...said("sends").map((sentence) => ` ${sentence}`),
      ],
      claim: { kind: "off-site-only-from", page: CONTACT_PATH, hosts: facts.formHosts },
    },
    {
      section: "This website",
      words: [
        "All of this is about the site's public pages. The site's editor at ",
        { code: ADMIN_PATH },
        ", which only we use to change the site, keeps our sign-in and what it needs to edit in the browser we use it in; it counts nothing.",
      ],
      claim: { kind: "beyond-the-browser" },
    },
  ];
  const rest: PrivacyStatement<PrivacyClaim>[] = [
    {
      section: "The estimate form",
      words: [
        `The form on our `,
        contact,
        ` is run by ${provider}, a service of ${facts.formProvider.company}, from ${joinList(facts.formHosts)}. What you type into it, such as your name, phone number, e-mail address and the job, goes to ${provider}, which keeps it for us in our account there.`,
      ],
      claim: { kind: "off-site-only-from", page: CONTACT_PATH, hosts: facts.formHosts },
    },
    {
      section: "The estimate form",
      words: [
        `${provider}'s script on the contact page tells the form the page's address, with any campaign tags in it (such as `,
        { code: "utm_source" },
        " or ",
        { code: "gclid" },
        `), and the address of the page you came from, so that ${provider} knows how you found the form.`,
      ],
      claim: { kind: "provider-is-told", what: ["address", "campaign tags", "referrer"] },
    },
    {
      section: "The estimate form",
      words: [
        `${provider}'s script keeps, in your browser's local storage for this site, with no expiry date: under `,
        { code: visitRecord!.key },
        `, ${visitRecord!.holds}; and once you send the form, under `,
        { code: sent!.key },
        `, ${sent!.holds}, with an identifier of your record under a key named after our account with ${provider}. The site itself reads none of it; clearing this site's data in your browser removes it.`,
      ],
      claim: { kind: "provider-keeps", onVisit: [visitRecord!.key], onSending: [sent!.key], accountKeys: 1 },
    },
    {
      section: "The estimate form",
      words: [
        `The form itself is a page of ${provider}'s own site. There ${provider} may record your visit, load a check that you are not a robot (a captcha) and keep cookies or other data in your browser; `,
        { href: facts.formProvider.privacyPolicy, text: `${facts.formProvider.company}'s privacy policy` },
        " covers what it does there and with what you send.",
      ],
      claim: { kind: "beyond-the-browser" },
    },
    {
      section: "Do Not Track",
      words: [
        `Your browser's Do Not Track or Global Privacy Control setting changes nothing on this site, because none of the site's own code${unreadBy.length > 0 ? `, ${joinList(unreadBy)} included,` : ""} reads it; the site itself follows no one across other websites. The form on our contact page is ${provider}'s own page, which may keep cookies (above): whether it follows visitors across other websites, and how it answers the setting, is ${facts.formProvider.company}'s to say, in its privacy policy.`,
      ],
      claim: { kind: "do-not-track-unread" },
    },
    {
      section: "Changes to this page",
      words: [
        "When what this page says changes, so does its date at the top (Last updated). We announce changes in no other way.",
      ],
      claim: { kind: "changes-dated" },
    },
  ];
  return [...website, ...features.flatMap((feature) => feature.statements ?? []), ...rest];
}
