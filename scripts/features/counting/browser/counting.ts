// Counting, in the pages of a site whose site.yaml names a Plausible site (pages/assets.ts builds
// this script only then): Plausible's own tracker (@plausible-analytics/tracker), bundled here and
// served from the site itself, so no other site's script is ever loaded. The pages' own script,
// with the loader (browser/counting-loader.ts), loads it once the page has painted. It sends a page
// view for each page shown (not for a page loaded ahead and never opened: the tracker waits until
// the page is visible), and an event for each tap on a tel: link (Call), an sms: link (Text) and a
// link to the estimate form (Estimate), with the page's path and the town or service it is about.
// The tracker sends with fetch's keepalive, so an event leaves even as the browser follows the
// link, and a failure to send is dropped: nothing waits for it. It counts nothing on 127.0.0.1 and
// localhost (the local servers), in a browser driven by automation, or where
// localStorage.plausible_ignore is "true" (how the owner leaves out his own devices: a page opened
// at #not-counted sets it).
import { init, track } from "@plausible-analytics/tracker";

/** site.yaml's plausible.domain and plausible.endpoint, defined by the build. */
declare const PLAUSIBLE_DOMAIN: string;
declare const PLAUSIBLE_ENDPOINT: string;
/** The events' names (../terms.ts, TAP_EVENTS), defined by the build. */
declare const TAP_EVENTS: { call: string; text: string; estimate: string };
/** The estimate form's page and the home page's contact section (../terms.ts, ESTIMATE_LINKS), defined by the build. */
declare const ESTIMATE_LINKS: { page: string; section: string };

/** The owner's switch for a device of his own (../terms.ts, LEAVE_OUT), defined by the build. */
declare const LEAVE_OUT: { out: string; in: string; key: string };

/** What the page is about: its town or its service, from the <body>'s data- attributes (../terms.ts). */
const { town, service } = document.body.dataset;
const about = { ...(town ? { town } : {}), ...(service ? { service } : {}) };

// Before the tracker starts, so that the page that sets it is not counted either.
if (location.hash === LEAVE_OUT.out || location.hash === LEAVE_OUT.in) {
  const leave = location.hash === LEAVE_OUT.out;
  if (leave) localStorage.setItem(LEAVE_OUT.key, "true");
  else localStorage.removeItem(LEAVE_OUT.key);
  history.replaceState(null, "", location.pathname + location.search);
  alert(leave ? "This browser is no longer counted in the site's visits." : "This browser is counted again.");
}

// The pages' own script loads this one once the page has painted (counting-loader.ts): the tracker
// counts the view now, or, for a page not yet shown, when it is.
init({ domain: PLAUSIBLE_DOMAIN, endpoint: PLAUSIBLE_ENDPOINT, logging: false });

function eventOf(link: HTMLAnchorElement): string | undefined {
  if (link.protocol === "tel:") return TAP_EVENTS.call;
  if (link.protocol === "sms:") return TAP_EVENTS.text;
  if (link.origin !== location.origin) return undefined;
  if (link.pathname === ESTIMATE_LINKS.page || `${link.pathname}${link.hash}` === ESTIMATE_LINKS.section)
    return TAP_EVENTS.estimate;
  return undefined;
}

// Capturing, so that the event is on its way before anything else handles the tap.
addEventListener(
  "click",
  (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    const name = link instanceof HTMLAnchorElement ? eventOf(link) : undefined;
    if (name) track(name, { props: { page: location.pathname, ...about } });
  },
  { capture: true },
);
