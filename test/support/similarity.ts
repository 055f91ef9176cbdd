// Text similarity for the near-duplicate check: word n-gram shingles and their Jaccard index,
// the measure search engines' duplicate detection is usually explained with (Broder, 1997).

/** Lower-case words, punctuation dropped, so "Mattoon," and "mattoon" count as one word. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

/** Every run of `size` consecutive words, as one string each. */
function shingles(text: string, size = 5): Set<string> {
  const list = words(text);
  const result = new Set<string>();
  for (let i = 0; i + size <= list.length; i++) result.add(list.slice(i, i + size).join(" "));
  return result;
}

/** |A ∩ B| / |A ∪ B|: 0 for nothing in common, 1 for the same set. */
function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface PairScore {
  a: string;
  b: string;
  score: number;
}

/** The similarity of every pair of texts, highest first. */
export function pairScores(texts: ReadonlyMap<string, string>, size = 5): PairScore[] {
  const sets = [...texts].map(([key, text]) => [key, shingles(text, size)] as const);
  const scores: PairScore[] = [];
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      const [a, setA] = sets[i]!;
      const [b, setB] = sets[j]!;
      scores.push({ a, b, score: jaccard(setA, setB) });
    }
  }
  return scores.sort((x, y) => y.score - x.score);
}
