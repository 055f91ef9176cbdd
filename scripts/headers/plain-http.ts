// The policy for a site on plain HTTP, in a module of its own so that the local server reads it
// without loading the HTML scanner the rest of the policy needs.

/** The directive that asks the browser to fetch every http: address of a page over https. */
export const UPGRADE_INSECURE_REQUESTS = "upgrade-insecure-requests";

/**
 * A policy for a page on plain HTTP: without upgrade-insecure-requests. That is what the live site
 * wants, but on plain HTTP the directive can do nothing but harm: Chromium and Firefox exempt
 * loopback addresses, but WebKit (Safari) does not, so on http://127.0.0.1, or on the computer's
 * address opened from a phone on the same network, every link, image and even #main would lead
 * to https://, where nothing answers.
 */
export function plainHttpPolicy(policy: string): string {
  const directives = policy.split(";").map((directive) => directive.trim());
  return directives.filter((directive) => directive.toLowerCase() !== UPGRADE_INSECURE_REQUESTS).join("; ");
}
