// "Did you mean …?": the closest allowed word to a misspelt one. Pure functions, no I/O.

/**
 * Edit distance counting an insertion, a deletion, a substitution or a swap of two neighbouring
 * letters as one edit each ("optimal string alignment"): "dsecription" is one edit from
 * "description", as a person would count it.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rolling rows: the swap rule looks two rows back.
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * How many edits a typed word of this length may be away and still count as a slip of the keys: about
 * one in three letters ("countie" → "county" is two edits in seven letters). More than that lets
 * "water" suggest "watch".
 */
function allowedEdits(length: number): number {
  return Math.max(1, Math.floor(length / 3));
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}

/**
 * The candidate closest to `typed`, or undefined when none is close enough to be a typo.
 * Case is ignored ("CtaPhone" → "ctaPhone"). Ties go to the candidate of the same length (a
 * mistyped letter is likelier than a missing one), then to the longest shared beginning.
 */
export function closestMatch(typed: string, candidates: Iterable<string>): string | undefined {
  const wanted = typed.trim().toLowerCase();
  if (wanted.length === 0) return undefined;
  let best: { candidate: string; distance: number; lengthGap: number; prefix: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === typed) continue;
    const lower = candidate.toLowerCase();
    const distance = editDistance(wanted, lower);
    if (distance > allowedEdits(wanted.length)) continue;
    const lengthGap = Math.abs(lower.length - wanted.length);
    const prefix = commonPrefixLength(wanted, lower);
    const better =
      !best ||
      distance < best.distance ||
      (distance === best.distance && lengthGap < best.lengthGap) ||
      (distance === best.distance && lengthGap === best.lengthGap && prefix > best.prefix);
    if (better) best = { candidate, distance, lengthGap, prefix };
  }
  return best?.candidate;
}

/**
 * Candidates that contain every word of `typed` ("water" → "glass-water"), for when the person
 * described the thing rather than misspelt its name. At most `limit`, shortest first.
 */
export function containingMatches(typed: string, candidates: Iterable<string>, limit = 3): string[] {
  const words = typed
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3);
  if (words.length === 0) return [];
  return [...candidates]
    .filter((candidate) => words.every((word) => candidate.toLowerCase().includes(word)))
    .sort((a, b) => a.length - b.length || a.localeCompare(b))
    .slice(0, limit);
}

/** "'a'", "'a' or 'b'", "'a', 'b' or 'c'": the words a hint offers. */
export function quoteChoices(words: readonly string[]): string {
  const quoted = words.map((word) => `'${word}'`);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}

/** The closest of `candidates` to `typed`, or else those that contain one of its words. */
export function suggestionsFor(typed: string, candidates: readonly string[]): string[] {
  const match = closestMatch(typed, candidates);
  return match ? [match] : containingMatches(typed, candidates);
}

/** "did you mean 'a' or 'b'?", or undefined when there is nothing to suggest. */
export function didYouMean(words: readonly string[]): string | undefined {
  return words.length > 0 ? `did you mean ${quoteChoices(words)}?` : undefined;
}
