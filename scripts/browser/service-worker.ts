// The service worker at /sw.js: after one visit, the site opens again with no network. Built by
// pages/service-worker.ts, which defines the constants below, and served from the site's root so that it
// sees every page.
//
// Network first, always: a visitor online gets the page as it is now, with today's phone number
// and the policy that matches its scripts. A copy of each page the visitor opens is kept (with the
// headers it came with), and it is shown only when the network fails, or when a page that has a
// copy takes longer than NETWORK_TIMEOUT_MS to arrive (one bar of signal); the page that arrives
// after that replaces the copy for next time. A page with no copy, with no network, gets the
// offline page: the phone number, the number for texts and the hours. The home and contact pages
// are kept from the first visit. A new build's worker fetches every kept page again as it
// installs, so that no copy outlives a change of phone number for longer than one visit online.
// The site editor, the icon (the browser keeps its own), other origins (the lead form), and
// anything but GET are left to the network; a kept copy of the contact page is shown without the
// form's frame.

/** The offline page: the site's layout, with how to reach the business. */
declare const OFFLINE_HTML: string;
/** The Content-Security-Policy the offline page is sent with: the site's own. */
declare const OFFLINE_POLICY: string;
/** The same for a site on plain HTTP (the local server), as the local server sends it. */
declare const OFFLINE_PLAIN_HTTP_POLICY: string;
/**
 * Pages (and the home page's map picture, the logo and the phone-size copy of the home page's photo)
 * kept from the first visit, whether or not the visitor opens them.
 */
declare const KEEP_FROM_START: string[];
/** Paths whose requests the worker never answers: the site editor's, and the site's icon. */
declare const LEFT_ALONE: string[];
/**
 * The form provider's frame and helper script, as the contact page embeds them: a kept copy shown
 * in place of the network's page goes without them, so that no browser error fills the frame.
 */
declare const PROVIDER_MARKUP: string;
/** How long a page that has a copy may take before the copy is shown. */
declare const NETWORK_TIMEOUT_MS: number;

// The service worker's own types (the project type-checks against the DOM library, whose names
// clash with the web worker library's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly { url: string }[]>;
  };
  readonly registration: { readonly navigationPreload?: { enable(): Promise<void> } };
}
const scope = self as unknown as ServiceWorkerScope;

/** One cache for every build: a page kept by an earlier build's worker is still worth showing offline. */
const CACHE = "pages";

/** The key a request is kept under, or undefined when the worker leaves it alone. */
function keyFor(address: string): string | undefined {
  const url = new URL(address);
  if (url.origin !== location.origin) return undefined;
  if (LEFT_ALONE.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) return undefined;
  return `${url.origin}${url.pathname}${url.search}`;
}

/** A page's key: its address without the query (`?utm_source=card` opens the same page). */
const pageKeyFor = (address: string) => keyFor(address)?.replace(/\?.*$/, "");

/** Only a whole answer of our own is kept: not a redirect, an error, or a page not found. */
const worthKeeping = (response: Response) => response.ok && response.type === "basic" && !response.redirected;

async function keep(key: string, response: Response): Promise<void> {
  if (worthKeeping(response)) await (await caches.open(CACHE)).put(key, response);
}

function offlinePage(): Response {
  // Sent as 200: a 503 would only add an error to the console of a page that is working as meant.
  return new Response(OFFLINE_HTML, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": location.protocol === "http:" ? OFFLINE_PLAIN_HTTP_POLICY : OFFLINE_POLICY,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * The home and contact pages (and the home page's map picture), which must be fetched for the worker to install (it tries again at
 * the next visit otherwise), then every page already kept and every page open in a tab: fetched
 * again, so that none keeps a number or a policy of an earlier build. A page that cannot be
 * fetched now is kept as it was.
 */
async function fetchKeptPages(): Promise<void> {
  const cache = await caches.open(CACHE);
  const fresh = (address: string) => fetch(address, { cache: "no-cache" });
  const first = await Promise.all(KEEP_FROM_START.map(fresh));
  if (!first.every(worthKeeping)) throw new Error("The home and contact pages could not be fetched");
  await Promise.all(
    first.map((response, index) => cache.put(new URL(KEEP_FROM_START[index]!, location.href).href, response)),
  );
  const open = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
  const others = new Set(
    [...(await cache.keys()).map((request) => keyFor(request.url)), ...open.map((client) => pageKeyFor(client.url))]
      .filter((key): key is string => key !== undefined)
      .filter((key) => !KEEP_FROM_START.some((path) => key === new URL(path, location.href).href)),
  );
  await Promise.allSettled([...others].map(async (key) => keep(key, await fresh(key))));
}

addEventListener("install", (event) => {
  (event as ExtendableEvent).waitUntil(fetchKeptPages().then(() => scope.skipWaiting()));
});

addEventListener("activate", (event) => {
  (event as ExtendableEvent).waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      // The page's request starts while the worker starts, rather than after it.
      await scope.registration.navigationPreload?.enable();
      // The pages open now (the visit that installed the worker) work offline from here on.
      await scope.clients.claim();
    })(),
  );
});

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A kept copy, as it is shown: without the form provider's frame and helper. The network did not
 * bring the page, so it would not bring the form either, and the frame would show the browser's
 * error; the page's note above it gives the phone number instead.
 */
async function shownCopy(copy: Response): Promise<Response> {
  const html = await copy.text();
  const { status, statusText, headers } = copy;
  return new Response(html.replace(PROVIDER_MARKUP, ""), { status, statusText, headers });
}

async function openPage(event: FetchEvent, key: string): Promise<Response> {
  const network = (async () => {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    if (worthKeeping(response)) event.waitUntil(keep(key, response.clone()));
    return response;
  })();
  // The page's answer is kept even when the copy is shown first.
  event.waitUntil(network.catch(() => undefined));
  const kept = await caches.match(key, { cacheName: CACHE });
  if (!kept) return network.catch(offlinePage);
  const copy = () => shownCopy(kept);
  return Promise.race([network, wait(NETWORK_TIMEOUT_MS).then(copy)]).catch(copy);
}

async function openFile(event: FetchEvent, key: string): Promise<Response> {
  try {
    const response = await fetch(event.request);
    if (worthKeeping(response)) event.waitUntil(keep(key, response.clone()));
    return response;
  } catch (error) {
    const copy = await caches.match(key, { cacheName: CACHE });
    if (copy) return copy;
    throw error;
  }
}

addEventListener("fetch", (listened) => {
  const event = listened as FetchEvent;
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    const key = pageKeyFor(request.url);
    if (key !== undefined) event.respondWith(openPage(event, key));
    return;
  }
  // Photos, preview images, the map picture: kept as the pages that show them are opened.
  const key = keyFor(request.url);
  if (key !== undefined) event.respondWith(openFile(event, key));
});
