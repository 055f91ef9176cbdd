// Counting in tests: the site's data with site.yaml's plausible set, pointing at a stand-in for
// Plausible's Events API, and that stand-in, written from Plausible's documentation
// (https://plausible.io/docs/events-api): POST /api/event, a JSON body with the event's name, the
// page's URL and the site's domain (the tracker sends them as n, u and d, as text/plain so that no
// preflight is needed; the API takes application/json too), optional referrer and props (at most
// 30, each a string), answered with 202 Accepted; anything else with 400, or 405 for another method.
// It never leaves the machine: each engine's harness answers for its host (support/browser.ts,
// firefox.ts, webkit.ts).
//
// The tracker counts nothing on 127.0.0.1 or localhost, and nothing in a browser that says it is
// driven by automation (navigator.webdriver). So the pages are opened at a name of their own,
// SITE_HOST, which each harness maps to the test's server, and each engine is made to look like a
// visitor's: Chromium by its own switch, Firefox (whose ESR 153 has none) by a script run before
// the page's that says navigator.webdriver is false, WebKit by the tracker's own flag for it,
// window.__plausible.
import { appendFile, mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { TAP_EVENTS } from "../../scripts/site/counting.ts";
import { COUNT_FIELDS } from "../../scripts/site/privacy.ts";
import { DATA_DIR } from "./paths.ts";
import { COPY_FILES_DATED, copyData } from "./data-copy.ts";

/** Where the test builds send their counts: answered by the stand-in, never by anyone else. */
export const STAND_IN_EVENTS = "https://plausible.test/api/event";

/** The site's name in Plausible, as the test builds give it. */
export const COUNTED_DOMAIN = "centralillinoisexcavating.com";

/** The name the pages are opened at in counting tests: not a loopback address, which the tracker ignores. */
export const SITE_HOST = "site.test";

/** The address of `url`'s page at SITE_HOST: http://127.0.0.1:4321/towns → http://site.test:4321/towns. */
export function atSiteHost(url: string): string {
  const parsed = new URL(url);
  parsed.hostname = SITE_HOST;
  return parsed.href.replace(/\/$/, "");
}

/** A copy of `from` (the shipped data by default) whose pages count, to `endpoint`. */
export async function countingData(from: string = DATA_DIR, endpoint: string = STAND_IN_EVENTS): Promise<string> {
  const dir = await copyData(from);
  const site = path.join(dir, "site.yaml");
  await appendFile(site, `plausible:\n  domain: ${COUNTED_DOMAIN}\n  endpoint: ${endpoint}\n`);
  // Dated as the copy's other files: the sitemap's dates are the data's (data-copy.ts).
  await utimes(site, COPY_FILES_DATED, COPY_FILES_DATED);
  return dir;
}

/** One count as the stand-in received it. */
export interface CountedEvent {
  name: string;
  url: string;
  /** The page's path, from its URL. */
  path: string;
  domain: string;
  referrer: string | null;
  props: Record<string, string>;
  /** Every field of the body, as sent. */
  fields: string[];
  contentType: string;
  /** The Cookie header it came with, if any. */
  cookie?: string;
}

/** What the stand-in was asked: method, headers it reads, and the body's text. */
export interface EventsRequest {
  method: string;
  contentType: string;
  cookie?: string;
  body: string;
}

/** The headers the stand-in answers with: the API is called from the site's pages, another origin. */
export const EVENTS_API_HEADERS = { "access-control-allow-origin": "*", "content-type": "application/json" } as const;

const field = (body: Record<string, unknown>, long: string, short: string) => body[long] ?? body[short];

/** The stand-in's answer to one request, and the event it recorded, if the request was one. */
export function eventsApiAnswer(request: EventsRequest): { status: number; body: string; event?: CountedEvent } {
  if (request.method === "OPTIONS") return { status: 204, body: "" };
  if (request.method !== "POST") return { status: 405, body: '{"error":"POST only"}' };
  if (!/^(?:application\/json|text\/plain)\b/.test(request.contentType))
    return { status: 400, body: '{"error":"a JSON body"}' };
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(request.body) as Record<string, unknown>;
  } catch {
    return { status: 400, body: '{"error":"a JSON body"}' };
  }
  const [name, url, domain] = [field(body, "name", "n"), field(body, "url", "u"), field(body, "domain", "d")];
  const referrer = field(body, "referrer", "r") ?? null;
  const props = field(body, "props", "p") ?? {};
  const propsValid =
    typeof props === "object" &&
    props !== null &&
    Object.keys(props).length <= 30 &&
    Object.entries(props).every(
      ([key, value]) => key.length <= 300 && typeof value === "string" && value.length <= 2000,
    );
  if (
    typeof name !== "string" ||
    typeof url !== "string" ||
    !URL.canParse(url) ||
    typeof domain !== "string" ||
    (referrer !== null && typeof referrer !== "string") ||
    !propsValid
  )
    return { status: 400, body: '{"error":"name, url and domain, and string props"}' };
  return {
    status: 202,
    body: "{}",
    event: {
      name,
      url,
      path: new URL(url).pathname,
      domain,
      referrer: referrer as string | null,
      props: props as Record<string, string>,
      fields: Object.keys(body),
      contentType: request.contentType,
      ...(request.cookie ? { cookie: request.cookie } : {}),
    },
  };
}

/** The page views among `events`, by path, in order. */
export const pageViews = (events: readonly CountedEvent[]) =>
  events.filter((event) => event.name === "pageview").map((event) => event.path);

/** The taps among `events`: name, page and what it was about. */
export const taps = (events: readonly CountedEvent[]) =>
  events
    .filter((event) => event.name !== "pageview" && event.name !== "engagement")
    .map((event) => ({ name: event.name, ...event.props }));

/**
 * What the stand-in must have received for the visit each engine makes: the home page, Paris's
 * page (a Call there), the septic service's page (a Text and an Estimate there), then the contact
 * page; each count for the site's name, as text/plain, with no cookie and only the fields /privacy
 * names. Written to COUNTING_EVENTS_OUT/<engine>.json when that names a folder, for a report.
 */
export async function expectThreePageVisit(events: readonly CountedEvent[], septic: string, engine: string) {
  const out = process.env.COUNTING_EVENTS_OUT;
  if (out) {
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, `${engine}.json`), `${JSON.stringify(events, null, 2)}\n`);
  }
  expect(pageViews(events)).toEqual(["/", "/towns/paris", "/services/septic-system", "/contact"]);
  expect(taps(events)).toEqual([
    { name: TAP_EVENTS.call, page: "/towns/paris", town: "Paris" },
    { name: TAP_EVENTS.text, page: "/services/septic-system", service: septic },
    { name: TAP_EVENTS.estimate, page: "/services/septic-system", service: septic },
  ]);
  for (const event of events) {
    expect(event.domain).toBe(COUNTED_DOMAIN);
    expect(event.contentType).toMatch(/^text\/plain/);
    expect(event.cookie).toBeUndefined();
    expect(COUNT_FIELDS).toEqual(expect.arrayContaining(event.fields));
  }
}
