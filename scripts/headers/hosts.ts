// The static hosts docs/deploying.md tells the owner to deploy to: their names, the variable each sets in
// its builds, and how each installs and builds the site. What a build for one of them writes is
// chosen in pipeline/build-target.ts.
import type { ServedBy } from "../data/privacy.ts";

export const HOSTS = ["netlify", "cloudflare"] as const;
export type Host = (typeof HOSTS)[number];

export const HOST_NAMES: Record<Host, string> = { netlify: "Netlify", cloudflare: "Cloudflare Pages" };

/**
 * Each host's own privacy policy, which /privacy links where it names the host the build is for
 * (the policy that covers what the host's servers record of each request).
 */
export const HOST_PRIVACY_POLICIES: Record<Host, string> = {
  netlify: "https://www.netlify.com/privacy/",
  cloudflare: "https://www.cloudflare.com/privacypolicy/",
};

/** The host as /privacy names it. */
export const servedBy = (host: Host): ServedBy => ({
  name: HOST_NAMES[host],
  privacyPolicy: HOST_PRIVACY_POLICIES[host],
});

/** The variable each host sets in its builds, and its value there. */
export const HOST_ENVIRONMENT: Record<Host, { name: string; value: string }> = {
  netlify: { name: "NETLIFY", value: "true" },
  cloudflare: { name: "CF_PAGES", value: "1" },
};

/** The host whose build this is, from the variables each sets in its builds; undefined elsewhere. */
export function hostFromEnvironment(env: NodeJS.ProcessEnv = process.env): Host | undefined {
  return HOSTS.find((host) => env[HOST_ENVIRONMENT[host].name] === HOST_ENVIRONMENT[host].value);
}

/**
 * How a host installs the site's packages before it builds: `dependencies` only, which is all
 * `npm run generate` needs (the tests, browsers, checkers and benchmarks are devDependencies), from
 * npm's cache where it has the package, and without the audit and funding requests. netlify.toml
 * passes these flags to Netlify's own `npm install` (NPM_FLAGS); on Cloudflare Pages the automatic
 * install is turned off (SKIP_DEPENDENCY_INSTALL) and the build command runs `npm ci` with them.
 */
export const HOST_INSTALL_FLAGS = ["--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"] as const;

/** The install each host runs on a fresh clone, as a command line. */
const HOST_INSTALL_COMMAND: Record<Host, string> = {
  netlify: `npm install ${HOST_INSTALL_FLAGS.join(" ")}`,
  cloudflare: `npm ci ${HOST_INSTALL_FLAGS.join(" ")}`,
};

/** What each host runs after its install: the same command everywhere. */
export const HOST_BUILD_COMMAND = "npm run generate";

/** Cloudflare Pages' build command, which installs as well (docs/deploying.md). */
export const CLOUDFLARE_BUILD_COMMAND = `${HOST_INSTALL_COMMAND.cloudflare} && ${HOST_BUILD_COMMAND}`;

/**
 * What a build reads, and so the only files whose change can change dist/: the command line, the
 * data, the generator and its templates, the packages and the hosts' settings. A folder ends in "/".
 * Markdown inside them (the folders' READMEs, data/SOURCES.md) is read by people, not by the build.
 * A commit that touches nothing else (the guides, the tests, the workflows, the editors' JSON
 * Schemas) builds nothing on either host: Netlify's ignore command and Cloudflare Pages' build watch
 * paths are made from this list, and test/build-inputs.test.ts builds a copy of the project that has
 * only these and finds the same dist/.
 */
export const BUILD_INPUTS = [
  "bin/",
  "data/",
  "scripts/",
  "templates/",
  "netlify/",
  "netlify.toml",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  ".nvmrc",
] as const;

/** Within BUILD_INPUTS, what the build never reads, as a pattern both hosts' path rules take. */
export const NOT_READ_BY_THE_BUILD = "*.md";

/**
 * BUILD_INPUTS as git pathspecs from the top of the checkout, Markdown left out: what a commit must
 * touch to need a build, wherever in the checkout git runs.
 */
export const BUILD_INPUT_PATHSPECS = [
  ...BUILD_INPUTS.map((input) => `:(top)${input}`),
  `:(top,exclude)${NOT_READ_BY_THE_BUILD}`,
] as const;

/**
 * Netlify's ignore command (netlify.toml): it exits 0, and Netlify cancels the build, when no build
 * input changed between the commit last built and this one. Netlify gives both the same commit when
 * it builds without its cache (a first build, a new pull request's first preview), so that case
 * builds; a commit git cannot find (a shallow clone) ends git with 128, which builds too. It cannot
 * cancel a build that a build hook asked for (docs.netlify.com, "Ignore builds").
 */
export const NETLIFY_IGNORE_COMMAND =
  '[ "$CACHED_COMMIT_REF" != "$COMMIT_REF" ] && git diff --quiet "$CACHED_COMMIT_REF" "$COMMIT_REF" -- ' +
  BUILD_INPUT_PATHSPECS.map((spec) => `"${spec}"`).join(" ");

/**
 * Cloudflare Pages' build watch paths (Settings → Build → Build watch paths), which take a path or
 * a pattern with "*" at its start or end: a push whose files all miss the include paths, or match
 * the exclude paths, is not built.
 */
export const CLOUDFLARE_WATCH_PATHS = {
  include: BUILD_INPUTS.map((input) => (input.endsWith("/") ? `${input}*` : input)).join(", "),
  exclude: NOT_READ_BY_THE_BUILD,
};
