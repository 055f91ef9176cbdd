// Town pages that are copies of each other. Search engines' spam policies name pages that differ
// only by the town's name as doorway pages, and the way to add a town (docs/owner-guide.md, "Add a town") is
// to paste an example: pasted twice with another name, it would make exactly such a pair. So the
// build measures how much of each town page's wording another town page has, refuses a page that
// shares too much, and warns in a band below. Pure and without node: imports, so that the site
// editor's script (admin/editor.ts) runs the same rule on save.
//
// The measure. A page's wording is what the owner writes for it: the description, the body, the
// highlights and the FAQ answers (the questions are short and alike by nature; the templates'
// own text is the same on every page and is not counted). Each text is cut into runs of five
// words (shingles.ts), after every place name of the towns file, town or county, is replaced by
// one placeholder: "Oakland" and "Arcola", "Coles" and "Douglas" read alike, so a copy with the
// names swapped is measured as the copy it is. The share of two pages is the part of their runs
// that both have: 2·|A ∩ B| / (|A| + |B|) (Dice's coefficient; for two pages of the same length,
// the fraction of each page's runs found on the other), shown rounded down to a whole percent.
//
// The thresholds, from the data (27 town pages, 351 pairs, 265 to 365 runs a page):
// - today's pairs: two in three share no run at all (234 of 351); 90th percentile 1.1 %,
//   highest 4.0 % (Paris and Champaign);
// - the owner's guide's Oakland example against each of them: at most 7.1 % (Lerna), then 3.0 %;
// - copies: the example pasted again under another name, with or without another county, 100 %;
//   any of today's pages with its town's name replaced everywhere, 100 % (without the
//   placeholder 94–99 %, and 90 % with the county swapped too); a copy with a description and
//   highlights of its own (what the other rules demand) 91–95 %; a copy with one paragraph of
//   its own added 84–94 %;
// - parts borrowed, over all 702 ordered pairs of today's pages: another town's FAQ answers
//   39–52 %, its body 40–58 %, all but its answers 49–65 %; one paragraph 14–34 % (median 23 %);
//   one FAQ answer 12–21 % (median 16 %).
// Refused from 30 %: every copy and every page that borrows a whole part of another (its body,
// its answers), and a page with a third of it borrowed (17 of the 702 single paragraphs); today's
// pages and the example are four times below. It is about the line the seo tests draw on the
// rendered pages (a Jaccard index of 0.20 of the main text, template text included, is a share
// of 33 %). Warned from 15 %: nearly every borrowed paragraph (700 of 702), two borrowed answers
// in three (472 of 702); twice the example's 7.1 %.
//
// The cost: every page is compared with every earlier page, but only through the runs they
// share: an index from each run to the pages that have it counts the shared runs of just the
// pairs that have any. A refused page is left out of the index (a further copy is measured
// against the page it copies), so that even thousands of pasted copies stay linear. On this
// project's 2-core machine, 27 pages take 6 to 18 ms (of a `check` of 1.4 s); 2,700 synthetic town
// pages, when a benchmark of that size was kept, took 0.4 to 1.2 s, of a `check` of 15 s.
import { shingles, wordsOf } from "./shingles.ts";

/** The lists of towns.yaml whose rows each get a page, in reading order. */
export const TOWN_PAGE_LISTS = ["towns", "alsoServing"] as const;
export type TownPageList = (typeof TOWN_PAGE_LISTS)[number];

/** A town page refused: it shares at least this percentage of its wording with another. */
export const REFUSED_PERCENT = 30;
/** A town page warned about: it shares at least this percentage, but less than REFUSED_PERCENT. */
export const WARNED_PERCENT = 15;

/** A row of towns.yaml: its list, its position there, its name. */
export interface TownPageRow {
  list: TownPageList;
  index: number;
  name: string;
}

export interface NearDuplicate {
  /** The later of the two rows in reading order: the one reported. */
  page: TownPageRow;
  /** The earlier page it shares most with. */
  other: TownPageRow;
  /** The share of wording, rounded down to a whole percent. */
  percent: number;
  /** At or over REFUSED_PERCENT; otherwise a warning. */
  refused: boolean;
}

/** Stands for any town or county name. */
const PLACE = "<place>";

type Fields = Record<string, unknown>;
/** A text, read leniently: anything but a string is an empty one. */
export const textOf = (value: unknown): string => (typeof value === "string" ? value : "");
/** A list's items, read leniently: anything but a list is none, anything but a group of fields an empty one. */
export const itemsOf = (value: unknown): Fields[] =>
  Array.isArray(value) ? value.map((item) => (item && typeof item === "object" ? (item as Fields) : {})) : [];

/**
 * The rows of towns.yaml, read leniently: the editor checks a file before the schema has, and
 * a row being typed may lack a field.
 */
function townRows(townsFile: unknown): { row: TownPageRow; fields: Fields }[] {
  const lists = (townsFile && typeof townsFile === "object" ? townsFile : {}) as Fields;
  return TOWN_PAGE_LISTS.flatMap((list) =>
    itemsOf(lists[list]).map((fields, index) => ({ row: { list, index, name: textOf(fields.name) }, fields })),
  );
}

/** What the owner writes for a page: description, paragraphs, highlights, answers. */
function pageTexts(fields: Fields): string[] {
  return [
    textOf(fields.description),
    ...(Array.isArray(fields.body) ? fields.body.map(textOf) : []),
    ...itemsOf(fields.highlights).map((highlight) => textOf(highlight.text)),
    ...itemsOf(fields.faqs).map((faq) => textOf(faq.answer)),
  ];
}

/** "Oakland's" is "Oakland" for matching a name. */
const bare = (word: string) =>
  word.length > 2 && word.endsWith("s") && "'’".includes(word[word.length - 2]!) ? word.slice(0, -2) : word;

/** Every town and county name of the file, as words, by first word; the longest first. */
function placeNames(rows: readonly { fields: Fields }[]): Map<string, string[][]> {
  const names = new Map<string, string[][]>();
  const seen = new Set<string>();
  for (const { fields } of rows) {
    for (const name of [textOf(fields.name), textOf(fields.county)]) {
      const words = wordsOf(name);
      const key = words.join(" ");
      if (words.length === 0 || seen.has(key)) continue;
      seen.add(key);
      const list = names.get(words[0]!) ?? [];
      list.push(words);
      names.set(words[0]!, list);
    }
  }
  for (const list of names.values()) list.sort((a, b) => b.length - a.length);
  return names;
}

/** The text's words in lower case, each place name (as written, capitalised) one placeholder. */
function placeFreeWords(text: string, places: ReadonlyMap<string, string[][]>): string[] {
  const words = wordsOf(text);
  const result: string[] = [];
  for (let i = 0; i < words.length; ) {
    const name = places.get(bare(words[i]!))?.find((candidate) => candidate.every((word, k) => bare(words[i + k] ?? "") === word));
    result.push(name ? PLACE : words[i]!.toLowerCase());
    i += name ? name.length : 1;
  }
  return result;
}

/** A page's runs of words (shingles.ts), each once, in order. */
function pageRuns(fields: Fields, places: ReadonlyMap<string, string[][]>): Float64Array {
  return textRuns(pageTexts(fields), places);
}

/** The runs of words of some texts (shingles.ts), each once, in order. */
function textRuns(texts: readonly string[], places: ReadonlyMap<string, string[][]>): Float64Array {
  const runs = Float64Array.from(texts.flatMap((text) => shingles(placeFreeWords(text, places)))).sort();
  let unique = 0;
  for (let k = 0; k < runs.length; k++) if (k === 0 || runs[k] !== runs[k - 1]) runs[unique++] = runs[k]!;
  return runs.subarray(0, unique);
}

/**
 * The town pages' wording as the rule measures it, for a feature's texts held to the same rule (a
 * job's story, features/jobs/data/near-duplicates.ts): each page's runs, and the runs of any text
 * with the towns file's place names as one placeholder.
 */
export function townPagesMeasured(townsFile: unknown): {
  pages: { row: TownPageRow; runs: Float64Array }[];
  runsOf(text: unknown): Float64Array;
} {
  const rows = townRows(townsFile);
  const places = placeNames(rows);
  return {
    pages: rows.map(({ row, fields }) => ({ row, runs: pageRuns(fields, places) })),
    runsOf: (text) => textRuns([textOf(text)], places),
  };
}

/**
 * The town pages whose wording is too close to an earlier page's: each later page once, with the
 * earlier page it shares most with. Refused from REFUSED_PERCENT, warned from WARNED_PERCENT.
 */
export function nearDuplicateTowns(townsFile: unknown): NearDuplicate[] {
  const rows = townRows(townsFile);
  const places = placeNames(rows);
  const pages = rows.map(({ row, fields }) => ({ row, runs: pageRuns(fields, places) }));
  // The earlier pages that have each run (one page, or several), and, for the page at hand, the
  // number of runs it shares with each of them.
  const pagesWith = new Map<number, number | number[]>();
  const shared = new Int32Array(pages.length);
  const touched: number[] = [];
  const count = (j: number) => {
    if (shared[j] === 0) touched.push(j);
    shared[j] = shared[j]! + 1;
  };
  const found: NearDuplicate[] = [];
  pages.forEach(({ row, runs }, i) => {
    if (runs.length === 0) return;
    for (const run of runs) {
      const earlier = pagesWith.get(run);
      if (typeof earlier === "number") count(earlier);
      else earlier?.forEach(count);
    }
    let best = -1;
    let bestShare = 0;
    for (const j of touched) {
      const share = (2 * shared[j]!) / (runs.length + pages[j]!.runs.length);
      if (share > bestShare || (share === bestShare && j < best)) [best, bestShare] = [j, share];
      shared[j] = 0;
    }
    touched.length = 0;
    // Rounded down, so that the percentage shown never reaches a threshold the share does not.
    const percent = Math.floor(bestShare * 100 + 1e-9);
    const refused = percent >= REFUSED_PERCENT;
    if (!refused) {
      for (const run of runs) {
        const earlier = pagesWith.get(run);
        if (earlier === undefined) pagesWith.set(run, i);
        else if (typeof earlier === "number") pagesWith.set(run, [earlier, i]);
        else earlier.push(i);
      }
    }
    if (percent >= WARNED_PERCENT) found.push({ page: row, other: pages[best]!.row, percent, refused });
  });
  return found;
}

/**
 * A near-duplicate in the owner's words: what was found (`where`: how to find the other row, such
 * as "line 66") and what a page of the town's own is.
 */
export function nearDuplicateWording({ page, other, percent, refused }: NearDuplicate, where?: string) {
  const limit = refused
    ? `under ${REFUSED_PERCENT} %: search engines treat town pages that differ only by the name as spam`
    : `under ${WARNED_PERCENT} % to be safe (from ${REFUSED_PERCENT} % the build refuses it)`;
  return {
    found: `a page that shares ${percent} % of its wording with ${other.name}'s page${where ? ` (${where})` : ""}`,
    expected: `${limit}. Write what only ${page.name} has: its own highlights, local conditions, roads and soils, the questions people there ask`,
  };
}
