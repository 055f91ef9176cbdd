// The headers an answer was sent with, held to the ones generate wrote for its path in dist/_headers:
// each once, with the rule's value (or one the host is known to send in its place), and never a
// header the build takes away. What differs is said in a line each; for a Content-Security-Policy,
// directive by directive, since a whole policy is too long to read.
import { HOST_ADDED_HEADERS } from "../headers/headers-file.ts";
import type { HeaderSet } from "../headers/rules.ts";
import { directivesOf, policiesIn } from "./policy-text.ts";
import { quoted } from "./printable.ts";
import type { SentHeaders } from "./servers.ts";

const CSP = "content-security-policy";

/** How a policy sent differs from the build's, directive by directive. */
function policyDifference(built: string, sent: string): string {
  const [expected, found] = [directivesOf(built), directivesOf(sent)];
  const differences: string[] = [];
  for (const [name, sources] of expected) {
    const sentSources = found.get(name);
    if (sentSources === undefined) {
      differences.push(`no ${name}`);
      continue;
    }
    const missing = sources.filter((source) => !sentSources.includes(source));
    const extra = sentSources.filter((source) => !sources.includes(source));
    if (missing.length > 0) differences.push(`${name} lacks ${missing.join(" ")}`);
    if (extra.length > 0) differences.push(`${name} also has ${extra.join(" ")}`);
  }
  for (const [name, sources] of found) {
    if (!expected.has(name)) differences.push(`${[name, ...sources].join(" ")} added`);
  }
  return quoted(differences.join("; ") || "the same directives in another form", 400);
}

/** One header that differs: what (the same words wherever it differs alike), and the values, where they vary by path. */
export interface HeaderDifference {
  what: string;
  detail?: string;
}

/**
 * What differs between the headers generate wrote for an answer (`built`) and those it was sent
 * with. `alsoAccepted` gives, for a header, the values the server may send in the rule's place.
 */
export function headerDifferences(
  built: HeaderSet,
  sent: SentHeaders,
  alsoAccepted: (name: string, value: string) => readonly string[],
): HeaderDifference[] {
  const differences: HeaderDifference[] = [];
  for (const [name, value] of Object.entries(built)) {
    const isPolicy = name.toLowerCase() === CSP;
    const lines = sent.get(name.toLowerCase()) ?? [];
    const values = isPolicy ? policiesIn(lines) : lines;
    const accepted = [value, ...alsoAccepted(name, value)];
    if (values.length === 0) {
      // A page's policy is its own; the other headers are the same on every page.
      differences.push(
        isPolicy
          ? { what: `${name} missing`, detail: `expected ${quoted(value)}` }
          : { what: `${name} missing, expected ${quoted(value)}` },
      );
    } else if (values.length > 1) {
      const same = new Set(values).size === 1;
      differences.push({
        what: isPolicy
          ? `${name} sent ${values.length} policies, expected one`
          : `${name} sent ${values.length} times, expected once`,
        detail: same
          ? `${values.length} times ${quoted(values[0]!)}`
          : values.map((each) => quoted(each)).join(" and "),
      });
    } else if (!accepted.includes(values[0]!)) {
      differences.push({
        what: isPolicy
          ? `${name} is not the build's: ${policyDifference(value, values[0]!)}`
          : `${name} is ${quoted(values[0]!)}, expected ${quoted(value)}`,
      });
    }
  }
  // Headers a host adds by itself, which the build detaches: never sent.
  for (const name of HOST_ADDED_HEADERS) {
    const lines = sent.get(name.toLowerCase());
    if (lines) differences.push({ what: `${name} sent (${quoted(lines.join(", "))}), which the build takes away` });
  }
  return differences;
}
