// The rule of an address the site's pages send to (an events address, such as the counting
// feature's): written into every page's policy as a source (headers/policy.ts holds any feature's
// to it), it keeps web-address.ts's rule for a host, and more.
import {
  HOST,
  HTTPS_ADDRESS_EXPECTED,
  httpsAddressProblem,
  MAX_HOST_LENGTH,
  shown,
} from "./web-address.ts";

/**
 * An address the site's pages send their counts to (Plausible's events address): an https address
 * on a host name, with no user, password or port, and a path (such as /api/event) of letters,
 * digits and - . _ ~ / % only, with no query or fragment. It is written into every page's policy as a source, which a
 * space, a comma, a semicolon or a quote would end early. As a pattern, for the JSON Schemas and
 * the editor too.
 */
export const EVENTS_ADDRESS = new RegExp(
  `^https://(?=[^/?#]{1,${MAX_HOST_LENGTH}}(?:/|$))${HOST}/[A-Za-z0-9._~%/-]+$`,
);

/** What the events address's rule expects, as every refusal says it. */
export const EVENTS_ADDRESS_EXPECTED = `${HTTPS_ADDRESS_EXPECTED.replace("https:// address", "https:// address such as https://plausible.io/api/event")}, and a path such as /api/event of letters, digits and - . _ ~ / % only (no ?, # or spaces)`;

/** Why an events address breaks its rule, in the owner's words; undefined when it keeps it. */
export function eventsAddressProblem(text: string): string | undefined {
  if (EVENTS_ADDRESS.test(text)) return undefined;
  const general = httpsAddressProblem(text);
  if (general) return general.replace(HTTPS_ADDRESS_EXPECTED, EVENTS_ADDRESS_EXPECTED);
  const path = text.slice("https://".length).replace(/^[^/?#]*/, "");
  if (path === "" || path === "/") return `${EVENTS_ADDRESS_EXPECTED}: it has no path`;
  const other = /[^A-Za-z0-9._~%/-]/.exec(path)![0];
  return `${EVENTS_ADDRESS_EXPECTED}: its path holds "${shown(other)}"`;
}
