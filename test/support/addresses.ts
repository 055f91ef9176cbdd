// What every server the site runs on answers for each kind of address: one address per page, its
// other names redirected there, and no page at all for the rest (site/urls.ts, answerFor). The
// local server, the dev server and nginx answer exactly so; the static hosts' runtimes answer so
// too, except where a host cannot, and then the row says what that host answers instead, and why.
// The README's hosting table is this table (readmeAddressTable; test/readme-workflow.test.ts).
import type { Host } from "../../scripts/headers/hosts.ts";

interface HostAnswer {
  status: number;
  location?: string;
  /** Why the host answers so, in a few words for the README. */
  why: string;
}

export interface AddressCase {
  path: string;
  status: 200 | 301 | 404;
  /** Where a 301 sends the visitor. */
  location?: string;
  /** The Content-Type of a file, without its charset. */
  type?: string;
  /** What a host answers instead, where it cannot do what the rule asks. */
  hosts?: Partial<Record<Host, HostAnswer>>;
}

const NETLIFY_SLASH: HostAnswer = {
  status: 200,
  why:
    "`netlify dev` serves the page at its address with a slash too, and Netlify's redirect rules match an " +
    "address with or without the slash, so no rule can send one to the other; the page's canonical link " +
    "names the address without it",
};

const CLOUDFLARE_BAD_GATEWAY: HostAnswer = {
  status: 502,
  why: "`wrangler pages dev` looks for `/_headers/index.html` and fails; it serves nothing of the file",
};

export const ADDRESS_CASES: readonly AddressCase[] = [
  { path: "/", status: 200, type: "text/html" },
  { path: "/contact", status: 200, type: "text/html" },
  { path: "/towns/mattoon", status: 200, type: "text/html" },
  { path: "/services", status: 200, type: "text/html" },
  { path: "/privacy", status: 200, type: "text/html" },
  { path: "/contact?utm_source=card", status: 200, type: "text/html" },
  { path: "/index", status: 301, location: "/" },
  { path: "/index.html", status: 301, location: "/" },
  { path: "/contact.html", status: 301, location: "/contact" },
  { path: "/towns/mattoon.html", status: 301, location: "/towns/mattoon" },
  { path: "/services.html?x=1", status: 301, location: "/services?x=1" },
  { path: "/contact/", status: 301, location: "/contact", hosts: { netlify: NETLIFY_SLASH } },
  { path: "/towns/mattoon/", status: 301, location: "/towns/mattoon", hosts: { netlify: NETLIFY_SLASH } },
  { path: "/towns/", status: 301, location: "/towns", hosts: { netlify: NETLIFY_SLASH } },
  { path: "/services/?x=1", status: 301, location: "/services?x=1", hosts: { netlify: NETLIFY_SLASH } },
  {
    path: "/404",
    status: 404,
    hosts: {
      cloudflare: {
        status: 200,
        why: "Cloudflare serves `404.html` at `/404`, and no rule of its can answer 404; the page says noindex",
      },
    },
  },
  {
    path: "/404.html",
    status: 404,
    hosts: {
      cloudflare: { status: 308, location: "/404", why: "Cloudflare sends a page's file name to its clean address" },
    },
  },
  { path: "/towns/nope", status: 404 },
  { path: "/towns/nope/", status: 404 },
  { path: "/towns/nope.html", status: 404 },
  { path: "/index.html.gz", status: 404 },
  { path: "/contact.html.br", status: 404 },
  { path: "/sitemap.xml.gz", status: 404 },
  { path: "/_redirects", status: 404 },
  { path: "/_headers", status: 404, hosts: { cloudflare: CLOUDFLARE_BAD_GATEWAY } },
  { path: "/sitemap.xml", status: 200, type: "text/xml" },
  { path: "/robots.txt", status: 200, type: "text/plain" },
  { path: "/og/site.png", status: 200, type: "image/png" },
  { path: "/favicon.svg", status: 200, type: "image/svg+xml" },
  { path: "/sw.js", status: 200, type: "text/javascript" },
  { path: "/admin/", status: 200, type: "text/html" },
  { path: "/admin/config.yml", status: 200, type: "text/yaml" },
  { path: "/admin/editor.js", status: 200, type: "text/javascript" },
  { path: "/admin/cms/package.json", status: 200, type: "application/json" },
  { path: "/admin/fonts/source-sans-3-latin-wght-normal.woff2", status: 200, type: "font/woff2" },
  {
    path: "/admin",
    status: 301,
    location: "/admin/",
    hosts: {
      netlify: {
        status: 200,
        why:
          "A rule for `/admin` would also catch `/admin/` and send it to itself forever, so there is none; " +
          "`netlify dev` serves the editor at `/admin` too, and its page names its files by absolute addresses",
      },
    },
  },
  { path: "/admin/index.html", status: 301, location: "/admin/" },
  { path: "/admin/index", status: 301, location: "/admin/" },
  { path: "/admin/nope", status: 404 },
];

/** The media types that name the same kind of file (the hosts say application/javascript and application/xml). */
const SAME_TYPE: Record<string, readonly string[]> = {
  "text/javascript": ["application/javascript"],
  "text/xml": ["application/xml"],
};

/** Whether a Content-Type header names the kind of file `type` is. */
export function isTypeOf(header: string | undefined, type: string): boolean {
  const essence = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return essence === type || (SAME_TYPE[type] ?? []).includes(essence);
}

/** What `host` answers for an address: the rule, except where the row says otherwise. Cloudflare's own redirects are 308s. */
export function expectedOn(host: Host, address: AddressCase): { status: number; location?: string } {
  const exception = address.hosts?.[host];
  if (exception) return { status: exception.status, location: exception.location };
  if (host === "cloudflare" && address.status === 301) return { status: 308, location: address.location };
  return { status: address.status, location: address.location };
}

const answerText = ({ status, location }: { status: number; location?: string }) =>
  location ? `${status} to \`${location}\`` : String(status);

/**
 * The table as the README shows it: what each runtime answers for each address, the hosts'
 * exceptions numbered with their reasons below it. `versions` names the runtimes the tests ran.
 */
export function addressTableMarkdown(versions: { wrangler: string; workerd: string; netlify: string }): string {
  const notes: string[] = [];
  const noted = (host: Host, address: AddressCase) => {
    const answer = answerText(expectedOn(host, address));
    const why = address.hosts?.[host]?.why;
    if (!why) return answer;
    if (!notes.includes(why)) notes.push(why);
    return `${answer} (${notes.indexOf(why) + 1})`;
  };
  const lines = [
    "| Address | `npm start`, `npm run dev`, nginx | Netlify (`netlify dev` " +
      `${versions.netlify}) | Cloudflare Pages (\`wrangler pages dev\` ${versions.wrangler}, workerd ${versions.workerd}) |`,
    "| --- | --- | --- | --- |",
    ...ADDRESS_CASES.map(
      (address) =>
        `| \`${address.path}\` | ${answerText(address)} | ${noted("netlify", address)} | ${noted("cloudflare", address)} |`,
    ),
  ];
  return [...lines, "", ...notes.map((why, index) => `${index + 1}. ${why}.`)].join("\n");
}
