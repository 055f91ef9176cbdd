// The service worker, /sw.js (browser/service-worker.ts): bundled with the offline page written into it,
// so that a new build with a new phone number or new hours is a new worker, which browsers install
// at the visitor's next visit online.
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Business } from "../data/model.ts";
import { LeadFormEmbed } from "../../templates/parts/LeadForm.tsx";
import { bundleBrowserScript, type KeptBundles } from "../lib/bundle.ts";
import { SCRIPTS_DIR } from "../lib/paths.ts";
import { ADMIN_PATH, CONTACT_PATH, FAVICON_PATH, HOME_PATH, SERVICE_AREA_MAP_PATH } from "../site/urls.ts";

const SERVICE_WORKER_SOURCE = path.join(SCRIPTS_DIR, "browser", "service-worker.ts");

/**
 * How long a page the visitor has kept may take to arrive before the kept copy is shown. A page
 * is one round trip of at most 14 KiB: on Lighthouse's slow 4G (150 ms, 1.6 Mbit/s) it arrives in
 * well under a second with the connection set up, and on 2G (about 300 ms and 250 kbit/s) in about
 * two. Longer than that is a signal too weak to wait for.
 */
export const NETWORK_TIMEOUT_MS = 3000;

/**
 * Kept from the first visit: the home page with the map picture it shows, and the contact page
 * with the phone and the form.
 */
export const KEEP_FROM_START = [HOME_PATH, SERVICE_AREA_MAP_PATH, CONTACT_PATH] as const;

/**
 * Addresses the worker never answers, left to the network. The site editor's folder (without its
 * slash, so that "/admin" is left alone too). And the site's icon (the drawn shovel's address; the
 * pipeline adds a feature's in its place): the browser keeps its own copy for the tab, and Firefox
 * fetches it for the tab rather than the page, so that when the tab moves on while a worker holds
 * the request, Firefox reports the cut-short request as an error on the page.
 */
export const LEFT_ALONE = [ADMIN_PATH.replace(/\/$/, ""), FAVICON_PATH] as const;

export interface ServiceWorkerInput {
  /** The offline page, rendered in the site's layout. */
  offlineHtml: string;
  /** The Content-Security-Policy it is sent with: the site's own. */
  offlinePolicy: string;
  /** The same, for a site served over plain HTTP (`npm start`, headers/csp.ts plainHttpPolicy). */
  offlinePlainHttpPolicy: string;
  /** The form provider's frame and helper, as the contact page embeds them. */
  business: Pick<Business, "leadForm">;
  /**
   * Files every page or the home page shows, kept from the first visit with the pages: those the
   * features that are on name (features/: the owner's logo, in every page's header, the offline
   * page's too), and the phone-size copy of the home page's photo.
   */
  keptFiles?: readonly string[];
  /**
   * More addresses left to the network and the browser's own cache: the tab's icon a feature gives
   * in place of the shovel, and the files the features that are on give (features/), such as the
   * counting script, cached for a year.
   */
  leftAlone?: readonly string[];
}

/** The frame and helper exactly as the contact page's HTML holds them. */
export function providerMarkup(business: Pick<Business, "leadForm">): string {
  return renderToStaticMarkup(createElement(LeadFormEmbed, { business }));
}

export function buildServiceWorker(
  { offlineHtml, offlinePolicy, offlinePlainHttpPolicy, business, keptFiles = [], leftAlone = [] }: ServiceWorkerInput,
  kept?: KeptBundles,
): Promise<string> {
  return bundleBrowserScript(SERVICE_WORKER_SOURCE, {
    strict: true,
    kept,
    define: {
      OFFLINE_HTML: JSON.stringify(offlineHtml),
      OFFLINE_POLICY: JSON.stringify(offlinePolicy),
      OFFLINE_PLAIN_HTTP_POLICY: JSON.stringify(offlinePlainHttpPolicy),
      KEEP_FROM_START: JSON.stringify([...KEEP_FROM_START, ...keptFiles]),
      LEFT_ALONE: JSON.stringify([...new Set<string>([...LEFT_ALONE, ...leftAlone])]),
      NETWORK_TIMEOUT_MS: String(NETWORK_TIMEOUT_MS),
      PROVIDER_MARKUP: JSON.stringify(providerMarkup(business)),
    },
  });
}
