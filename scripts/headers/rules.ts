// Header rules as dist/_headers holds them, and which headers a response for a path gets from them.
// The local server and the nginx config read rules; only the build writes them (policy.ts).

export type HeaderSet = Record<string, string>;

/**
 * One block of dist/_headers: a path pattern ("/*", "/assets/*" or an exact path) and headers.
 * Rules apply top to bottom; a later matching rule's header replaces an earlier one of that name.
 */
export interface HeaderRule {
  path: string;
  headers: HeaderSet;
}

/** Does a _headers path pattern match a URL path? "/x/*" matches below /x/; others exactly. */
export function pathMatches(pattern: string, urlPath: string): boolean {
  return pattern.endsWith("*") ? urlPath.startsWith(pattern.slice(0, -1)) : urlPath === pattern;
}

/** The headers a response for `urlPath` carries. */
export function headersForPath(rules: readonly HeaderRule[], urlPath: string): HeaderSet {
  const byName = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!pathMatches(rule.path, urlPath)) continue;
    for (const [name, value] of Object.entries(rule.headers)) byName.set(name.toLowerCase(), [name, value]);
  }
  return Object.fromEntries(byName.values());
}
