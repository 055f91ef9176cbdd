// Counting in tests: the site's data with site.yaml's plausible set, pointing at a stand-in for
// Plausible's Events API, and that stand-in (`eventsApiAnswer`), which answers as Plausible's own
// server does. It follows the source of plausible/analytics (read 2026-11-28):
// lib/plausible_web/controllers/api/external_controller.ex (202 "ok" for a request taken, with
// x-plausible-dropped: <n> when events were dropped, and 400 with the errors for one refused),
// lib/plausible/ingestion/request.ex (the body read as JSON whatever its content type; n or name,
// u or url, d or domain, r or referrer, p or props or m or meta; a name of at most 120 characters, an
// address of at most 2,000 bytes and not data:, a domain list split at commas with "www." taken off;
// props with lists, objects and blank values left out, every other value turned into text, the
// first 30 kept, and refused when a key passes 300 bytes or a value 2,000; an engagement needs sd or
// e), lib/plausible/site/gate_keeper.ex (a site not there, or whose plan stopped taking traffic, is
// dropped: accept_traffic_until, 14 days after a trial ends and 30 after an unpaid bill date,
// lib/plausible/teams.ex), and lib/plausible/ingestion/event.ex with lib/plausible/shields.ex (the
// Shields' hostname allow-list: when the site has one, a count from any other hostname, "www."
// taken off, is dropped; "*" matches any characters). What it leaves out: the screening of bots by
// user agent and of data centres' addresses (the tests' browsers would be screened), spam
// referrers, IP and country Shields, and the session an engagement needs. The tracker sends n, u,
// d as text/plain, so that no preflight is needed.
//
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
import { TAP_EVENTS } from "../../scripts/features/counting/terms.ts";
import { COUNT_FIELDS } from "../../scripts/features/counting/privacy.ts";
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
  /** The page's hostname, "www." taken off, as Plausible records it. */
  hostname: string;
  domain: string;
  referrer: string | null;
  /** The properties as Plausible keeps them: each a string, at most 30. */
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

/** The site in the stand-in's Plausible: its name, and its settings that drop counts. */
export interface StandInSite {
  domain: string;
  /**
   * Site Settings, Shields, Hostnames: when there are any, a count from any other hostname is
   * dropped ("*" matches any characters, "www." is taken off the count's hostname first).
   */
  allowedHostnames?: readonly string[];
  /** The day (UTC) after which the plan takes no more counts: the team's accept_traffic_until. */
  acceptTrafficUntil?: string;
}

/** Why the stand-in dropped a count, by Plausible's own names (event.ex, gate_keeper.ex). */
type DropReason = "not_found" | "payment_required" | "site_hostname_allowlist";

/** The stand-in's answer to one request: status, headers and body, the count kept and those dropped. */
export interface EventsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  event?: CountedEvent;
  dropped?: { event: CountedEvent; reason: DropReason }[];
}

/** The headers of every answer: the API is called from the site's pages, another origin. */
const CORS = { "access-control-allow-origin": "*" } as const;

/** Plausible's limits (request.ex, lib/plausible/props.ex). */
const MAX_URL_BYTES = 2000;
const MAX_NAME_LENGTH = 120;
const MAX_PROPS = 30;
const MAX_PROP_KEY_BYTES = 300;
const MAX_PROP_VALUE_BYTES = 2000;

const bytes = (text: string) => Buffer.byteLength(text);

const refused = (errors: Record<string, string[]>): EventsAnswer => ({
  status: 400,
  headers: { ...CORS, "content-type": "application/json" },
  body: JSON.stringify({ errors }),
});

/** Plausible's sanitize_hostname: trimmed, "www." taken off the front. */
const sanitizedHost = (host: string) => host.trim().replace(/^www\./, "");

/**
 * A value as Plausible keeps it (filter_bad_props: to_string): text as it is, true and false as
 * words, a whole number as its digits (as the JSON wrote them), any other number with a decimal
 * point (Elixir may write a large or small one with an exponent, 1.0e3, where this writes 1000.0);
 * undefined for one Plausible leaves out: a list, an object, or a value blank at its start.
 */
function propValue(value: unknown, source: string | undefined): string | undefined {
  if (value === null || typeof value === "object") return undefined;
  let text: string;
  if (typeof value === "number") {
    const written = source ?? String(value);
    text = /[.eE]/.test(written) ? (Number.isInteger(value) ? `${value}.0` : String(value)) : written;
  } else text = String(value);
  return text.trimStart() === "" ? undefined : text;
}

/** The body as JSON, each number's own text kept for propValue. */
function parseBody(text: string): { body: Record<string, unknown>; numbers: Map<unknown, string> } | undefined {
  const numbers = new Map<unknown, string>();
  const reviver = (_key: string, value: unknown, context?: { source?: string }) => {
    if (typeof value === "number" && context?.source) numbers.set(value, context.source);
    return value;
  };
  try {
    const body = (JSON.parse as (text: string, reviver: unknown) => unknown)(text, reviver);
    return typeof body === "object" && body !== null && !Array.isArray(body)
      ? { body: body as Record<string, unknown>, numbers }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The props as put_props keeps them: a JSON text read first, bad ones left out, 30 at most. */
function keptProps(raw: unknown, numbers: Map<unknown, string>): Record<string, string> {
  if (typeof raw === "string") {
    const inner = parseBody(raw);
    return inner ? keptProps(inner.body, inner.numbers) : {};
  }
  const props = raw;
  if (typeof props !== "object" || props === null || Array.isArray(props)) return {};
  const kept: [string, string][] = [];
  for (const [key, value] of Object.entries(props)) {
    const text = propValue(value, numbers.get(value));
    if (text !== undefined && key.trimStart() !== "") kept.push([key, text]);
  }
  // Elixir reads a JSON object of up to 32 keys in key order and put_props turns the list round:
  // the 30 it keeps are the last 30 by key (beyond 32 keys, the map's own order decides).
  kept.sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
  return Object.fromEntries(kept.slice(0, MAX_PROPS));
}

/** Whether a count from `hostname` passes the site's hostname allow-list (hostname_rule.ex, shields.ex). */
function hostnameAllowed(site: StandInSite, hostname: string): boolean {
  const rules = site.allowedHostnames ?? [];
  if (rules.length === 0) return true;
  return rules.some((rule) => {
    const pattern = rule.replace(/[.*+?^${}()|[\]\\]/g, (character) => (character === "*" ? ".*" : `\\${character}`));
    return new RegExp(`^${pattern}$`).test(hostname);
  });
}

/**
 * The stand-in's answer to one request to the Events API, for `site` (the counting tests' own by
 * default), on the day of `now`.
 */
export function eventsApiAnswer(
  request: EventsRequest,
  site: StandInSite = { domain: COUNTED_DOMAIN },
  now: Date = new Date(),
): EventsAnswer {
  if (request.method === "OPTIONS")
    return {
      status: 204,
      headers: { ...CORS, "access-control-allow-methods": "POST", "access-control-allow-headers": "content-type" },
      body: "",
    };
  // The router takes POST /api/event only.
  if (request.method !== "POST")
    return { status: 404, headers: { ...CORS, "content-type": "text/plain" }, body: "Not found" };
  const parsed = parseBody(request.body);
  if (!parsed) return refused({ request: ["Unable to parse request body as json"] });
  const { body, numbers } = parsed;
  const field = (...names: string[]) => names.map((name) => body[name]).find((value) => value !== undefined);
  const errors: Record<string, string[]> = {};

  let name = field("n", "name");
  if (typeof name === "number" && Number.isInteger(name)) name = String(name);
  if (name === undefined || name === null || name === "") errors.event_name = ["can't be blank"];
  else if (typeof name !== "string") errors.event_name = ["is invalid"];
  else if (name.length > MAX_NAME_LENGTH) errors.event_name = [`should be at most ${MAX_NAME_LENGTH} character(s)`];

  const url = field("u", "url");
  let hostname = "(none)";
  let path = "/";
  if (typeof url !== "string") errors.url = ["is required"];
  else if (bytes(url) > MAX_URL_BYTES) errors.url = ["must be a valid url"];
  else if (/^data:/i.test(url)) errors.url = ["scheme is not allowed"];
  else if (URL.canParse(url)) {
    const parsedUrl = new URL(url);
    if (parsedUrl.hostname) hostname = sanitizedHost(parsedUrl.hostname);
    path = decodeURIComponent(parsedUrl.pathname || "/");
  }

  const rawReferrer = field("r", "referrer");
  const referrer = typeof rawReferrer === "string" ? rawReferrer.slice(0, MAX_URL_BYTES) : null;

  const rawDomain = field("d", "domain");
  const domainText = typeof rawDomain === "string" ? rawDomain.trim() : undefined;
  const domains =
    domainText === undefined
      ? hostname === "(none)"
        ? []
        : [hostname]
      : domainText === ""
        ? []
        : domainText.split(",").map(sanitizedHost);
  if (domains.length === 0) errors.domain = ["can't be blank"];

  const props = keptProps(field("m", "meta", "p", "props"), numbers);
  if (
    Object.entries(props).some(([key, value]) => bytes(key) > MAX_PROP_KEY_BYTES || bytes(value) > MAX_PROP_VALUE_BYTES)
  )
    errors.props = [`keys should have at most ${MAX_PROP_KEY_BYTES} bytes and values ${MAX_PROP_VALUE_BYTES} bytes`];

  if (name === "engagement") {
    const valid = (value: unknown) =>
      (typeof value === "number" && Number.isInteger(value) && value >= 0) ||
      (typeof value === "string" && /^\d+$/.test(value));
    if (!valid(body.sd) && !valid(body.e))
      errors.event_name = ["engagement event requires a valid integer value for at least one of 'sd' or 'e' fields"];
  }
  if (Object.keys(errors).length > 0) return refused(errors);

  const counted = (domain: string): CountedEvent => ({
    name: name as string,
    url: url as string,
    path,
    hostname,
    domain,
    referrer,
    props,
    fields: Object.keys(body),
    contentType: request.contentType,
    ...(request.cookie ? { cookie: request.cookie } : {}),
  });
  const today = now.toISOString().slice(0, 10);
  const dropped: NonNullable<EventsAnswer["dropped"]> = [];
  let event: CountedEvent | undefined;
  for (const domain of domains) {
    const reason: DropReason | undefined =
      domain !== site.domain
        ? "not_found"
        : site.acceptTrafficUntil !== undefined && today > site.acceptTrafficUntil
          ? "payment_required"
          : !hostnameAllowed(site, hostname)
            ? "site_hostname_allowlist"
            : undefined;
    if (reason) dropped.push({ event: counted(domain), reason });
    else event = counted(domain);
  }
  return {
    status: 202,
    headers: {
      ...CORS,
      "content-type": "text/plain; charset=utf-8",
      ...(dropped.length > 0 ? { "x-plausible-dropped": String(dropped.length) } : {}),
    },
    body: "ok",
    ...(event ? { event } : {}),
    ...(dropped.length > 0 ? { dropped } : {}),
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
