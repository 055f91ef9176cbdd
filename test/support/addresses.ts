// The table of addresses every server the site runs on is held to: for each kind of address, what
// the rule (site/urls.ts, answerFor) answers: one address per page, its other names redirected
// there, and no page at all for the rest. What a static host answers instead where it cannot follow
// the rule, and why, is scripts/deploy-check/address-table.ts, which `sitegen check-deploy` reads
// too. The README's hosting table is this table (addressTableMarkdown; test/readme-hosting.test.ts).
import type { Host } from "../../scripts/headers/hosts.ts";
import { answerOn, hostException, type Answer } from "../../scripts/deploy-check/address-table.ts";

export { isTypeOf } from "../../scripts/deploy-check/address-table.ts";

export interface AddressCase {
  path: string;
  status: 200 | 301 | 404;
  /** Where a 301 sends the visitor. */
  location?: string;
  /** The Content-Type of a file, without its charset. */
  type?: string;
}

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
  { path: "/contact/", status: 301, location: "/contact" },
  { path: "/towns/mattoon/", status: 301, location: "/towns/mattoon" },
  { path: "/towns/", status: 301, location: "/towns" },
  { path: "/services/?x=1", status: 301, location: "/services?x=1" },
  { path: "/404", status: 404 },
  { path: "/404.html", status: 404 },
  { path: "/towns/nope", status: 404 },
  { path: "/towns/nope/", status: 404 },
  { path: "/towns/nope.html", status: 404 },
  { path: "/index.html.gz", status: 404 },
  { path: "/contact.html.br", status: 404 },
  { path: "/sitemap.xml.gz", status: 404 },
  { path: "/_redirects", status: 404 },
  { path: "/_headers", status: 404 },
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
  { path: "/admin", status: 301, location: "/admin/" },
  { path: "/admin/index.html", status: 301, location: "/admin/" },
  { path: "/admin/index", status: 301, location: "/admin/" },
  { path: "/admin/nope", status: 404 },
];

/**
 * The jobs' pages and their other names, on the build with the tests' jobs (support/site.ts,
 * sharedJobsBuild): the shipped data has no job, and without one /projects is no page at all.
 */
export const JOB_ADDRESS_CASES: readonly AddressCase[] = [
  { path: "/projects", status: 200, type: "text/html" },
  { path: "/projects/charleston-yard-drain", status: 200, type: "text/html" },
  { path: "/projects.html", status: 301, location: "/projects" },
  { path: "/projects/", status: 301, location: "/projects" },
  { path: "/projects/charleston-yard-drain.html", status: 301, location: "/projects/charleston-yard-drain" },
  { path: "/projects/charleston-yard-drain/?x=1", status: 301, location: "/projects/charleston-yard-drain?x=1" },
  { path: "/projects/nope", status: 404 },
  { path: "/projects/charleston-yard-drain/more", status: 404 },
];

/** What `host` answers for an address: the rule, except where the host cannot follow it. */
export function expectedOn(host: Host, address: AddressCase): Answer {
  return answerOn(host, address.path, { status: address.status, location: address.location });
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
    const why = hostException(host, address.path, address)?.why;
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
