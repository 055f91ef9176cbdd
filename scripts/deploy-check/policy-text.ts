// A Content-Security-Policy header as sent, read into its policies and their directives.

/** Each directive's sources, by lower-case directive name; the first of a name counts, as in browsers. */
export type Directives = ReadonlyMap<string, readonly string[]>;

export function directivesOf(policy: string): Directives {
  const directives = new Map<string, string[]>();
  for (const directive of policy.split(";")) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The policies in a header's lines: a comma separates two policies sent in one line. */
export function policiesIn(lines: readonly string[]): string[] {
  return lines.flatMap((line) => line.split(",")).map((policy) => policy.trim());
}
