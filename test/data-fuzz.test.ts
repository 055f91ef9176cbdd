// The loader never falls over, whatever the owner's editor does to a data file. fast-check mutates
// the real data files (and, while the owner has none, two of the tests' jobs) at random (deleted fields, wrong types, long and odd text, broken
// indentation, duplicated rows, bytes that are not UTF-8, files cut short) and every mutation must
// either load or give problems that each carry file:line:column and say what was expected: never
// an uncaught exception, never a stack trace, and never a written dist/.
//
// 300 mutations on every run (about 15 s), a new random sample each time, so that runs add up;
// DATA_FUZZ_RUNS=5000 npm test -- data-fuzz for a long run after a change to the loader, the
// schema or the rules, and DATA_FUZZ_SEED (printed with a failure) to replay one.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { isMap, isScalar, isSeq, parseDocument, type Document } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../scripts/pipeline/generate.ts";
import { loadData } from "../scripts/data/load.ts";
import { DataError, type DataProblem, type PathKey } from "../scripts/data/problems.ts";
import { DATA_FILES } from "../scripts/data/schema.ts";
import { readTree } from "./support/files.ts";
import { DATA_DIR } from "./support/paths.ts";
import { addJobs, FIXTURE_JOBS } from "./support/job-fixtures.ts";

const RUNS = Number(process.env.DATA_FUZZ_RUNS ?? 300);
const SEED = process.env.DATA_FUZZ_SEED === undefined ? undefined : Number(process.env.DATA_FUZZ_SEED);
const FILES = Object.values(DATA_FILES).map(({ file }) => file);
/** Every how many failing mutations a full generate checks that dist/ stays as it was. */
const GENERATE_EVERY = 100;

type Step =
  | { kind: "delete"; at: number }
  | { kind: "retype"; at: number; value: unknown }
  | { kind: "text"; at: number; value: string }
  | { kind: "duplicate"; at: number }
  | { kind: "indent"; at: number; change: "tab" | "more" | "less" }
  | { kind: "bytes"; at: number; bytes: number[] }
  | { kind: "cut"; at: number };

/** Text an owner could paste, and text no one should: YAML's own signs, control characters, emoji, length. */
const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "*anchor",
    "&ref",
    "key: value",
    "a # note",
    "- item",
    "[open",
    "{open",
    '"',
    "'",
    "@x",
    "`x",
    "%TAG",
    "---",
    "...",
    "\t",
    "\\",
    "🚜 Dirt",
    "Ōakland",
    "\u0000",
    "\u202e",
  ),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);

const anyValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const at = fc.nat();
/** Bytes that cannot be UTF-8 where they land: a lone 0xFF, a cut-off sequence, stray high bytes. */
const notUtf8: fc.Arbitrary<number[]> = fc
  .oneof(
    fc.constantFrom([0xff], [0xc3, 0x28], [0xe2, 0x82]),
    fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 4 }),
  )
  .map((bytes) => [...bytes]);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at }),
  fc.record({ kind: fc.constant("retype" as const), at, value: anyValue }),
  fc.record({ kind: fc.constant("text" as const), at, value: oddText }),
  fc.record({ kind: fc.constant("duplicate" as const), at }),
  fc.record({
    kind: fc.constant("indent" as const),
    at,
    change: fc.constantFrom("tab" as const, "more" as const, "less" as const),
  }),
  fc.record({ kind: fc.constant("bytes" as const), at, bytes: notUtf8 }),
  fc.record({ kind: fc.constant("cut" as const), at }),
);

const mutation = fc.record({ file: fc.constantFrom(...FILES), steps: fc.array(step, { minLength: 1, maxLength: 3 }) });

/** Every place in a document: [path, node] for each map value and list item, depth first. */
function placesOf(doc: Document): { keys: PathKey[]; isList: boolean }[] {
  const places: { keys: PathKey[]; isList: boolean }[] = [];
  const walk = (node: unknown, keys: PathKey[]) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const childKeys = [...keys, String(pair.key.value)];
        places.push({ keys: childKeys, isList: false });
        walk(pair.value, childKeys);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        const childKeys = [...keys, index];
        places.push({ keys: childKeys, isList: true });
        walk(item, childKeys);
      });
    }
  };
  walk(doc.contents, []);
  return places;
}

/** Applies the steps: first to the parsed document, then to its text, then to its bytes. */
function mutate(original: string, steps: Step[]): Buffer {
  const doc = parseDocument(original);
  for (const change of steps) {
    const places = placesOf(doc);
    if (places.length === 0) break;
    const place = places[("at" in change ? change.at : 0) % places.length]!;
    if (change.kind === "delete") doc.deleteIn(place.keys);
    if (change.kind === "retype") doc.setIn(place.keys, change.value);
    if (change.kind === "text") doc.setIn(place.keys, change.value);
    if (change.kind === "duplicate") {
      const items = places.filter((candidate) => candidate.isList);
      const item = items[change.at % Math.max(1, items.length)];
      if (item) {
        const list = item.keys.slice(0, -1);
        doc.addIn(list, doc.getIn(item.keys, true));
      }
    }
  }
  let text = doc.toString({ lineWidth: 0 });
  for (const change of steps) {
    if (change.kind !== "indent") continue;
    const lines = text.split("\n");
    const index = change.at % lines.length;
    const line = lines[index]!;
    lines[index] =
      change.change === "tab" ? `\t${line}` : change.change === "more" ? ` ${line}` : line.replace(/^ /, "");
    text = lines.join("\n");
  }
  let bytes = Buffer.from(text, "utf8");
  for (const change of steps) {
    const offset = change.at % Math.max(1, bytes.length);
    if (change.kind === "bytes")
      bytes = Buffer.concat([bytes.subarray(0, offset), Buffer.from(change.bytes), bytes.subarray(offset)]);
    if (change.kind === "cut") bytes = bytes.subarray(0, offset);
  }
  return bytes;
}

/** What a problem must carry to be fixable by the owner. */
function problemIsLocated(problem: DataProblem, dataDirName: string, lineCount: number): string | undefined {
  if (!FILES.some((file) => problem.file === path.join(dataDirName, file))) return `unknown file ${problem.file}`;
  if (!Number.isInteger(problem.line) || problem.line < 1 || problem.line > lineCount + 1)
    return `line ${problem.line}`;
  if (!Number.isInteger(problem.column) || problem.column < 1) return `column ${problem.column}`;
  if (!problem.expected.trim() || !problem.found.trim()) return "an empty found or expected";
  const text = JSON.stringify(problem);
  if (/\n\s+at |node_modules|\.ts:\d+:\d+\)/.test(text)) return "a stack trace";
  return undefined;
}

let work: string;
let dataDir: string;
let originals: Map<string, string>;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "site-fuzz-"));
  dataDir = path.join(work, "data");
  await mkdir(dataDir);
  originals = new Map();
  for (const { file, optional } of Object.values(DATA_FILES)) {
    const text = await readFile(path.join(DATA_DIR, file), "utf8").catch(() => undefined);
    if (text === undefined && optional) {
      // jobs.yaml before the owner's first job: two of the tests' jobs and their photos, to be mutated too.
      await addJobs(dataDir, FIXTURE_JOBS.slice(0, 2));
      originals.set(file, await readFile(path.join(dataDir, file), "utf8"));
      continue;
    }
    originals.set(file, text ?? "");
    await copyFile(path.join(DATA_DIR, file), path.join(dataDir, file));
  }
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the data loader under random edits", () => {
  it(
    `loads or locates every problem, for ${RUNS} mutations of the real data`,
    async () => {
      const outcomes = { loaded: 0, refused: 0, problems: 0, generated: 0 };
      const outDir = path.join(work, "dist");
      await mkdir(outDir);
      await writeFile(path.join(outDir, "index.html"), "the last good build");
      const before = await readTree(outDir);
      await fc.assert(
        fc.asyncProperty(mutation, async ({ file, steps }) => {
          const bytes = mutate(originals.get(file)!, steps);
          await writeFile(path.join(dataDir, file), bytes);
          try {
            await loadData(dataDir);
            outcomes.loaded += 1;
          } catch (error) {
            if (!(error instanceof DataError))
              throw new Error(`not a DataError: ${error instanceof Error ? error.stack : String(error)}`);
            outcomes.refused += 1;
            outcomes.problems += error.problems.length;
            expect(error.problems.length).toBeGreaterThan(0);
            // A change to one file can show in another (a town removed leaves a service naming it).
            const lineCount = (name: string) =>
              (name === file ? bytes.toString("utf8") : (originals.get(name) ?? "")).split("\n").length;
            for (const problem of error.problems) {
              const wrong = problemIsLocated(problem, "data", lineCount(path.basename(problem.file)));
              if (wrong) throw new Error(`${wrong}: ${JSON.stringify(problem)}`);
            }
            if (outcomes.refused % GENERATE_EVERY === 1) {
              await expect(generate({ dataDir, outDir })).rejects.toBeInstanceOf(DataError);
              outcomes.generated += 1;
              expect(await readTree(outDir)).toEqual(before);
            }
          } finally {
            await writeFile(path.join(dataDir, file), originals.get(file)!);
          }
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      console.log(
        `data fuzz: ${RUNS} mutations, ${outcomes.loaded} loaded, ${outcomes.refused} refused with ${outcomes.problems} located problems; dist/ unchanged after ${outcomes.generated} refused generates`,
      );
      expect(outcomes.loaded + outcomes.refused).toBe(RUNS);
      expect(outcomes.refused).toBeGreaterThan(RUNS / 4);
    },
    // Each mutation loaded and checked, a refused one built too: up to 100 ms each, ten minutes at least.
    Math.max(600_000, RUNS * 100),
  );

  it("makes the edits it says it makes", () => {
    const original = originals.get("faq.yaml")!;
    expect(mutate(original, [{ kind: "cut", at: 10 }]).toString()).toBe(
      parseDocument(original).toString({ lineWidth: 0 }).slice(0, 10),
    );
    expect(mutate(original, [{ kind: "bytes", at: 0, bytes: [0xff] }])[0]).toBe(0xff);
    expect(mutate(original, [{ kind: "delete", at: 0 }]).toString()).not.toContain("faqs:");
    const duplicated = parseDocument(mutate(original, [{ kind: "duplicate", at: 0 }]).toString()).toJS() as {
      faqs: unknown[];
    };
    expect(duplicated.faqs).toHaveLength(5);
  });
});
