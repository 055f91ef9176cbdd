// What a build writes for where it will be served: a static host (headers/hosts.ts), or, with none,
// `npm start` and nginx. Both hosts compress every response by themselves, so a build for them
// writes no precompressed copies (which they would publish as files of their own,
// "/contact.html.br"); Netlify reads _redirects, and Cloudflare Pages, which refuses Netlify's
// forced rules, gets none (headers/redirects-file.ts says why).
import type { Host } from "../headers/hosts.ts";

export interface BuildTarget {
  /** .br and .gz beside each text file, for the local server and nginx's gzip_static. */
  precompressed: boolean;
  /** dist/_redirects, in Netlify's form. */
  redirectsFile: boolean;
}

export function buildTargetFor(host: Host | undefined): BuildTarget {
  return { precompressed: host === undefined, redirectsFile: host !== "cloudflare" };
}
