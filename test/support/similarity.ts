// Text similarity for the near-duplicate check of rendered pages: word n-gram shingles (the same
// shingling as the build's rule, scripts/data/shingles.ts) and their Jaccard index.
import { SHINGLE_WORDS, shingles, wordsOf } from "../../scripts/data/shingles.ts";

/** |A ∩ B| / |A ∪ B|: 0 for nothing in common, 1 for the same set. */
function jaccard(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
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

/** The similarity of every pair of texts, highest first. Lower-case words: "Mattoon" and "mattoon" count as one. */
export function pairScores(texts: ReadonlyMap<string, string>, size = SHINGLE_WORDS): PairScore[] {
  const sets = [...texts].map(([key, text]) => [key, new Set(shingles(wordsOf(text.toLowerCase()), size))] as const);
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
