// The static hosts the README tells the owner to deploy to, and what a build for one of them
// writes differently from a build for `npm start` and nginx. Both hosts compress every response
// by themselves, so a build for them writes no precompressed copies (which they would publish as
// files of their own, "/contact.html.br"); Netlify reads _redirects, and Cloudflare Pages, which
// refuses Netlify's forced rules, gets none (headers/redirects-file.ts says why).
export const HOSTS = ["netlify", "cloudflare"] as const;
export type Host = (typeof HOSTS)[number];

export const HOST_NAMES: Record<Host, string> = { netlify: "Netlify", cloudflare: "Cloudflare Pages" };

/** The host whose build this is, from the variables each sets in its builds; undefined elsewhere. */
export function hostFromEnvironment(env: NodeJS.ProcessEnv = process.env): Host | undefined {
  if (env.NETLIFY === "true") return "netlify";
  if (env.CF_PAGES === "1") return "cloudflare";
  return undefined;
}

/** What a build writes for where it will be served: a host, or (undefined) `npm start` and nginx. */
export interface BuildTarget {
  /** .br and .gz beside each text file, for the local server and nginx's gzip_static. */
  precompressed: boolean;
  /** dist/_redirects, in Netlify's form. */
  redirectsFile: boolean;
}

export function buildTargetFor(host: Host | undefined): BuildTarget {
  return { precompressed: host === undefined, redirectsFile: host !== "cloudflare" };
}
