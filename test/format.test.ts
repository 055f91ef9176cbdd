// `sitegen fmt`: one canonical form of the data files, the one the repository keeps. It changes
// only the layout, never a value or the order of keys; it restores the schema link a browser
// editor's save drops; and `sitegen check` says, without failing, when a file is not in it.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { parse, parseDocument, stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { canonicalText, schemaLink } from "../scripts/data/format.ts";
import { loadData } from "../scripts/data/load.ts";
import { DATA_FILES, type DataFileName } from "../scripts/data/schema.ts";
import { copyData } from "./support/data-copy.ts";
import { addJobs } from "./support/job-fixtures.ts";
import { ROOT, SPEC_DATA_DIR } from "./support/paths.ts";

const NAMES = Object.keys(DATA_FILES) as DataFileName[];
/** The spec's data, in the canonical form: data/ may be out of it until `npm run fmt`, as the owner's guide says. */
const read = (name: DataFileName, dir = SPEC_DATA_DIR) => readFile(path.join(dir, DATA_FILES[name].file), "utf8");
const run = promisify(execFile);

/** Every key path of a value, in order: the order of keys is part of what fmt keeps. */
function keyOrder(value: unknown, at = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyOrder(item, `${at}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => [`${at}.${key}`, ...keyOrder(item, `${at}.${key}`)]);
  return [];
}

describe("the canonical form", () => {
  it("is the form the spec's data is kept in, and formatting it again changes nothing", async () => {
    // jobs.yaml is optional, and the spec's data has none (below, a hand-written one).
    for (const name of NAMES.filter((each) => !DATA_FILES[each].optional)) {
      const text = await read(name);
      expect(canonicalText(name, text), name).toBe(text);
      expect(text.split("\n")[0], name).toBe(`#${schemaLink(name)}`);
    }
  });

  it("keeps every value and the order of keys of an editor's save, restores the schema link and drops comments", async () => {
    const original = await read("towns");
    // What a browser editor writes: no comments, its own indentation and quoting, long lines.
    const saved = `${stringify(parse(original), { indent: 4, lineWidth: 0, defaultStringType: "QUOTE_DOUBLE" })}# a note\n`;
    const canonical = canonicalText("towns", saved)!;
    expect(canonical).toBe(original);
    expect(parse(canonical)).toEqual(parse(saved));
    expect(keyOrder(parse(canonical))).toEqual(keyOrder(parse(saved)));
  });

  it("puts the fields of every row in the schema's order, the order the editor at /admin/ writes", async () => {
    const original = await read("towns");
    const doc = parseDocument(original);
    // A hand edit that typed the slug first and the county last in the first town.
    const town = doc.getIn(["towns", 0]) as { items: { key: { value: string } }[] };
    town.items.sort((a, b) =>
      a.key.value === "slug"
        ? -1
        : b.key.value === "slug"
          ? 1
          : a.key.value === "county"
            ? 1
            : b.key.value === "county"
              ? -1
              : 0,
    );
    const shuffled = doc.toString();
    expect(shuffled).not.toBe(original);
    expect(canonicalText("towns", shuffled)).toBe(original);
  });

  it("never changes a text value, whatever characters it holds", async () => {
    const original = parseDocument(await read("faq"));
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 300 }),
        fc.string({ maxLength: 200 }),
        (answer, question) => {
          const doc = original.clone();
          // New nodes: setIn on a scalar keeps its old style, and the yaml library writes a text of
          // only spaces in the old folded style as a block that reads back empty, so the file
          // handed to fmt would not hold the value at all.
          doc.setIn(["faqs", 0, "answer"], doc.createNode(answer));
          doc.setIn(["faqs", 1, "question"], doc.createNode(question));
          expect((parse(doc.toString()) as { faqs: { answer: string }[] }).faqs[0]!.answer).toBe(answer);
          const canonical = canonicalText("faq", doc.toString())!;
          const value = parse(canonical) as { faqs: { question: string; answer: string }[] };
          expect(value.faqs[0]!.answer).toBe(answer);
          expect(value.faqs[1]!.question).toBe(question);
          expect(canonicalText("faq", canonical)).toBe(canonical);
        },
      ),
      { numRuns: 300, examples: [[" ", ""]] },
    );
  });
});

describe("sitegen fmt and sitegen check", () => {
  it("leave an optional file that is not there alone, and put a hand-written jobs.yaml in form", async () => {
    const dir = await copyData(SPEC_DATA_DIR);
    const cli = path.join(ROOT, "bin", "sitegen.js");
    expect((await run(process.execPath, [cli, "fmt", "--data", dir])).stdout).toMatch(/are in canonical form/);
    await expect(readFile(path.join(dir, "jobs.yaml"))).rejects.toThrow(/ENOENT/);
    await addJobs(dir);
    const canonical = await readFile(path.join(dir, "jobs.yaml"), "utf8");
    // As a hand edit might leave it: other indentation, every text in quotes, a note.
    const { jobs } = parse(canonical) as { jobs: unknown[] };
    const written = `jobs:\n${stringify(jobs, { indent: 4, lineWidth: 0, defaultStringType: "QUOTE_DOUBLE" }).replace(/^/gm, "  ")}# a note\n`;
    await writeFile(path.join(dir, "jobs.yaml"), written);
    const check = await run(process.execPath, [cli, "check", "--data", dir]);
    expect(check.stdout).toMatch(/^OK: .*, 5 jobs\.$/m);
    expect(check.stdout).toMatch(/Note: .*jobs\.yaml is valid but not in the canonical form/);
    expect((await run(process.execPath, [cli, "fmt", "--data", dir])).stdout).toContain(
      "Put jobs.yaml in canonical form",
    );
    expect(await readFile(path.join(dir, "jobs.yaml"), "utf8")).toBe(canonical);
    expect(canonical).toMatch(/^ {4}month: 2025-11$/m);
  });

  it("check passes and notes a file out of form; fmt puts it back, and the data loads the same", async () => {
    const dir = await copyData(SPEC_DATA_DIR);
    const before = await loadData(dir);
    const site = path.join(dir, "site.yaml");
    await writeFile(
      site,
      (await readFile(site, "utf8")).replace(/^# yaml-language-server.*\n/, "").replace("name:", "# the name\nname:"),
    );
    const cli = path.join(ROOT, "bin", "sitegen.js");
    const check = await run(process.execPath, [cli, "check", "--data", dir]);
    expect(check.stdout).toMatch(/^OK: /m);
    expect(check.stdout).toMatch(/Note: .*site\.yaml is valid but not in the canonical form; `npm run fmt`/);
    const fmt = await run(process.execPath, [cli, "fmt", "--data", dir]);
    expect(fmt.stdout).toContain("Put site.yaml in canonical form");
    expect(await readFile(site, "utf8")).toBe(await read("site"));
    expect(await loadData(dir)).toEqual(before);
    expect((await run(process.execPath, [cli, "check", "--data", dir])).stdout).not.toContain("Note:");
  });
});
