// The static hosts docs/deploying.md tells the owner to deploy to: their names, the variable each sets in
// its builds, and how each installs and builds the site. What a build for one of them writes is
// chosen in pipeline/build-target.ts.
export const HOSTS = ["netlify", "cloudflare"] as const;
export type Host = (typeof HOSTS)[number];

export const HOST_NAMES: Record<Host, string> = { netlify: "Netlify", cloudflare: "Cloudflare Pages" };

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
