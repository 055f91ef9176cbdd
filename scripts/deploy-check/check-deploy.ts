// `sitegen check-deploy`: the live site, as a visitor and a crawler meet it over the network, held to
// the build in dist/ that was deployed. A host can serve something else than the tests saw (a CDN
// feature that rewrites the HTML, a dashboard rule that adds a header, a stray redirect, a
// _headers file that did not deploy, an old deploy still live); each shows here as an answer that
// differs from what generate wrote: its status, its headers, its bytes, or code its policy blocks.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { loadData } from "../data/load.ts";
import { buildModel } from "../data/model.ts";
import { contentType } from "../headers/content-types.ts";
import { HEADERS_FILE, parseHeadersFile } from "../headers/headers-file.ts";
import { HOST_NAMES, HOSTS } from "../headers/hosts.ts";
import { scanHtml } from "../headers/html-scan.ts";
import { plainHttpPolicy } from "../headers/plain-http.ts";
import { headersForPath, type HeaderRule } from "../headers/rules.ts";
import { Backlog } from "../lib/backlog.ts";
import {
  ADMIN_ALIASES,
  ADMIN_FILE,
  ADMIN_PATH,
  NOT_FOUND_FILE,
  PAGE_SUFFIX,
  PRIVACY_PATH,
  SERVICE_WORKER_FILE,
  SERVICE_WORKER_PATH,
  fileForPath,
  pathForFile,
} from "../site/urls.ts";
import { featureFiles } from "../features/index.ts";
import { answerOn, hostHeaderValues, isTypeOf, ruleAnswer, type Answer } from "./address-table.ts";
import { blockedCode } from "./blocked-code.ts";
import { fetchAnswer, type LiveAnswer } from "./fetch-answer.ts";
import { headerDifferences } from "./headers-compare.ts";
import { hostDown, type HostDown } from "./host-down.ts";
import { policiesIn } from "./policy-text.ts";
import { printable } from "../lib/printable.ts";
import { quoted } from "./printable.ts";
import { detectServer, SERVER_NAMES, type Server } from "./servers.ts";
import { hostedBy } from "../site/privacy.ts";

interface CheckOptions {
  /** The deployed site: https://…, or http:// on this computer; site.yaml's url when absent. */
  address?: string;
  /** The build that was deployed. */
  distDir: string;
  /** The data it was built from: the estimate form's addresses, the site's url. */
  dataDir: string;
  /** Which server answers; detected from its headers when absent. */
  servedBy?: Server;
  timeoutMs?: number;
}

/** One way an answer differs from the build: the address asked, what differs, and any detail of it. */
export interface Problem {
  address: string;
  /** The same words for the same difference at any address, so that a host-wide one is one line. */
  what: string;
  detail?: string;
}

export interface CheckResult {
  origin: string;
  /** Which server's answers the site was held to, and how that was known. */
  server: Server;
  known: "told" | "detected" | "assumed";
  evidence?: string;
  /** The pages of the build's sitemap. */
  pages: number;
  /** How many requests were answered or failed. */
  requests: number;
  problems: Problem[];
  /** The host's own answer in place of the site (a paused project, no site at the address): nothing else was checked. */
  hostDown?: HostDown & { status: number };
}

/** Requests in flight at once: a visitor's browser opens about as many. */
const CONCURRENCY = 6;
const DEFAULT_TIMEOUT_MS = 20_000;

/** An address nothing answers with a page, for the not-found page. */
const NOT_FOUND_PROBE = "/sitegen-check-deploy-no-such-page";
const NOT_FOUND_RULE_PATH = `/${NOT_FOUND_FILE}`;
const SITEMAP_FILE = "sitemap.xml";

/**
 * The files besides the sitemap's pages that must answer as the build wrote them, with their other
 * names. Every page of the sitemap is checked as well, so a new page needs nothing here; add a
 * file here to have it checked too.
 */
const BUILT_FILES: readonly { path: string; file: string; otherNames?: readonly string[] }[] = [
  { path: SERVICE_WORKER_PATH, file: SERVICE_WORKER_FILE },
  { path: ADMIN_PATH, file: ADMIN_FILE, otherNames: ADMIN_ALIASES },
  { path: "/robots.txt", file: "robots.txt" },
  { path: `/${SITEMAP_FILE}`, file: SITEMAP_FILE },
];

const isLoopback = (hostname: string) =>
  hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/** The origin of the site to check: https, or plain http on this computer only (for tests and local servers). */
function siteOrigin(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Error(`${quoted(address)} is not an address such as https://www.example.com`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname))) {
    throw new Error(
      `${quoted(address)}: a live site is checked over https:// (plain http:// only on this computer, such as http://127.0.0.1:4321)`,
    );
  }
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    throw new Error(`${quoted(address)}: give the site's address alone, such as ${url.origin}`);
  }
  return new URL(url.origin);
}

/** The addresses a sitemap lists, in its order. */
function sitemapLocations(xml: string): string[] {
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((match) =>
    match[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]!),
  );
}

/** The path of a sitemap's address, or undefined for one that is no address. */
function pathOf(location: string): string | undefined {
  try {
    return new URL(location).pathname;
  } catch {
    return undefined;
  }
}

interface Build {
  dir: string;
  rules: HeaderRule[];
  files: Set<string>;
  /** The build's sitemap: each page's path and its address there, which is its canonical. */
  pages: { path: string; location: string }[];
  read(file: string): Promise<Buffer>;
}

async function readBuild(dir: string): Promise<Build> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => {
    throw new Error(`${dir} does not exist: check a deploy against the build that was deployed (npm run generate)`);
  });
  const files = new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")),
  );
  const missing = [HEADERS_FILE, SITEMAP_FILE, NOT_FOUND_FILE].filter((file) => !files.has(file));
  if (missing.length > 0) {
    throw new Error(`${dir} has no ${missing.join(", ")}: it is not a build of the site (npm run generate)`);
  }
  const read = (file: string) => readFile(path.join(dir, file));
  const pages = sitemapLocations((await read(SITEMAP_FILE)).toString("utf8")).flatMap((location) => {
    const urlPath = pathOf(location);
    return urlPath === undefined ? [] : [{ path: urlPath, location }];
  });
  return { dir, rules: parseHeadersFile((await read(HEADERS_FILE)).toString("utf8")), files, pages, read };
}

/**
 * /privacy names the host the build was made for, whose servers send the pages (site/privacy.ts),
 * or none for a build for the local server or nginx: the server that answers must be that one.
 */
async function privacyHostProblems(build: Build, server: Server): Promise<Problem[]> {
  const file = fileForPath(PRIVACY_PATH);
  if (!build.files.has(file)) return [];
  const html = (await build.read(file)).toString("utf8");
  const named = HOSTS.find((host) => html.includes(hostedBy(HOST_NAMES[host])));
  const serving = HOSTS.find((host) => host === server);
  if (named === serving) return [];
  const says = named ? `names ${HOST_NAMES[named]} as the site's host` : "names no host";
  const command = serving ? `npm run generate -- --for ${serving}` : "npm run generate, with no --for";
  return [
    {
      address: PRIVACY_PATH,
      what: `the privacy page ${says}, and ${SERVER_NAMES[server]} serves the site: deploy a build for the server that serves it (${command})`,
    },
  ];
}

/** What the check knows while it runs. */
interface Context {
  origin: URL;
  build: Build;
  server: Server;
  get(address: string): Promise<LiveAnswer | Error>;
}

const describe = (answer: Answer) =>
  answer.location === undefined ? `${answer.status}` : `${answer.status} to ${quoted(answer.location)}`;

function described(answer: LiveAnswer): string {
  const location = answer.headers.get("location")?.[0];
  return describe({ status: answer.status, location });
}

/**
 * Cloudflare Web Analytics, turned on for the site in Cloudflare's dashboard, said for the owner: the
 * same words at every page, so that the report says it once, naming the pages. Where to turn it off
 * is where Cloudflare's documentation turns it on: for Pages, the project's Metrics (Cloudflare adds
 * the script from the next deployment); for a domain proxied through Cloudflare, its site on the
 * Web Analytics page (Manage site), whose automatic setup adds it.
 */
const CLOUDFLARE_ANALYTICS_BLOCKED =
  "Cloudflare adds its own Web Analytics script to these pages, and the site's security policy blocks it, so it " +
  "counts nothing: turn it off in Cloudflare (Workers & Pages → the project → Metrics → Web Analytics; for a domain " +
  "proxied through Cloudflare: Web Analytics → Manage site → disable automatic setup), then deploy again; to count " +
  "visits, set plausible in data/site.yaml instead";

const noAnswer = (address: string, error: Error): Problem => ({
  address,
  what: `no answer: ${printable(error.message)}`,
});

/** How much of what served and built bytes share is shown before a difference inside the text. */
const CONTEXT_BYTES = 24;

/**
 * Where served and built bytes differ, as the few words between what they have in common at the
 * start and at the end. Text inserted or taken away whole (a CDN's script) is shown from its "<".
 */
function difference(served: Buffer, built: Buffer): string {
  const shorter = Math.min(served.length, built.length);
  let start = 0;
  while (start < shorter && served[start] === built[start]) start += 1;
  let end = 0;
  while (end < shorter - start && served[served.length - 1 - end] === built[built.length - 1 - end]) end += 1;
  const longer = served.length > built.length ? served : built;
  const length = longer.length - end - start;
  if (served.length - end === start || built.length - end === start) {
    // Only one side has bytes here, and the same bytes would fit one place earlier too: slide back to a tag's start.
    const lessThan = "<".charCodeAt(0);
    while (start > 0 && longer[start] !== lessThan && longer[start - 1] === longer[start + length - 1]) start -= 1;
    end = longer.length - start - length;
  }
  const part = (bytes: Buffer) => bytes.subarray(start, bytes.length - end).toString("utf8");
  const [more, less] = [part(served), part(built)];
  if (less === "") return `at byte ${start}, served ${quoted(more, 80)}, which the build does not have`;
  if (more === "") return `at byte ${start}, the build's ${quoted(less, 80)} is not served`;
  // A change inside the text reads better with the words before it.
  const before = `…${built.subarray(Math.max(0, start - CONTEXT_BYTES), start).toString("utf8")}`;
  return `at byte ${start}, served ${quoted(before + more, 80)} where the build has ${quoted(before + less, 80)}`;
}

/** An answer held to a file of the build: its status, its type, the headers of `rulePath`, its bytes. */
async function fileProblems(
  context: Context,
  address: string,
  answer: LiveAnswer | Error,
  expected: { status: 200 | 404; file: string; rulePath: string },
): Promise<Problem[]> {
  if (answer instanceof Error) return [noAnswer(address, answer)];
  if (answer.status !== expected.status)
    return [{ address, what: `answers ${described(answer)}, expected ${expected.status}` }];
  const problems: Problem[] = [];
  const type = contentType(expected.file).split(";")[0]!;
  const sentType = answer.headers.get("content-type")?.[0];
  if (!isTypeOf(sentType, type)) {
    problems.push({
      address,
      what: `sent as ${sentType === undefined ? "nothing" : quoted(sentType)}, expected ${type}`,
    });
  }
  const alsoAccepted = (name: string, value: string) => [
    ...hostHeaderValues(context.server, name, answer.status),
    // Over plain HTTP, the local server leaves out upgrade-insecure-requests (headers/plain-http.ts).
    ...(name.toLowerCase() === "content-security-policy" && context.origin.protocol === "http:"
      ? [plainHttpPolicy(value)]
      : []),
  ];
  const built = headersForPath(context.build.rules, expected.rulePath);
  for (const difference of headerDifferences(built, answer.headers, alsoAccepted))
    problems.push({ address, ...difference });
  const bytes = await context.build.read(expected.file);
  if (!answer.body.equals(bytes)) {
    problems.push({ address, what: "differs from the build", detail: difference(answer.body, bytes) });
  }
  return problems;
}

/** Another name of a page or file, held to what the address table says the server answers there. */
async function nameProblems(context: Context, address: string): Promise<Problem[]> {
  const expected = answerOn(
    context.server,
    address,
    ruleAnswer(address, (file) => context.build.files.has(file)),
  );
  const answer = await context.get(address);
  if (answer instanceof Error) return [noAnswer(address, answer)];
  const sent = answer.headers.get("location")?.[0];
  const to = (location: string | undefined) => {
    if (location === undefined) return undefined;
    try {
      return new URL(location, new URL(address, context.origin)).href;
    } catch {
      return `not an address: ${location}`;
    }
  };
  const sameAddress = to(sent) === to(expected.location);
  if (answer.status === expected.status && sameAddress) return [];
  // A redirect to the right address with another status reads the same at every name.
  if (sameAddress && sent !== undefined) {
    return [{ address, what: `answers ${answer.status}, expected ${expected.status}, both to the same address` }];
  }
  return [{ address, what: `answers ${described(answer)}, expected ${describe(expected)}` }];
}

/** A page's other names: its file's name ("/contact.html", "/index.html", "/index") and its address with a slash added. */
function otherNames(urlPath: string): string[] {
  const file = `/${fileForPath(urlPath)}`;
  const bare = file.slice(0, -PAGE_SUFFIX.length);
  return [file, ...(bare === urlPath ? [] : [bare]), ...(urlPath === "/" ? [] : [`${urlPath}/`])];
}

/** A page of the sitemap: the build's bytes, headers and canonical, code its policy lets run, and its other names. */
async function pageProblems(
  context: Context,
  page: { path: string; location: string },
  answered?: LiveAnswer | Error,
): Promise<Problem[]> {
  const file = fileForPath(page.path);
  if (!context.build.files.has(file)) {
    return [{ address: page.path, what: "listed in the live sitemap, but not a page of the build" }];
  }
  const answer = answered ?? (await context.get(page.path));
  const problems = await fileProblems(context, page.path, answer, { status: 200, file, rulePath: page.path });
  if (!(answer instanceof Error) && answer.status === 200) {
    const elements = scanHtml(answer.body.toString("utf8"));
    const canonical = elements.find(
      (element) => element.name === "link" && /(^|\s)canonical(\s|$)/i.test(element.attributes.get("rel") ?? ""),
    );
    const href = canonical?.attributes.get("href");
    if (href !== page.location) {
      problems.push({
        address: page.path,
        what: `${href === undefined ? "no canonical link" : `canonical link to ${quoted(href)}`}, expected ${quoted(page.location)}`,
      });
    }
    const policies = policiesIn(answer.headers.get("content-security-policy") ?? []);
    const blocked = blockedCode(elements, policies, new URL(page.path, context.origin));
    if (blocked.code.length > 0) {
      problems.push({
        address: page.path,
        what: `its policy blocks code the page as served runs: ${blocked.code.join("; ")}`,
      });
    }
    // First: it is also why the page differs from the build.
    if (blocked.cloudflareAnalytics) problems.unshift({ address: page.path, what: CLOUDFLARE_ANALYTICS_BLOCKED });
  }
  for (const name of otherNames(page.path)) problems.push(...(await nameProblems(context, name)));
  return problems;
}

/** One of the estimate form's addresses: any answer but an error (a 4xx or 5xx) will do. */
async function formProblems(context: Context, what: string, address: string): Promise<Problem[]> {
  const answer = await context.get(address);
  if (answer instanceof Error)
    return [{ address, what: `the estimate form's ${what} does not answer: ${printable(answer.message)}` }];
  if (answer.status >= 400)
    return [{ address, what: `the estimate form's ${what} answers ${answer.status}, expected 2xx or 3xx` }];
  return [];
}

/**
 * Checks the live site at `options.address` against the build in `options.distDir`: every page of
 * its sitemap (and of the build's) answers 200 with the build's bytes, headers and canonical, and
 * runs no code its policy blocks; each page's other names answer as the address table says for
 * the server; the not-found page, the service worker, the editor, robots.txt, the sitemap and the
 * files of the optional features that are on (features/: the counting script, when the site counts)
 * answer as built; and the estimate form's frame and script answer.
 */
export async function checkDeploy(options: CheckOptions): Promise<CheckResult> {
  const told = options.address === undefined ? undefined : siteOrigin(options.address);
  const build = await readBuild(options.distDir);
  const { business } = buildModel(await loadData(options.dataDir));
  const origin = told ?? siteOrigin(business.url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let requests = 0;
  const get = (address: string) => {
    requests += 1;
    return fetchAnswer(new URL(address, origin), timeoutMs).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
  };

  const home = await get("/");
  const detected = options.servedBy || home instanceof Error ? undefined : detectServer(home.headers);
  const server = options.servedBy ?? detected?.server ?? "sitegen";
  const heading = {
    origin: origin.origin,
    server,
    known: options.servedBy ? ("told" as const) : detected ? ("detected" as const) : ("assumed" as const),
    evidence: detected?.evidence,
    pages: build.pages.length,
  };
  // The host's own page in place of the site is at every address: said once, nothing else asked.
  const down = home instanceof Error ? undefined : hostDown(home);
  if (down && !(home instanceof Error))
    return { ...heading, requests, problems: [], hostDown: { ...down, status: home.status } };
  const context: Context = { origin, build, server, get };

  const sitemap = await get(`/${SITEMAP_FILE}`);
  const live =
    sitemap instanceof Error || sitemap.status !== 200 ? [] : sitemapLocations(sitemap.body.toString("utf8"));
  const pages = [...build.pages];
  const listed = new Set(pages.map((page) => page.path));
  for (const location of live) {
    const urlPath = pathOf(location);
    if (urlPath !== undefined && !listed.has(urlPath)) pages.push({ path: urlPath, location });
    if (urlPath !== undefined) listed.add(urlPath);
  }

  const checks: (() => Promise<Problem[]>)[] = [
    ...pages.map((page) => () => pageProblems(context, page, page.path === "/" ? home : undefined)),
    async () => [
      ...(await fileProblems(context, NOT_FOUND_PROBE, await get(NOT_FOUND_PROBE), {
        status: 404,
        file: NOT_FOUND_FILE,
        rulePath: NOT_FOUND_RULE_PATH,
      })),
      // The not-found page has no address of its own: its names answer as the table says.
      ...(await nameProblems(context, pathForFile(NOT_FOUND_FILE))),
      ...(await nameProblems(context, NOT_FOUND_RULE_PATH)),
    ],
    ...BUILT_FILES.map(({ path: urlPath, file, otherNames: names = [] }) => async () => {
      const answer = urlPath === `/${SITEMAP_FILE}` ? sitemap : await get(urlPath);
      const problems = await fileProblems(context, urlPath, answer, { status: 200, file, rulePath: urlPath });
      for (const name of names) problems.push(...(await nameProblems(context, name)));
      return problems;
    }),
    // The counting script, when the site counts: a page that asks for one missing or changed counts nothing.
    ...featureFiles([...build.files]).map((file) => () => {
      const urlPath = pathForFile(file);
      return get(urlPath).then((answer) =>
        fileProblems(context, urlPath, answer, { status: 200, file, rulePath: urlPath }),
      );
    }),
    // Told or seen in the headers: a server only assumed (none was recognised) may be any.
    ...(heading.known === "assumed" ? [] : [() => privacyHostProblems(build, server)]),
    () => formProblems(context, "frame", business.leadForm.frameUrl),
    () => formProblems(context, "script", business.leadForm.scriptUrl),
  ];
  const found: Problem[][] = checks.map(() => []);
  const backlog = new Backlog(CONCURRENCY);
  for (const [index, check] of checks.entries()) {
    await backlog.add(async () => {
      found[index] = await check();
    });
  }
  await backlog.settle();

  return { ...heading, requests, problems: found.flat() };
}
