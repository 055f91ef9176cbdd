// What /privacy says the browser does, as a list: each statement's words, and the claim in it that
// a browser can observe (test/privacy.browser.test.ts checks every claim in Chromium, Firefox and
// WebKit, and that nothing is observed that no claim allows). The page renders the words; the
// test reads the claims; so the page and its test cannot drift apart.
import type { PrivacyFacts } from "../data/privacy.ts";
import { joinList } from "../data/model.ts";
import { LEAVE_OUT, TAP_EVENTS, TAP_PROPERTIES } from "./counting.ts";
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
   * The site's own code writes nothing to localStorage, sessionStorage or IndexedDB (but the mark
   * of a `leave-out` claim, where the page makes one).
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
   * Every page sends its counts to `endpoint`, and only these: a page view when a page is shown
   * (not when it is loaded ahead; again when the browser shows it from its back-forward cache), an
   * event named in `taps` for each such tap, and on leaving a page, how far it was read; each
   * holding only `fields`, its properties only `properties`.
   */
  | {
      kind: "counts";
      endpoint: string;
      taps: readonly string[];
      fields: readonly string[];
      properties: readonly string[];
    }
  /**
   * A page opened at `out` keeps `key` in localStorage, and the browser is counted no more; a page
   * opened at `in` removes it.
   */
  | { kind: "leave-out"; out: string; in: string; key: string }
  /**
   * No code the site sends (its pages' scripts, the counting script, the worker) reads the
   * browser's Do Not Track signal: test/privacy.test.ts reads them all.
   */
  | { kind: "do-not-track-unread" }
  /**
   * The server is the host the build is for (`host`, its name), or one the build cannot name:
   * `sitegen check-deploy` holds the name to the server that answers.
   */
  | { kind: "served-by"; host?: string }
  /** The page's words change only with its date: test/privacy-date.test.ts and data/privacy-date.ts hold it. */
  | { kind: "changes-dated" }
  /** Said of the server, the provider's own site or the business: nothing a browser here shows. */
  | { kind: "beyond-the-browser" };

/** Where Plausible says what it records and keeps. */
const PLAUSIBLE_DATA_POLICY = "https://plausible.io/data-policy";

/** The sections of /privacy's list, in the page's order; "Counting visits" only when the site counts. */
type PrivacySection =
  "This website" | "Counting visits" | "The estimate form" | "Do Not Track" | "Changes to this page";

/**
 * What a count holds, by the tracker's own names for its fields (the Events API's, shortened):
 * n the event's name, u the page's address, d the site's name in Plausible, r the referrer, p the
 * properties, v the tracker's version; on leaving a page, sd how far down it was read (per cent)
 * and e how long it was in view (ms).
 */
export const COUNT_FIELDS = ["n", "u", "d", "r", "p", "v", "sd", "e"] as const;

export interface PrivacyStatement {
  /** One of the page's own sections, or a feature's (features/), after them. */
  section: PrivacySection | (string & {});
  words: PrivacyWords;
  claim: PrivacyClaim;
}

/** How the statement of who sends the pages begins when it names the host: `sitegen check-deploy` looks for it. */
export const hostedBy = (host: string) => `This site is hosted by ${host}`;

/**
 * The statements of /privacy's list. What the provider's helper does is as read in the dated
 * copies of form_embed.js in data/SOURCES.md ("The estimate form's helper"); what Plausible does
 * with a count, as its source reads (lib/plausible/ingestion/event.ex, docs/owner-guide.md).
 */
export function privacyStatements(facts: PrivacyFacts): PrivacyStatement[] {
  const [visitRecord, sent] = facts.formStorage;
  const contact = { href: CONTACT_PATH, text: "contact page" };
  const { counting, servedBy } = facts;
  const provider = facts.formProvider.name;
  return [
    {
      section: "This website",
      words: [
        counting
          ? "The site sets no cookies and shows no advertising. Besides Plausible Analytics' script, which counts visits (below), and the estimate form's provider on the contact page (below), it runs no analytics or tracking code."
          : "The site sets no cookies and shows no advertising. Besides the estimate form's provider on the contact page (below), it runs no analytics or tracking code.",
      ],
      claim: { kind: "no-cookies" },
    },
    {
      section: "This website",
      words: [
        `The site's own code keeps nothing in your browser's local storage, session storage or databases (IndexedDB)${counting ? ", but the mark that leaves a browser out of the counts, if you set it (below)" : ""}.`,
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
        ...(counting ? [` Every page sends its counts to ${counting.host}, as below.`] : []),
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
    ...(counting ? countingStatements(counting) : []),
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
        `Your browser's Do Not Track or Global Privacy Control setting changes nothing on this site, because none of the site's own code${counting ? ", Plausible's script included," : ""} reads it; the site itself follows no one across other websites. The form on our contact page is ${provider}'s own page, which may keep cookies (above): whether it follows visitors across other websites, and how it answers the setting, is ${facts.formProvider.company}'s to say, in its privacy policy.`,
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
}

/** What the pages send to Plausible, when the site counts (site.yaml's plausible). */
function countingStatements(counting: NonNullable<PrivacyFacts["counting"]>): PrivacyStatement[] {
  const { call, text, estimate } = TAP_EVENTS;
  const where = counting.ownServer
    ? `our own server at ${counting.host}, which runs Plausible's software`
    : `Plausible Analytics, at ${counting.host}`;
  return [
    {
      section: "Counting visits",
      words: [
        `To learn which pages bring calls and estimate requests, every page counts its visit with ${where}: once when the page is shown to you (not when your browser loads it ahead because you pointed at a link), again when you come back to it with your browser's Back or Forward button and the browser shows it from its memory, and each time you tap a phone number to call (${call}), a number to text (${text}) or a link to the estimate form (${estimate}).`,
      ],
      claim: {
        kind: "counts",
        endpoint: counting.endpoint,
        taps: [call, text, estimate],
        fields: COUNT_FIELDS,
        properties: TAP_PROPERTIES,
      },
    },
    {
      section: "Counting visits",
      words: [
        "Each count holds the page's address (with any campaign tags in it, such as ",
        { code: "utm_source" },
        `), the address of the page you came from, what was counted, our site's name in Plausible and the version of Plausible's script; a tap's count also holds the page's path and the town or service it is about. When you leave a page or switch away from it, your browser also sends how far down the page you read and how long it was in view.`,
      ],
      claim: { kind: "beyond-the-browser" },
    },
    {
      section: "Counting visits",
      words: [
        "No count holds a cookie, an identifier of you or your device, or anything you typed, and the site keeps nothing in your browser to count you.",
      ],
      claim: { kind: "no-storage-of-its-own" },
    },
    {
      section: "Counting visits",
      words: [
        "The site's own code writes to your browser's local storage only if you open one of its pages at an address ending in ",
        { code: LEAVE_OUT.out },
        ": then it keeps ",
        { code: LEAVE_OUT.key },
        ", and this browser is no longer counted (we use it for our own phones and computers). An address ending in ",
        { code: LEAVE_OUT.in },
        " removes it.",
      ],
      claim: { kind: "leave-out", ...LEAVE_OUT },
    },
    counting.ownServer
      ? {
          section: "Counting visits",
          words: [
            `Our server at ${counting.host} also receives your device's internet (IP) address and what your browser says it is (its user agent), as every web server does. Plausible's software on it uses them to work out your country (and your region and city, where its location database has them), your browser, operating system and kind of device; to leave out counts from known robots and from addresses we have blocked; and to count unique visitors for the day, with a code made from them, our site's name and a secret that changes every day. It stores the counts with that code, but not the address or the user agent.`,
          ],
          claim: { kind: "beyond-the-browser" },
        }
      : {
          section: "Counting visits",
          words: [
            `Plausible also receives your device's internet (IP) address and what your browser says it is (its user agent), as every web server does. It uses them to work out your country, region and city, your browser, operating system and kind of device; to leave out counts from known robots, from the addresses of data centres and from addresses we have blocked; and to count unique visitors for the day, with a code made from them, our site's name and a secret that changes every day. `,
            { href: PLAUSIBLE_DATA_POLICY, text: "Plausible's data policy" },
            ", which covers its own service at plausible.io, says it stores neither the address nor the user agent.",
          ],
          claim: { kind: "beyond-the-browser" },
        },
  ];
}
