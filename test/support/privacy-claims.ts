// /privacy's statements (scripts/site/privacy.ts) held to what a browser observes, in any engine:
// `privacyState` reads a page's cookies, storage, Cache Storage and requests in the page itself;
// `privacyViolations` compares a visit's observations with the claims, both ways: each claim must
// be seen to hold (and what it says is kept, or loaded, must be seen), and nothing may be seen that
// no claim allows. The claims are the page's own (site/privacy.ts) and those of each feature's
// statements (features/), which this file checks too: a claim of a kind no check here reads is a
// problem of its own. `pageStatements` gives /privacy's list as the page shows it, the features'
// statements with it.
import type { SiteModel } from "../../scripts/data/model.ts";
import { siteParts } from "../../scripts/features/index.ts";
import type { CountingClaim } from "../../scripts/features/counting/privacy.ts";
import {
  privacyStatements,
  type CopyKind,
  type PrivacyClaim,
  type PrivacyStatement,
} from "../../scripts/site/privacy.ts";
import { NOT_FOUND_PROBE } from "./pages.ts";
import type { CountedEvent } from "./plausible.ts";

/** /privacy's statements for a build of `model`: the page's own, with what the features that are on add. */
export async function pageStatements(model: SiteModel): Promise<PrivacyStatement[]> {
  const { privacy } = await siteParts({ model, today: new Date() });
  return privacyStatements(model.privacy.facts, privacy);
}

/** What a page shows of privacy: read in the page, by a self-contained page function. */
export interface PrivacyState {
  cookie: string;
  local: string[];
  session: number;
  /** IndexedDB databases; null where the engine cannot list them. */
  databases: number | null;
  /** Cache Storage's entries, each with the kind its Content-Type says ("page", "picture" or the type). */
  kept: { cache: string; url: string; kind: string }[];
  /** Every address the page requested: itself, and each resource in its timeline. */
  requested: string[];
  /** Whether the site's worker is active. */
  worker: boolean;
}

/** Reads the page's PrivacyState. Runs in the browser: only its own source reaches it. */
export async function privacyState(): Promise<PrivacyState> {
  const kindOf = (type: string) =>
    type.startsWith("text/html") ? "page" : type.startsWith("image/") ? "picture" : type || "no type";
  const kept: { cache: string; url: string; kind: string }[] = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      kept.push({ cache: name, url: request.url, kind: kindOf(response?.headers.get("content-type") ?? "") });
    }
  }
  const worker = await Promise.race([
    navigator.serviceWorker.ready.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
  ]);
  const listing = (indexedDB as { databases?: () => Promise<unknown[]> }).databases;
  return {
    cookie: document.cookie,
    local: Object.keys(localStorage).sort(),
    session: sessionStorage.length,
    databases: listing ? (await listing.call(indexedDB)).length : null,
    kept,
    requested: [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)],
    worker,
  };
}

export interface PrivacyObservations {
  siteOrigin: string;
  /** The pages visited, in order, each with its state once loaded. */
  visits: { path: string; state: PrivacyState }[];
  /** Requests seen outside the pages' own timelines (a prerender, a frame), with the page open then. */
  otherRequests?: { page: string; url: string }[];
  /** The links the browser would prerender (run ahead) when the visitor points at them, where the driver can tell. */
  prerendered?: string[];
  /** The engine's cookie jar, where the driver can read it. */
  engineCookies?: string[];
  /** Whether the engine lets the worker see the pages' navigations (Firefox under WebDriver BiDi does not). */
  workerSeesNavigations: boolean;
  /** localStorage's keys once the form was sent, where the test sent it. */
  keysAfterSending?: string[];
  /** What the form said the provider's script told it, for a visit to `address` from `from`. */
  formWasTold?: { address: string; from: string; told: { address: string; referrer: string } };
  /** Whether a copy was replaced by what the network brought when its page was opened again. */
  copyReplaced?: boolean;
  /** Whether a copy of a page not open was replaced when a new version of the site's worker installed. */
  copiesRefreshed?: boolean;
  /** What the stand-in for Plausible received during the visits, where the site counts (support/plausible.ts). */
  counted?: CountedEvent[];
  /** localStorage's keys after a page was opened at the address that leaves the browser out, and again at the one that counts it; and the views counted in between. */
  leftOut?: { keysAfterOut: string[]; keysAfterIn: string[]; viewsWhileOut: number };
}

/** Every claim a check below reads: the page's own, and the features'. */
type CheckedClaim = PrivacyClaim | CountingClaim;

/** Each kind of claim, and whether a check below observes it in the browser or it is said of no browser. */
const CHECKED: Record<CheckedClaim["kind"], "observed" | "not in a browser"> = {
  "no-cookies": "observed",
  "no-storage-of-its-own": "observed",
  copies: "observed",
  "copy-replaced-on-open": "observed",
  "copies-refreshed": "observed",
  "off-site-only-from": "observed",
  "provider-keeps": "observed",
  "provider-is-told": "observed",
  counts: "observed",
  "leave-out": "observed",
  // test/privacy.test.ts reads every script the build sends.
  "do-not-track-unread": "not in a browser",
  // check-deploy holds the host's name to the server (test/check-deploy.test.ts).
  "served-by": "not in a browser",
  // test/privacy-date.test.ts.
  "changes-dated": "not in a browser",
  "beyond-the-browser": "not in a browser",
};

const claimsOf = <K extends CheckedClaim["kind"]>(statements: readonly PrivacyStatement[], kind: K) =>
  statements
    .map((statement) => statement.claim)
    .filter((claim): claim is Extract<CheckedClaim, { kind: K }> => claim.kind === kind);

/** Every disagreement between the statements and the observations; none when the page is true. */
export function privacyViolations(statements: readonly PrivacyStatement[], seen: PrivacyObservations): string[] {
  const problems: string[] = [];
  const { siteOrigin, visits } = seen;
  for (const { claim } of statements)
    if (!Object.hasOwn(CHECKED, claim.kind)) problems.push(`a statement claims ${claim.kind}, which no check reads`);
  const contactIndex = (page: string) => visits.findIndex((visit) => visit.path === page);

  // Cookies: no statement allows one.
  if (claimsOf(statements, "no-cookies").length === 0) problems.push("no statement says whether the site sets cookies");
  for (const { path, state } of visits) if (state.cookie !== "") problems.push(`${path}: a cookie: ${state.cookie}`);
  for (const cookie of seen.engineCookies ?? []) problems.push(`the browser holds a cookie: ${cookie}`);

  // Storage: the site's own code writes none; the provider's helper writes what its claim names, from the form's page on.
  const ownStorage = claimsOf(statements, "no-storage-of-its-own").length > 0;
  const provider = claimsOf(statements, "provider-keeps");
  const offSite = claimsOf(statements, "off-site-only-from");
  const formPage = offSite[0]?.page;
  const onVisit = new Set(provider.flatMap((claim) => claim.onVisit));
  if (!ownStorage) problems.push("no statement says what the site keeps in the browser's storage");
  visits.forEach(({ path, state }, index) => {
    const afterForm = formPage !== undefined && contactIndex(formPage) !== -1 && index >= contactIndex(formPage);
    const allowed = afterForm ? onVisit : new Set<string>();
    for (const key of state.local)
      if (!allowed.has(key)) problems.push(`${path}: localStorage holds ${key}, which no statement names`);
    if (state.session !== 0) problems.push(`${path}: sessionStorage holds ${state.session} items`);
    if (state.databases !== null && state.databases !== 0)
      problems.push(`${path}: ${state.databases} IndexedDB databases`);
    if (path === formPage)
      for (const key of onVisit)
        if (!state.local.includes(key))
          problems.push(`${path}: the provider's ${key} was not kept, as the page says it is`);
  });
  if (seen.keysAfterSending) {
    const named = new Set([...onVisit, ...provider.flatMap((claim) => claim.onSending)]);
    const others = seen.keysAfterSending.filter((key) => !named.has(key));
    const accountKeys = provider.reduce((sum, claim) => sum + claim.accountKeys, 0);
    for (const key of named)
      if (!seen.keysAfterSending.includes(key))
        problems.push(`once the form is sent, ${key} was not kept, as the page says it is`);
    if (others.length !== accountKeys)
      problems.push(
        `once the form is sent, ${others.length} keys the page does not name (${others.join(", ")}), where it says ${accountKeys}`,
      );
  }

  // Copies: only of the kinds the page names, on the site's own origin; each kind named is seen.
  const copies = claimsOf(statements, "copies");
  const kinds = new Set<string>(copies.flatMap((claim) => claim.of));
  const last = visits.at(-1)?.state;
  const keptKinds = new Set<string>();
  for (const { path, state } of visits)
    for (const entry of state.kept) {
      keptKinds.add(entry.kind);
      if (!kinds.has(entry.kind))
        problems.push(`${path}: a copy of ${entry.url}, a ${entry.kind}, which no statement names`);
      if (!entry.url.startsWith(`${siteOrigin}/`) || entry.url.includes("?"))
        problems.push(`${path}: a copy of ${entry.url}, not an address of the site`);
    }
  if (visits.length > 0)
    for (const kind of kinds)
      if (!keptKinds.has(kind as CopyKind)) problems.push(`no copy of a ${kind} was kept, as the page says`);
  if (last?.worker) {
    const keptUrls = new Set(last.kept.map((entry) => entry.url));
    for (const page of copies.flatMap((claim) => claim.fromStart))
      if (!keptUrls.has(new URL(page, siteOrigin).href)) problems.push(`${page} was not kept from the first visit`);
    if (seen.workerSeesNavigations)
      for (const { path } of visits)
        if (path !== NOT_FOUND_PROBE && !keptUrls.has(new URL(path, siteOrigin).href))
          problems.push(`${path} was opened, and no copy of it was kept`);
  } else if (visits.length > 0) problems.push("the site's worker never became active");
  if (claimsOf(statements, "copy-replaced-on-open").length > 0 && seen.copyReplaced === false)
    problems.push("a page opened again did not replace its copy");
  const refreshed = claimsOf(statements, "copies-refreshed").length > 0;
  if (refreshed && seen.copiesRefreshed === false)
    problems.push(
      "a new version of the site's worker left a kept copy as it was, where the page says it fetches each again",
    );
  if (!refreshed && seen.copiesRefreshed === true)
    problems.push("a new version of the site's worker fetched the kept copies again, which no statement says");

  // Requests: off the site only from the page the claims name, only to its hosts, and each host is asked.
  const requests = [
    ...visits.flatMap(({ path, state }) => state.requested.map((url) => ({ page: path, url }))),
    ...(seen.otherRequests ?? []),
  ].filter(({ url }) => /^https?:/.test(url) && new URL(url).origin !== siteOrigin);
  const counts = claimsOf(statements, "counts");
  const toCounts = (url: string) => counts.some((claim) => url === claim.endpoint);
  for (const { page, url } of requests) {
    const allowed =
      toCounts(url) || offSite.some((claim) => claim.page === page && claim.hosts.includes(new URL(url).host));
    if (!allowed) problems.push(`${page}: a request to ${url}, which no statement allows`);
  }
  problems.push(...countingViolations(statements, seen));
  // The form's page run ahead of a tap would run the provider's frame and script.
  for (const url of seen.prerendered ?? [])
    if (offSite.some((claim) => new URL(url).pathname === claim.page))
      problems.push(
        `${url} would be prerendered when pointed at: its provider would hear of a visitor who never opened it`,
      );
  for (const claim of offSite)
    if (contactIndex(claim.page) !== -1)
      for (const host of claim.hosts)
        if (!requests.some(({ page, url }) => page === claim.page && new URL(url).host === host))
          problems.push(`${claim.page} asked nothing of ${host}, which the page says it loads the form from`);

  // What the provider's script tells the form.
  for (const claim of claimsOf(statements, "provider-is-told")) {
    if (!seen.formWasTold) continue;
    const { address, from, told } = seen.formWasTold;
    if (claim.what.includes("address") && new URL(told.address).pathname !== new URL(address).pathname)
      problems.push(`the form was told ${told.address}, not the page's address ${address}`);
    if (claim.what.includes("campaign tags") && new URL(told.address).search !== new URL(address).search)
      problems.push(`the form was told ${told.address}, without the campaign tags of ${address}`);
    if (claim.what.includes("referrer") && told.referrer !== from)
      problems.push(`the form was told it came from ${told.referrer}, not ${from}`);
  }
  return problems;
}

/** The counts seen, against the claim of what the pages send: each event, field and property named, a view of each page visited. */
function countingViolations(statements: readonly PrivacyStatement[], seen: PrivacyObservations): string[] {
  const problems: string[] = [];
  const counted = seen.counted ?? [];
  const [claim] = claimsOf(statements, "counts");
  if (!claim) {
    if (counted.length > 0) problems.push(`${counted.length} counts were sent, and no statement says the site counts`);
    return problems;
  }
  for (const leave of claimsOf(statements, "leave-out")) {
    if (!seen.leftOut) continue;
    const { keysAfterOut, keysAfterIn, viewsWhileOut } = seen.leftOut;
    if (JSON.stringify(keysAfterOut) !== JSON.stringify([leave.key]))
      problems.push(
        `a page opened at ${leave.out} left ${keysAfterOut.join(", ") || "nothing"} in localStorage, not ${leave.key}`,
      );
    if (viewsWhileOut !== 0) problems.push(`${viewsWhileOut} views were counted while the browser was left out`);
    if (keysAfterIn.length !== 0)
      problems.push(`a page opened at ${leave.in} left ${keysAfterIn.join(", ")} in localStorage`);
  }
  if (seen.counted === undefined || seen.leftOut) return problems;
  const named = new Set(["pageview", "engagement", ...claim.taps]);
  for (const event of counted) {
    if (!named.has(event.name)) problems.push(`${event.path}: a count named ${event.name}, which no statement names`);
    for (const key of event.fields)
      if (!claim.fields.includes(key))
        problems.push(`${event.path}: a ${event.name} count holds ${key}, which no statement names`);
    for (const key of Object.keys(event.props))
      if (!claim.properties.includes(key))
        problems.push(`${event.path}: a ${event.name} count gives ${key}, which no statement names`);
    if (event.cookie) problems.push(`${event.path}: a count was sent with a cookie`);
  }
  const views = counted.filter((event) => event.name === "pageview").map((event) => event.path);
  const visited = seen.visits.map((visit) => new URL(visit.path, seen.siteOrigin).pathname);
  if (JSON.stringify(views) !== JSON.stringify(visited))
    problems.push(`the pages shown were ${visited.join(", ")}, and the views counted ${views.join(", ") || "none"}`);
  return problems;
}
