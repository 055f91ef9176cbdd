// What each server the site runs on answers, by kind of address: the rule of site/urls.ts on
// `sitegen serve`, `sitegen dev` and nginx, and on each static host the rule too, except where the
// host cannot follow it; there, what the host's own runtime was seen to answer, and why. This is
// the one copy of that knowledge: `sitegen check-deploy` holds a live site to it, the tests hold
// every server to it (test/support/addresses.ts), and the address table of docs/deploying.md is made from it.
import { HEADERS_FILE } from "../headers/headers-file.ts";
import type { Host } from "../headers/hosts.ts";
import { ADMIN_PATH, NOT_FOUND_FILE, answerFor, pathForFile } from "../site/urls.ts";
import type { Server } from "./servers.ts";

/** A status, and where a redirect sends the visitor (path and query). */
export interface Answer {
  status: number;
  location?: string;
}

/** Where a host cannot do what the rule asks: which addresses, what it answers instead, and why. */
interface HostException {
  host: Host;
  applies(urlPath: string, rule: Answer): boolean;
  answer: Answer;
  /** In a few words, for the footnotes of docs/deploying.md. */
  why: string;
}

const NOT_FOUND_PATH = pathForFile(NOT_FOUND_FILE);
const EDITOR_WITHOUT_SLASH = ADMIN_PATH.slice(0, -1);

const HOST_EXCEPTIONS: readonly HostException[] = [
  {
    host: "netlify",
    // A page's address with a slash added ("/contact/"), which the rule redirects to the page.
    applies: (urlPath, rule) => urlPath.endsWith("/") && rule.status === 301,
    answer: { status: 200 },
    why:
      "`netlify dev` serves the page at its address with a slash too, and Netlify's redirect rules match an " +
      "address with or without the slash, so no rule can send one to the other; the page's canonical link " +
      "names the address without it",
  },
  {
    host: "cloudflare",
    applies: (urlPath) => urlPath === NOT_FOUND_PATH,
    answer: { status: 200 },
    why: "Cloudflare serves `404.html` at `/404`, and no rule of its can answer 404; the page says noindex",
  },
  {
    host: "cloudflare",
    applies: (urlPath) => urlPath === `/${NOT_FOUND_FILE}`,
    answer: { status: 308, location: NOT_FOUND_PATH },
    why: "Cloudflare sends a page's file name to its clean address",
  },
  {
    host: "cloudflare",
    applies: (urlPath) => urlPath === `/${HEADERS_FILE}`,
    answer: { status: 502 },
    why: "`wrangler pages dev` looks for `/_headers/index.html` and fails; it serves nothing of the file",
  },
  {
    host: "netlify",
    applies: (urlPath) => urlPath === EDITOR_WITHOUT_SLASH,
    answer: { status: 200 },
    why:
      "A rule for `/admin` would also catch `/admin/` and send it to itself forever, so there is none; " +
      "`netlify dev` serves the editor at `/admin` too, and its page names its files by absolute addresses",
  },
];

const pathOf = (address: string) => address.split("?")[0]!;

/** Where `host` answers `address` otherwise than the rule, what it answers and why; undefined where it follows the rule. */
export function hostException(host: Host, address: string, rule: Answer): { answer: Answer; why: string } | undefined {
  const exception = HOST_EXCEPTIONS.find((each) => each.host === host && each.applies(pathOf(address), rule));
  return exception && { answer: exception.answer, why: exception.why };
}

/**
 * What `server` answers for `address` (path and query), given what the rule answers there. nginx
 * and `sitegen serve` follow the rule; Cloudflare's own redirects are 308s.
 */
export function answerOn(server: Server, address: string, rule: Answer): Answer {
  if (server !== "netlify" && server !== "cloudflare") return rule;
  const exception = hostException(server, address, rule);
  if (exception) return exception.answer;
  if (server === "cloudflare" && rule.status === 301) return { status: 308, location: rule.location };
  return rule;
}

/**
 * What the rule (site/urls.ts, answerFor) answers for an address of a page or of one of its other
 * names, given which files the build has: the file, a 301 to the page's one address with the query
 * kept, or 404. (The servers' request guard aside: no server sends the hosts' own files, `_headers`.)
 */
export function ruleAnswer(address: string, hasFile: (file: string) => boolean): Answer {
  const query = address.includes("?") ? address.slice(address.indexOf("?")) : "";
  const answer = answerFor(pathOf(address));
  if (answer.kind === "file") return { status: hasFile(answer.file) ? 200 : 404 };
  if (answer.kind === "redirect" && hasFile(answer.ifFile)) {
    return { status: 301, location: `${answer.location}${query}` };
  }
  return { status: 404 };
}

/** A header a host sends in place of the rule's value, on every answer or on answers of one status, and why. */
interface HostHeader {
  name: string;
  value: string;
  status?: number;
  why: string;
}

const HOST_HEADERS: Record<Host, readonly HostHeader[]> = {
  netlify: [
    {
      name: "Cache-Control",
      value: "public, max-age=0",
      why: "`netlify dev`'s static server sends its own `public, max-age=0` in place of the rule's",
    },
  ],
  cloudflare: [
    {
      name: "Cache-Control",
      value: "no-store",
      status: 404,
      why: "Cloudflare sends `no-store` with every 404, in place of the rule's",
    },
  ],
};

/** The values `server` may send for a header in place of the rule's, on an answer of `status`. */
export function hostHeaderValues(server: Server, name: string, status: number): string[] {
  if (server !== "netlify" && server !== "cloudflare") return [];
  return HOST_HEADERS[server]
    .filter((header) => header.name.toLowerCase() === name.toLowerCase())
    .filter((header) => header.status === undefined || header.status === status)
    .map((header) => header.value);
}

/** The media types that name the same kind of file (the hosts say application/javascript and application/xml). */
const SAME_TYPE: Record<string, readonly string[]> = {
  "text/javascript": ["application/javascript"],
  "text/xml": ["application/xml"],
};

/** Whether a Content-Type header names the kind of file `type` (a media type without parameters) is. */
export function isTypeOf(header: string | undefined, type: string): boolean {
  const essence = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return essence === type || (SAME_TYPE[type] ?? []).includes(essence);
}
