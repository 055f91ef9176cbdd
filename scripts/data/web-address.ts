// The one rule for an address in data/: https, and a host that is a host name. An address's host
// reaches the security policy, the nginx config and the terminal, where a character the URL
// parser lets through (`*`, `;`, `"`, `$`, an escape) would widen the policy, write a directive or
// rewrite the screen; so the host is held to what DNS allows, and the rest to printable ASCII.
import { excerpt } from "../lib/printable.ts";

/** What a host name may be besides the rule every one keeps. */
interface HostNameRule {
  lowercase?: boolean;
  dotted?: boolean;
}

/**
 * A host name as a pattern's source: labels of letters, digits and hyphens (not at either end, at
 * most 63 characters) joined by dots. The last label starts with a letter, as every top-level
 * domain does: a host whose last label is a number is an IPv4 address to the URL parser, which
 * rewrites it (0x7f.1 is 127.0.0.1) or refuses it (999.1.1.1), so the policy would read another
 * host than the data, or the build would fail unnamed. `lowercase`: no capital letters;
 * `dotted`: two labels at least, as a site's name is (example.com, not example).
 */
function hostSource({ lowercase = false, dotted = false }: HostNameRule): string {
  const letters = lowercase ? "a-z" : "A-Za-z";
  const label = `[${letters}0-9](?:[${letters}0-9-]{0,61}[${letters}0-9])?`;
  const lastLabel = `[${letters}](?:[${letters}0-9-]{0,61}[${letters}0-9])?`;
  return `(?:${label}\\.)${dotted ? "+" : "*"}${lastLabel}`;
}

/** A host name: labels joined by dots, the last one starting with a letter. */
export const HOST = hostSource({});

/** The most characters a host name may have (RFC 1035). */
export const MAX_HOST_LENGTH = 253;

/** A whole text that is a host name of at most 253 characters, as a pattern (for the JSON Schemas and the editor too). */
export function hostNamePattern(rule: HostNameRule = {}): RegExp {
  return new RegExp(`^(?=.{1,${MAX_HOST_LENGTH}}$)${hostSource(rule)}$`);
}

const HOST_NAME = hostNamePattern();

/**
 * An https address whose host is a host name, with no user, password or port, and nothing but
 * printable ASCII after it. As a pattern, for the JSON Schemas and the editor too.
 */
export const HTTPS_ADDRESS = new RegExp(
  `^https://(?=[^/?#]{1,${MAX_HOST_LENGTH}}(?:[/?#]|$))${HOST}(?:[/?#][\\x21-\\x7E]*)?$`,
);

/** Whether a text is a host name: labels of letters, digits and hyphens, the last starting with a letter, at most 253 characters. */
export function isHostName(text: string): boolean {
  return HOST_NAME.test(text);
}

/** What the rule expects, as every refusal says it. */
export const HTTPS_ADDRESS_EXPECTED =
  "an https:// address whose host is a host name (letters, digits, hyphens and dots, at most 253 characters, ending in a name such as .com), with no user, password or port";

/** What a message shows of an address: anything outside printable ASCII as \u{…}, at most 60 characters. */
export const shown = (text: string) => excerpt(text, { ascii: true });

/** Why an address breaks the rule, in the owner's words; undefined when it keeps it. */
export function httpsAddressProblem(text: string): string | undefined {
  if (HTTPS_ADDRESS.test(text)) return undefined;
  if (!text.startsWith("https://")) return `${HTTPS_ADDRESS_EXPECTED}: it must start with https://`;
  const rest = text.slice("https://".length);
  const authority = rest.split(/[/?#]/, 1)[0]!;
  if (authority.includes("@")) return `${HTTPS_ADDRESS_EXPECTED}: "${shown(authority)}" holds a user or password`;
  if (/:\d*$/.test(authority) && isHostName(authority.replace(/:\d*$/, "")))
    return `${HTTPS_ADDRESS_EXPECTED}: "${shown(authority)}" names a port`;
  if (authority.length > MAX_HOST_LENGTH)
    return `${HTTPS_ADDRESS_EXPECTED}: the host has ${authority.length} characters`;
  if (!isHostName(authority)) {
    const last = authority.split(".").at(-1) ?? "";
    const lastIsNumber = isHostName(`${authority}.com`) && !/^[A-Za-z]/.test(last);
    return `${HTTPS_ADDRESS_EXPECTED}: "${shown(authority)}" is not a host name${lastIsNumber ? ": its last part starts with a digit" : ""}`;
  }
  return `${HTTPS_ADDRESS_EXPECTED}: after the host, only printable characters without spaces`;
}
