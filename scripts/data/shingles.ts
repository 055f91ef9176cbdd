// Text as word shingles: every run of a few consecutive words, the unit search engines' duplicate
// detection is usually explained with (Broder, 1997). The near-duplicate rule for town pages
// (near-duplicates.ts) and the tests' near-duplicate check of rendered pages both read text this
// way. Pure, no I/O: the site editor's script bundles it for the browser.
//
// A run is kept as a number, not as its words joined into a string: a hash of its words, 53 bits
// from two independent 32-bit hashes. Comparing thousands of pages then costs no string building
// (2,700 town pages: about a million runs), and two different runs get the same number with odds
// of about 1 in 20,000 for a whole site of a million runs: one run counted as shared, a rounding
// error of the measure.

/** Words of five: long enough that a shared run is shared wording, not a common phrase. */
export const SHINGLE_WORDS = 5;

/** A word: letters and digits, with an apostrophe inside ("county's", "don't"); punctuation dropped. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The words of a text as written ("Mattoon," gives "Mattoon"). */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** MurmurHash3's finaliser: every bit of the input moves every bit of the output. */
function mix(hash: number): number {
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** Every run of `size` consecutive words, as a number (the same words, the same number). */
export function shingles(words: readonly string[], size = SHINGLE_WORDS): number[] {
  // Two hashes of each word: FNV-1a, and the same walk with another start and multiplier.
  const first = new Uint32Array(words.length);
  const second = new Uint32Array(words.length);
  words.forEach((word, i) => {
    let a = 0x811c9dc5;
    let b = 0x5bd1e995;
    for (let k = 0; k < word.length; k++) {
      const code = word.charCodeAt(k);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x27d4eb2f);
    }
    first[i] = mix(a);
    second[i] = mix(b);
  });
  const runs: number[] = [];
  for (let i = 0; i + size <= words.length; i++) {
    let a = size;
    let b = ~size;
    for (let k = i; k < i + size; k++) {
      a = Math.imul(a ^ first[k]!, 0x9e3779b1);
      b = Math.imul(b + second[k]!, 0x85ebca77) ^ (b >>> 15);
    }
    // 32 bits of one and 21 of the other: a whole number JavaScript holds exactly.
    runs.push(mix(a) * 0x200000 + (mix(b) >>> 11));
  }
  return runs;
}
