// What /privacy says of counting, when the site counts: the "Counting visits" section (what the
// pages send, to whom, what a count holds, the owner's switch that leaves a browser out, what
// Plausible does with a count) and the phrases it adds to the page's own sentences (its script
// beside the form's provider, its mark in local storage, where every page sends its counts, its
// script not reading Do Not Track). Its claims `counts` and `leave-out` are its own: the counting
// browser tests observe them (test/support/privacy-claims.ts). What Plausible does with a count is
// as its source reads (lib/plausible/ingestion/event.ex, docs/owner-guide.md).
import { type SiteData } from "../../data/schema.ts";
import { PLAUSIBLE_EVENTS } from "./fields.ts";
import { LEAVE_OUT, TAP_EVENTS, TAP_PROPERTIES } from "./terms.ts";
import type { PrivacyClaim, PrivacyPart, PrivacyStatement } from "../../site/privacy.ts";

/** The claims of counting's statements that a browser can observe. */
export type CountingClaim =
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
  | { kind: "leave-out"; out: string; in: string; key: string };

/** Where Plausible says what it records and keeps. */
const PLAUSIBLE_DATA_POLICY = "https://plausible.io/data-policy";

/** The section of /privacy that counting adds. */
const SECTION = "Counting visits";

/**
 * What a count holds, by the tracker's own names for its fields (the Events API's, shortened):
 * n the event's name, u the page's address, d the site's name in Plausible, r the referrer, p the
 * properties, v the tracker's version; on leaving a page, sd how far down it was read (per cent)
 * and e how long it was in view (ms).
 */
export const COUNT_FIELDS = ["n", "u", "d", "r", "p", "v", "sd", "e"] as const;

/**
 * What /privacy says of counting to `plausible`'s events address: Plausible's own service, or a
 * server of the owner's that runs Plausible Community Edition (any other host).
 */
export function countingPrivacy(plausible: NonNullable<SiteData["plausible"]>): PrivacyPart {
  const { endpoint } = plausible;
  const host = new URL(endpoint).host;
  const ownServer = host !== new URL(PLAUSIBLE_EVENTS).host;
  return {
    statements: countingStatements(endpoint, host, ownServer),
    script: "Plausible Analytics' script, which counts visits (below)",
    keeps: "the mark that leaves a browser out of the counts, if you set it (below)",
    sends: `Every page sends its counts to ${host}, as below.`,
    unreadBy: "Plausible's script",
  };
}

/** The "Counting visits" section: what the pages send to `host`, and what is done with it there. */
function countingStatements(
  endpoint: string,
  host: string,
  ownServer: boolean,
): PrivacyStatement<PrivacyClaim | CountingClaim>[] {
  const { call, text, estimate } = TAP_EVENTS;
  const where = ownServer
    ? `our own server at ${host}, which runs Plausible's software`
    : `Plausible Analytics, at ${host}`;
  return [
    {
      section: SECTION,
      words: [
        `To learn which pages bring calls and estimate requests, every page counts its visit with ${where}: once when the page is shown to you (not when your browser loads it ahead because you pointed at a link), again when you come back to it with your browser's Back or Forward button and the browser shows it from its memory, and each time you tap a phone number to call (${call}), a number to text (${text}) or a link to the estimate form (${estimate}).`,
      ],
      claim: {
        kind: "counts",
        endpoint,
        taps: [call, text, estimate],
        fields: COUNT_FIELDS,
        properties: TAP_PROPERTIES,
      },
    },
    {
      section: SECTION,
      words: [
        "Each count holds the page's address (with any campaign tags in it, such as ",
        { code: "utm_source" },
        `), the address of the page you came from, what was counted, our site's name in Plausible and the version of Plausible's script; a tap's count also holds the page's path and the town or service it is about. When you leave a page or switch away from it, your browser also sends how far down the page you read and how long it was in view.`,
      ],
      claim: { kind: "beyond-the-browser" },
    },
    {
      section: SECTION,
      words: [
        "No count holds a cookie, an identifier of you or your device, or anything you typed, and the site keeps nothing in your browser to count you.",
      ],
      claim: { kind: "no-storage-of-its-own" },
    },
    {
      section: SECTION,
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
    ownServer
      ? {
          section: SECTION,
          words: [
            `Our server at ${host} also receives your device's internet (IP) address and what your browser says it is (its user agent), as every web server does. Plausible's software on it uses them to work out your country (and your region and city, where its location database has them), your browser, operating system and kind of device; to leave out counts from known robots and from addresses we have blocked; and to count unique visitors for the day, with a code made from them, our site's name and a secret that changes every day. It stores the counts with that code, but not the address or the user agent.`,
          ],
          claim: { kind: "beyond-the-browser" },
        }
      : {
          section: SECTION,
          words: [
            `Plausible also receives your device's internet (IP) address and what your browser says it is (its user agent), as every web server does. It uses them to work out your country, region and city, your browser, operating system and kind of device; to leave out counts from known robots, from the addresses of data centres and from addresses we have blocked; and to count unique visitors for the day, with a code made from them, our site's name and a secret that changes every day. `,
            { href: PLAUSIBLE_DATA_POLICY, text: "Plausible's data policy" },
            ", which covers its own service at plausible.io, says it stores neither the address nor the user agent.",
          ],
          claim: { kind: "beyond-the-browser" },
        },
  ];
}
