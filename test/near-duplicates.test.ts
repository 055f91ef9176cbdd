// Town pages that differ only by the town's name are refused (scripts/data/near-duplicates.ts):
// the owner's guide's example passes once, pasted again under another name it stops check and the
// build with a message at the row; an existing page with its place names swapped is refused too;
// a page that borrows less is built with a warning; and the site editor refuses the same copy
// before it saves. That generate leaves dist/ as it was on a refused copy is one of the cases of
// test/bad-data.test.ts.
import { appendFile, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import { parse } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { formatName } from "../scripts/admin/cms-config.ts";
import { adminFiles } from "../scripts/admin/files.ts";
import { loadData } from "../scripts/data/load.ts";
import { nearDuplicateTowns, REFUSED_PERCENT, WARNED_PERCENT } from "../scripts/data/near-duplicates.ts";
import { formatProblem, type DataProblem } from "../scripts/data/problems.ts";
import type { Town } from "../scripts/data/schema.ts";
import { outputText } from "../scripts/lib/output.ts";
import { copyData, editYaml, lineOf, problemsOf } from "./support/data-copy.ts";
import { DATA_DIR, SPEC_DATA_DIR } from "./support/paths.ts";
import { fencedBlocks, guideSection, OWNER_GUIDE, readGuide, readmeTownExample } from "./support/readme.ts";
import { sitegen } from "./support/sitegen.ts";
import { BuildCache } from "../scripts/lib/cache.ts";
import { CACHE_DIR } from "../scripts/lib/paths.ts";

type TownsFile = { towns: Town[]; alsoServing: Town[] };

let example: string;
/** The spec's towns.yaml, which the owner's guide's example is written for (data/ may hold it already). */
let realTowns: string;

beforeAll(async () => {
  example = await readmeTownExample();
  realTowns = await readFile(path.join(SPEC_DATA_DIR, "towns.yaml"), "utf8");
});

/** The owner's guide's example row with other words in place of some: name, slug, county, a highlight. */
function pasted(row: string, changes: Record<string, string>): string {
  return Object.entries(changes).reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`the row has no ${from}`);
    return text.replace(from, to);
  }, row);
}

/** The owner's guide's example pasted again as Ashmore: the name and slug changed, nothing else. */
const AS_ASHMORE = { "  - name: Oakland\n": "  - name: Ashmore\n", "    slug: oakland\n": "    slug: ashmore\n" };
/** And the county. */
const IN_DOUGLAS = { ...AS_ASHMORE, "    county: Coles\n": "    county: Douglas\n" };
/** And four highlights of its own, so that the tiles' rule has nothing to say. */
const OWN_TILES = {
  ...IN_DOUGLAS,
  "text: Drain tile for fields around Oakland": "text: Field tile near the Ashmore elevator",
  "text: Septic fields for homes outside Oakland": "text: Septic beds on Ashmore acreages",
  "text: Culverts where lanes meet the road ditch": "text: Culverts on Ashmore's gravel lanes",
  "text: Pads for new homes near Oakland": "text: House pads east of Ashmore",
};

/** A copy of the spec's data with `rows` pasted at the end of towns.yaml, as the owner's guide says; and its text. */
async function withRows(...rows: string[]): Promise<{ dir: string; text: string }> {
  const dir = await copyData(SPEC_DATA_DIR);
  for (const row of rows) await appendFile(path.join(dir, "towns.yaml"), row);
  return { dir, text: await readFile(path.join(dir, "towns.yaml"), "utf8") };
}

const wordingProblems = (problems: DataProblem[]) => problems.filter((problem) => /of its wording/.test(problem.found));

describe("near-duplicate town pages", () => {
  it("finds none among the spec's 27 pages: no problem, no warning", async () => {
    const data = await loadData(SPEC_DATA_DIR);
    expect(data.towns.length + data.alsoServing.length).toBe(27);
    expect(data.warnings).toEqual([]);
    expect(nearDuplicateTowns(parse(realTowns))).toEqual([]);
  });

  it("accepts the owner's guide's Oakland example pasted at the end of towns.yaml, without a warning", async () => {
    const { dir } = await withRows(example);
    const data = await loadData(dir);
    expect(data.alsoServing.at(-1)?.slug).toBe("oakland");
    expect(data.warnings).toEqual([]);
  });

  it.each([
    ["the name and slug changed, nothing else", AS_ASHMORE],
    ["the name, slug and county changed", IN_DOUGLAS],
    ["the name, slug, county and the four highlights changed", OWN_TILES],
  ])("refuses the example pasted a second time with %s", async (_, changes) => {
    const { dir } = await withRows(example, pasted(example, changes));
    const all = await problemsOf(dir);
    const problems = wordingProblems(all);
    expect(problems).toHaveLength(1);
    const share = /^a page that shares (\d+) % of its wording with Oakland's page \(line \d+\)$/.exec(
      problems[0]!.found,
    );
    expect(Number(share?.[1])).toBeGreaterThanOrEqual(95);
    // With highlights of its own, the tiles' rule has nothing to say: the copy is the one problem.
    if (changes === OWN_TILES) expect(all).toEqual(problems);
  });

  it("says where, with whom, how much and what to write instead", async () => {
    const { dir, text } = await withRows(example, pasted(example, IN_DOUGLAS));
    const problems = wordingProblems(await problemsOf(dir));
    expect(problems).toHaveLength(1);
    const index = (parse(text) as TownsFile).alsoServing.length - 1;
    expect(formatProblem(problems[0]!)).toBe(
      `data/towns.yaml:${lineOf(text, "  - name: Ashmore")}:11 alsoServing[${index}].name: found a page that shares ` +
        `100 % of its wording with Oakland's page (line ${lineOf(text, "  - name: Oakland")}), expected under ` +
        `${REFUSED_PERCENT} %: search engines treat town pages that differ only by the name as spam. Write what only ` +
        "Ashmore has: its own highlights, local conditions, roads and soils, the questions people there ask",
    );
  });

  it("prints the message the owner's guide shows for the example pasted twice", async () => {
    const { dir } = await withRows(example, pasted(example, AS_ASHMORE));
    const [problem] = wordingProblems(await problemsOf(dir));
    const [shown] = fencedBlocks(guideSection(await readGuide(OWNER_GUIDE), "Add a town"), "text");
    // Line numbers aside: the data grows.
    const lines = (text: string) =>
      text
        .trim()
        .replace(/\d+:11 alsoServing\[\d+\]/, "L:11 alsoServing[N]")
        .replace(/\(line \d+\)/, "(line L)");
    expect(lines(shown ?? "")).toBe(lines(formatProblem(problem!)));
  });

  it("refuses an existing town's page with its name swapped for another everywhere", async () => {
    const start = realTowns.indexOf("  - name: Charleston\n");
    const row = realTowns.slice(start, realTowns.indexOf("\n  - name: ", start + 1) + 1);
    const { dir, text } = await withRows(row.replaceAll("Charleston", "Ashmore").replaceAll("charleston", "ashmore"));
    const problems = wordingProblems(await problemsOf(dir));
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^data/towns\\.yaml:${lineOf(text, "  - name: Ashmore")}:11 alsoServing\\[\\d+\\]\\.name: found a page that shares 100 % of its wording with Charleston's page \\(line ${lineOf(text, "  - name: Charleston")}\\)`,
        ),
      ),
    ]);
  });

  it("refuses every one of today's pages with its town and county names swapped for others", () => {
    const file = parse(realTowns) as TownsFile;
    const word = (name: string) => new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "g");
    for (const town of [...file.towns, ...file.alsoServing]) {
      const swapped = JSON.parse(
        JSON.stringify(town).replace(word(town.name), "Ashmore").replace(word(town.county), "Vermilion"),
      ) as Town;
      const found = nearDuplicateTowns({
        ...file,
        alsoServing: [...file.alsoServing, { ...swapped, slug: "ashmore" }],
      });
      expect(found, town.name).toEqual([
        {
          page: { list: "alsoServing", index: file.alsoServing.length, name: "Ashmore" },
          other: expect.objectContaining({ name: town.name }),
          percent: 100,
          refused: true,
        },
      ]);
    }
  });

  it("measures a thousand pasted copies against the page they copy, each refused once", () => {
    const file = parse(realTowns) as TownsFile;
    const [oakland] = parse(example) as Town[];
    const copies = Array.from({ length: 1000 }, (_, i) => ({ ...oakland!, name: `Copy ${i}`, slug: `copy-${i}` }));
    const found = nearDuplicateTowns({ ...file, alsoServing: [...file.alsoServing, oakland!, ...copies] });
    expect(found).toHaveLength(1000);
    expect(found.every((duplicate) => duplicate.refused && duplicate.other.name === "Oakland")).toBe(true);
  });

  it("stops `check` with exit code 1, the problem printed at its line", async () => {
    const { dir, text } = await withRows(example, pasted(example, OWN_TILES));
    const result = await sitegen(["check", "--data", dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^The data has 1 problem; nothing was written:$/m);
    expect(result.stderr).toMatch(
      new RegExp(
        `^data/towns\\.yaml:${lineOf(text, "  - name: Ashmore")}:11 .* 9\\d % of its wording with Oakland's page`,
        "m",
      ),
    );
  });
});

describe("a town page close to another's, below the refusal", () => {
  let dir: string;
  let text: string;
  let index: number;

  beforeAll(async () => {
    // The example with one answer borrowed from Paris's page.
    ({ dir, text } = await withRows(example));
    index = (parse(text) as TownsFile).alsoServing.length - 1;
    const paris = (parse(realTowns) as TownsFile).towns.find((town) => town.name === "Paris")!;
    text = await editYaml(dir, "towns.yaml", (doc) =>
      doc.setIn(["alsoServing", index, "faqs", 2, "answer"], paris.faqs[0]!.answer),
    );
  });

  const warning = () =>
    new RegExp(
      `^data/towns\\.yaml:${lineOf(text, "  - name: Oakland")}:11 alsoServing\\[${index}\\]\\.name: found a page that shares (\\d+) % of its wording with Paris's page \\(line ${lineOf(text, "  - name: Paris")}\\), expected under ${WARNED_PERCENT} % to be safe \\(from ${REFUSED_PERCENT} % the build refuses it\\)\\. Write what only Oakland has: `,
      "m",
    );

  it("is a warning that loading returns with the data", async () => {
    const { warnings } = await loadData(dir);
    expect(warnings).toHaveLength(1);
    const percent = Number(/shares (\d+) %/.exec(warnings[0]!.found)?.[1]);
    expect(percent).toBeGreaterThanOrEqual(WARNED_PERCENT);
    expect(percent).toBeLessThan(REFUSED_PERCENT);
  });

  it("is printed by `check` at its line, which exits 0", async () => {
    const result = await sitegen(["check", "--data", dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^OK: /m);
    expect(result.stderr).toMatch(/^The data has 1 warning \(allowed, but worth fixing\):$/m);
    expect(result.stderr).toMatch(warning());
  });

  it("is printed by `generate`, which writes the site and exits 0", async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), "site-warned-")), "dist");
    const result = await sitegen(["generate", "--data", dir, "--out", out, "--quiet"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(warning());
    expect(await readdir(path.join(out, "towns"))).toContain("oakland.html");
  }, 120_000); // the command line's generate, a whole build
});

describe("the site editor's save", () => {
  let save: (value: unknown) => string;
  let notice: { textContent: string };

  /** The editor's script as generate writes it, run against stand-ins for the CMS and the page. */
  beforeAll(async () => {
    const { site, towns, alsoServing, services } = await loadData(DATA_DIR);
    const lists = { towns: [...towns, ...alsoServing], services };
    const script = outputText((await adminFiles(site, lists, new BuildCache(CACHE_DIR))).get("admin/editor.js")!);
    const formats = new Map<string, { toFile: (value: unknown) => string }>();
    let ready = () => {};
    notice = { textContent: "" };
    const element = { ...notice, style: {}, setAttribute() {}, addEventListener() {}, remove() {} };
    vm.runInNewContext(script, {
      window: {
        CMS: {
          registerCustomFormat: (name: string, _: string, methods: { toFile: (value: unknown) => string }) =>
            formats.set(name, methods),
          init() {},
        },
      },
      document: {
        addEventListener: (_: string, listener: () => void) => (ready = listener),
        getElementById: () => null,
        createElement: () => element,
        body: { append: () => (notice = element) },
      },
    });
    ready();
    save = formats.get(formatName("towns"))!.toFile;
  }, 120_000); // the editor's files made: its 2 MB script bundled, cold on a fresh clone

  it("saves the owner's guide's example", () => {
    expect(save(parse(realTowns + example))).toContain("  - name: Oakland\n");
  });

  it("refuses the example pasted again under another name, with the build's words", () => {
    expect(() => save(parse(realTowns + example + pasted(example, IN_DOUGLAS)))).toThrow(
      `Not saved: Also serving (further towns) › Ashmore: a page that shares 100 % of its wording with Oakland's page, expected under ${REFUSED_PERCENT} %: search engines treat`,
    );
    expect(notice.textContent).toMatch(
      /^Not saved\. Also serving \(further towns\) › Ashmore: a page that shares 100 %/,
    );
  });
});
