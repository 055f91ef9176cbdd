// The statements of law the site makes, and the work it says needs a state license: each written
// once, in data/law.yaml, with the sources it rests on. A page says one by writing {law:<id>} in its
// text, as a sentence of its own, and the build puts the sentence there; for licensed work, the
// sentence site.yaml's licenses choose (the business does the work under its license, or it digs
// and a licensed installer or plumber does the rest).
//
// Where the data has a law.yaml, nothing else may state a rule: a sentence of the prose (prose.ts:
// the fields a visitor reads as words, never a key, a slug or a file's name) that says what a law,
// a code, a permit or an agency requires (ruleWords) is refused at its place, and so is one that
// says the business does work Illinois licenses when site.yaml names no such license
// (licensedWorkClaim). A data folder without law.yaml (the spec's data as delivered, in the tests)
// states no rule from it and is not read for either. The tests read every built page with the same
// two rules.
import type { DataProblem, PathKey } from "./problems.ts";
import { proseIn } from "./prose.ts";
import { problemAt, problemInText, type ParsedFile } from "./read-yaml.ts";
import { DATA_FILES, type DataFileName, type LawFile, type License, type SiteData } from "./schema.ts";
import { businessDay } from "./days.ts";
import type { CheckedFiles } from "./rows.ts";
import { didYouMean, suggestionsFor } from "./suggest.ts";

/** A reference to a rule of law.yaml in a text: {law:julie-notice}. */
const LAW_REFERENCE = /\{law:([^{}]*)\}/g;

/**
 * The files whose prose (prose.ts) may refer to a rule, and is read for rules typed in it: the
 * core's, and the features' files that say they hold prose (jobs.yaml).
 */
export const PROSE_FILES: readonly DataFileName[] = [
  "services",
  "towns",
  "faq",
  ...(Object.entries(DATA_FILES) as [DataFileName, { prose?: boolean }][])
    .filter(([, file]) => file.prose === true)
    .map(([name]) => name),
];


/** The texts of site.yaml that are prose: the tagline, the claims, the note under the hours. */
const SITE_PROSE: readonly PathKey[][] = [["tagline"], ["emergencyNote"]];

/** The sentence each rule and each licensed work of law.yaml stands for, with these licenses held. */
export function lawSentences(law: LawFile, licenses: readonly License[]): Map<string, string> {
  return new Map([
    ...law.rules.map((rule) => [rule.id, rule.sentence] as const),
    ...law.licensedWork.map(
      (work) => [work.id, licenses.includes(work.license) ? work.withLicense : work.withoutLicense] as const,
    ),
  ]);
}

/** Every text in `value` with each reference replaced by its sentence (the check has refused unknown ones). */
export function withLaw<T>(value: T, sentences: ReadonlyMap<string, string>): T {
  if (typeof value === "string")
    return value.replace(LAW_REFERENCE, (reference, id: string) => sentences.get(id) ?? reference) as T;
  if (Array.isArray(value)) return value.map((item) => withLaw(item, sentences)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withLaw(item, sentences)])) as T;
  return value;
}

/**
 * Abbreviations whose period ends no sentence, as the pages and law.yaml's citations write them:
 * "77 Ill. Adm. Code 905", "U.S. Route 45", "St. Elmo", "Mt. Zion", "P.A. 103-614", "Coles Co.
 * line". "No." only before a number ("No. 38", "No. ILR10"): before a word it answers a question
 * ("No. Submit the form").
 */
const ABBREVIATION = /(?<![\p{L}.])(?:Ill|Adm|U\.S|P\.A|St|Mt|Ft|Co|Twp|Rte|Hwy|Ave|Rd|Dept|Inc|Corp|Sec|Vol|Reg|Stat|Mr|Mrs|Ms|Dr|vs|e\.g|i\.e)\.$/u;
const NUMBER_ABBREVIATION = /(?<![\p{L}.])No\.$/u;

/** Whether a sentence ends at the end of `before`, `after` following it past the space between. */
function isSentenceEnd(before: string, after: string): boolean {
  if (!/[.!?]["'”’)]?$/.test(before)) return false;
  return !ABBREVIATION.test(before) && !(NUMBER_ABBREVIATION.test(before) && /^[A-Z]*\d/.test(after));
}

/**
 * The sentences of a text, each with where it starts: a sentence ends at . ! or ? (and a closing
 * quote) before a space, but for the period of an abbreviation (ABBREVIATION).
 */
export function sentencesOf(text: string): { text: string; offset: number }[] {
  const found: { text: string; offset: number }[] = [];
  let start = 0;
  // The few characters before a space are enough to tell an abbreviation.
  const ends = [...text.matchAll(/(?<=[.!?]["'”’)]?)\s+/g)].filter((space) =>
    isSentenceEnd(text.slice(Math.max(0, space.index - 16), space.index), text.slice(space.index + space[0].length)),
  );
  for (const end of [...ends, { index: text.length, 0: "" }]) {
    const sentence = text.slice(start, end.index);
    const lead = sentence.length - sentence.trimStart().length;
    if (sentence.trim() !== "") found.push({ text: sentence.trim(), offset: start + lead });
    start = end.index + end[0].length;
  }
  return found;
}

/** The owner's own claim (SPEC §1), which speaks of a license without saying what one requires. */
const OWNERS_CLAIM = /\blicensed and insured\b/gi;

/**
 * What makes a sentence state a rule: it names a law, a code, a regulation or a license, says what
 * must or is required, speaks of a permit or an inspection, or names one of the agencies whose rules
 * the pages state. Words only: a sentence that implies a rule without them is the writer's to avoid.
 */
const RULE_WORDS: readonly RegExp[] = [
  /\b(?:laws?(?!\.yaml)|legal(?:ly)?|illegal(?:ly)?|unlawful|statutes?|ILCS|CFR|Adm\. Code|ordinances?|regulat(?:e|es|ed|ion|ions|ory))\b/i,
  /\b(?:[A-Z][a-z]+ )+Code\b/,
  /\b(?:building|plumbing|electrical|residential|local|zoning|sanitary|county|city|state) codes?\b/i,
  /\bcodes? (?:call|calls|require|requires|allow|allows|set|sets|say|says)\b/i,
  /\blicen[cs](?:e|es|ed|ing)\b/i,
  /\b(?:must|mandatory|prohibit(?:s|ed)?|forbid(?:s|den)?)\b/i,
  /\brequir(?:e|es|ed|ing|ement|ements)\b/i,
  /\bpermit(?:s|ted)?\b/i,
  /\binspect(?:s|ed|ing|ion|ions|or|ors)?\b/i,
  /\b(?:OSHA|JULIE|811|IDOT|I?EPA|ILR10)\b/,
  /\b(?:health department|Department of (?:Public Health|Transportation|Natural Resources)|highway (?:authority|commissioner|department|office)|road (?:authority|district)|drainage district|district commissioners)\b/i,
];

/**
 * The words by which a sentence states what a law, a code, a permit or an agency requires; undefined
 * when it states none. A question asks, and states nothing.
 */
export function ruleWords(sentence: string): string | undefined {
  if (/\?["'”’)]?$/.test(sentence.trim())) return undefined;
  const said = sentence.replace(OWNERS_CLAIM, "");
  for (const words of RULE_WORDS) {
    const match = words.exec(said);
    if (match) return match[0];
  }
  return undefined;
}

/** The business says it does the work: "we install", "we replace the line", "we lay the pipe". */
const WE_DO =
  /\b(?:we|we'll|we're|we've)\b[^.!?]*?\b(install(?:s|ed|ing|ation)?|replac(?:e|es|ed|ing)|lay(?:s|ing)?|laid|connect(?:s|ed|ing)?|set(?:s|ting)? (?:the |a |new )?tanks?|build(?:s|ing)? (?:the |an |a )?(?:absorption )?fields?)\b/i;

/** What each license covers, as the pages would name it, and a name for the work that needs no "we". */
const LICENSED_WORK: Readonly<Record<License, { subject: RegExp; named: RegExp; what: string }>> = {
  "private-sewage-installation": {
    subject: /\b(?:septic|absorption fields?|distribution box(?:es)?|field lines|leach fields?|mound systems?)\b/i,
    named: /\b(?:septic|tank|field) (?:system |tank |and field )?installation\b/i,
    what: "installing a septic system, which Illinois licenses (Private Sewage Disposal Licensing Act)",
  },
  plumbing: {
    subject: /\b(?:sewer (?:laterals?|lines?|services?|pipes?)|building sewers?|water (?:services?|lines?)|service lines?)\b/i,
    named: /\b(?:sewer|water service|building sewer) (?:line )?(?:installation|replacement)\b/i,
    what: "laying or connecting sewer or water pipe, which Illinois licenses as plumbing (Illinois Plumbing License Law)",
  },
};

/**
 * The license a sentence says the business works under, when it says it installs a septic system or
 * lays, replaces or connects a sewer or water line and `licenses` does not name the license; with
 * the words that say it.
 */
export function licensedWorkClaim(
  sentence: string,
  licenses: readonly License[],
): { license: License; words: string; what: string } | undefined {
  for (const [license, work] of Object.entries(LICENSED_WORK) as [License, (typeof LICENSED_WORK)[License]][]) {
    if (licenses.includes(license) || !work.subject.test(sentence)) continue;
    const claim = WE_DO.exec(sentence) ?? work.named.exec(sentence);
    if (claim) return { license, words: claim[0].length > 60 ? `…${claim[0].slice(-57)}` : claim[0], what: work.what };
  }
  return undefined;
}

const quoted = (text: string) => JSON.stringify(text.length > 70 ? `${text.slice(0, 67)}…` : text);

/** The data files that passed their schema, by name (rows.ts's CheckedFiles), law.yaml among them. */
export type LawFiles = CheckedFiles;

/**
 * The problems of law.yaml and of the references to it: each id once, no source read after today; a
 * reference names a rule and stands as a sentence of its own, and the text still fits its field
 * with the sentence in it; and, where the data has a law.yaml, no rule typed in the prose and no
 * licensed work claimed without the license. `lawAbsent`: the data has no law.yaml.
 */
export function lawProblems(files: LawFiles, lawAbsent: boolean, today: Date): DataProblem[] {
  const { site, law } = files;
  const lawData = law?.value as LawFile | undefined;
  const licenses = site ? (site.value as SiteData).licenses : undefined;
  const problems: DataProblem[] = lawData && law ? lawFileProblems(law, lawData, today) : [];
  const sentences = lawData && licenses ? lawSentences(lawData, licenses) : undefined;
  const ids = lawData ? [...lawSentences(lawData, []).keys()] : [];
  const prose: { file: ParsedFile; text: string; keys: PathKey[] }[] = [
    ...PROSE_FILES.flatMap((name) => {
      const file = files[name];
      return file ? proseIn(file.value, []).map((text) => ({ file, ...text })) : [];
    }),
    ...(site
      ? [...SITE_PROSE, ...(site.value as SiteData).claims.map((_, i) => ["claims", i, "text"])].flatMap((keys) => {
          const text = keys.reduce<unknown>((value, key) => (value as Record<PathKey, unknown> | undefined)?.[key], site.value);
          return typeof text === "string" ? [{ file: site, text, keys }] : [];
        })
      : []),
  ];
  for (const { file, text, keys } of prose) {
    // A law.yaml the schema refused has had its problems told; its references wait for it.
    for (const reference of lawData || lawAbsent ? text.matchAll(LAW_REFERENCE) : []) {
      const problem = referenceProblem(text, reference, ids, lawAbsent);
      if (problem) problems.push(problemInText(file, keys, reference.index, problem.found, problem.expected));
    }
    // Where law.yaml is given (and read), the rest of the prose states no rule of its own.
    if (!lawData) continue;
    const rest = text.replace(LAW_REFERENCE, (reference) => " ".repeat(reference.length));
    for (const sentence of sentencesOf(rest)) {
      const words = ruleWords(sentence.text);
      if (words) {
        problems.push(
          problemInText(
            file,
            keys,
            sentence.offset + sentence.text.indexOf(words),
            `"${words}" in ${quoted(sentence.text)}, a sentence that states a rule`,
            "each statement of what a law, a code, a permit or an agency requires written once, in law.yaml with its source, and said here as {law:<id>}; or words that state no rule",
          ),
        );
        continue;
      }
      const claim = licenses && licensedWorkClaim(sentence.text, licenses);
      if (claim) {
        const work = lawData.licensedWork.find((entry) => entry.license === claim.license);
        problems.push(
          problemInText(
            file,
            keys,
            sentence.offset + Math.max(0, sentence.text.indexOf(claim.words.replace(/^…/, ""))),
            `"${claim.words}": ${claim.what}, and site.yaml's licenses does not name ${claim.license}`,
            `${work ? `{law:${work.id}}, which says who does that work as site.yaml's licenses decide, and` : "words that say"} what the business does itself (the digging); or ${claim.license} under licenses in site.yaml, if the business holds that license`,
          ),
        );
      }
    }
  }
  if (sentences) problems.push(...resolvedLengthProblems(files, sentences));
  return problems;
}

/** What is wrong with one reference, or nothing. */
function referenceProblem(
  text: string,
  reference: RegExpExecArray | RegExpMatchArray,
  ids: readonly string[],
  lawAbsent: boolean,
): { found: string; expected: string } | undefined {
  const id = reference[1]!;
  const index = reference.index!;
  if (!ids.includes(id)) {
    const hint = didYouMean(suggestionsFor(id, ids));
    return {
      found: `${JSON.stringify(reference[0])}, a rule ${lawAbsent ? "with no data/law.yaml to hold it" : "law.yaml does not have"}`,
      expected: `the id of a rule or a licensed work in law.yaml${ids.length > 0 ? ` (${ids.join(", ")})` : ""}${hint ? `; ${hint}` : ""}`,
    };
  }
  const before = text.slice(0, index);
  const after = text.slice(index + reference[0].length);
  const startsSentence =
    before === "" || /\}\s+$/.test(before) || (/\s$/.test(before) && isSentenceEnd(before.trimEnd(), reference[0]));
  const endsSentence = after === "" || /^\s/.test(after);
  if (startsSentence && endsSentence) return undefined;
  return {
    found: `${JSON.stringify(reference[0])} inside a sentence`,
    expected: "a reference standing as a sentence of its own, after the end of the sentence before it (the rule's sentence is put in whole)",
  };
}

/** law.yaml's own rules: each id once across rules and licensed work, and no source read after `today`. */
function lawFileProblems(law: ParsedFile, data: LawFile, today: Date): DataProblem[] {
  const day = businessDay(today);
  const problems: DataProblem[] = [];
  const seen = new Set<string>();
  const entries = [
    ...data.rules.map((rule, i) => ({ keys: ["rules", i] as PathKey[], id: rule.id, sources: rule.sources })),
    ...data.licensedWork.map((work, i) => ({ keys: ["licensedWork", i] as PathKey[], id: work.id, sources: work.sources })),
  ];
  for (const { keys, id, sources } of entries) {
    if (seen.has(id)) problems.push(problemAt(law, [...keys, "id"], `"${id}" a second time`, "a unique id across rules and licensedWork"));
    seen.add(id);
    sources.forEach((source, j) => {
      if (source.read > day)
        problems.push(problemAt(law, [...keys, "sources", j, "read"], `"${source.read}"`, `a date no later than today, ${day}`));
    });
  }
  return problems;
}

/** A text that is too long for its field once the sentences it refers to are put in. */
function resolvedLengthProblems(files: LawFiles, sentences: ReadonlyMap<string, string>): DataProblem[] {
  return PROSE_FILES.flatMap((name) => {
    const file = files[name];
    if (!file || !proseIn(file.value, []).some(({ text }) => text.includes("{law:"))) return [];
    const result = DATA_FILES[name].schema.safeParse(withLaw(file.value, sentences));
    if (result.success) return [];
    return result.error.issues
      .filter((issue) => issue.code === "too_big" && issue.origin === "string")
      .map((issue) => {
        const keys = issue.path as PathKey[];
        const length = String(keys.reduce<unknown>((value, key) => (value as Record<PathKey, unknown>)[key], withLaw(file.value, sentences))).length;
        return problemAt(file, keys, `a text of ${length} characters once the rules it names are put in`, issue.message);
      });
  });
}
