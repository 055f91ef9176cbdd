// What `sitegen check-deploy` prints: what it checked, one line per difference (the same
// difference at many addresses is one line, naming the first few), and a summary. Everything the
// live site sent is printed escaped (printable.ts).
import { ADMIN_PATH, SERVICE_WORKER_PATH } from "../site/urls.ts";
import type { CheckResult, Problem } from "./check-deploy.ts";
import { printable } from "../lib/printable.ts";
import { quoted } from "./printable.ts";
import { SERVER_NAMES } from "./servers.ts";

/** How many addresses a line names before it says how many more. */
const NAMED = 3;

/** How the check knew which server answered, in words. */
function servedBy(result: CheckResult): string {
  const name = SERVER_NAMES[result.server];
  if (result.known === "told") return `served by ${name} (as told)`;
  if (result.known === "detected") return `served by ${name} (detected from ${quoted(result.evidence ?? "")})`;
  return "served by a server that follows the rule, as sitegen serve and nginx do (no host named in its headers; --served-by tells which)";
}

function addresses(list: readonly string[]): string {
  if (list.length <= NAMED) return list.join(", ");
  return `${list.slice(0, NAMED - 1).join(", ")} and ${list.length - NAMED + 1} more`;
}

/** The problems, one line per difference, in the order first found. */
function problemLines(problems: readonly Problem[]): string[] {
  const groups = new Map<string, Problem[]>();
  for (const problem of problems) groups.set(problem.what, [...(groups.get(problem.what) ?? []), problem]);
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const where = [...new Set(group.map((problem) => problem.address))];
    const detail =
      first.detail === undefined ? "" : where.length > 1 ? ` (${first.address}: ${first.detail})` : `: ${first.detail}`;
    return `${addresses(where)}: ${first.what}${detail}`;
  });
}

/** The lines to print, and whether the live site is what generate wrote. */
export function checkReport(result: CheckResult, distLabel: string): { lines: string[]; ok: boolean } {
  const heading = `Checking ${result.origin} against ${distLabel} (${result.pages} pages in its sitemap), ${servedBy(result)}`;
  if (result.hostDown) {
    const { answered, meaning, status } = result.hostDown;
    const said = `The live site is not there: ${result.origin}/ answers ${status} with ${answered}.`;
    return { lines: [heading, said, meaning].map((line) => printable(line)), ok: false };
  }
  const lines = problemLines(result.problems);
  const places = new Set(result.problems.map((problem) => problem.address)).size;
  const summary =
    lines.length === 0
      ? `OK: the ${result.pages} pages of the sitemap and their other names, the 404 page, ${SERVICE_WORKER_PATH}, ${ADMIN_PATH}, ` +
        `robots.txt and the sitemap answer as generate wrote them in ${distLabel}, and the estimate form's frame and ` +
        `script answer (${result.requests} requests).`
      : `${lines.length} problem${lines.length === 1 ? "" : "s"} at ${places} of the ${result.requests} addresses asked.`;
  return { lines: [heading, ...lines, summary].map((line) => printable(line)), ok: lines.length === 0 };
}
