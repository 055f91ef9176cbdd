// Bad data stops the run before anything is rendered, naming the file, the line and the field.
import { describe, expect, it } from "vitest";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadData } from "../scripts/data/load.ts";
import { MAX_DATA_FILE_BYTES } from "../scripts/data/read-yaml.ts";
import { formatProblem } from "../scripts/data/problems.ts";
import { copyData, editYaml, lineOf, problemsOf, replaceInFile } from "./support/data-copy.ts";
import { junk } from "./support/junk.ts";

describe("data validation", () => {
  it("accepts the real data", async () => {
    await expect(loadData(await copyData())).resolves.toBeDefined();
  });

  it("names a missing required field", async () => {
    const dir = await copyData();
    const text = await editYaml(dir, "towns.yaml", (doc) => doc.deleteIn(["towns", 1, "description"]));
    const [problem, ...rest] = await problemsOf(dir);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ file: "data/towns.yaml", field: "towns[1].description", found: "nothing" });
    expect(problem?.line).toBe(lineOf(text, "slug: charleston") - 1);
  });

  it("refuses a town with 2 FAQs instead of 3", async () => {
    const dir = await copyData();
    const text = await editYaml(dir, "towns.yaml", (doc) => doc.deleteIn(["towns", 0, "faqs", 2]));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({
      file: "data/towns.yaml",
      field: "towns[0].faqs",
      found: "a list of 2 items",
      expected: "exactly 3 FAQs",
    });
    const faqsLine = text
      .split("\n")
      .findIndex((line, i) => i > lineOf(text, "slug: mattoon") && line.includes("faqs:"));
    expect(problem?.line).toBe(faqsLine + 2);
  });

  it("refuses a duplicate town slug, pointing at the second one", async () => {
    const dir = await copyData();
    const text = await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["alsoServing", 0, "slug"], "mattoon"));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ field: "alsoServing[0].slug", expected: "a unique town slug" });
    expect(problem?.line).toBe(text.split("\n").lastIndexOf("    slug: mattoon") + 1);
  });

  it("refuses an unknown icon name", async () => {
    const dir = await copyData();
    const text = await editYaml(dir, "services.yaml", (doc) => doc.setIn(["services", 0, "icon"], "dropletz"));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ file: "data/services.yaml", field: "services[0].icon", found: '"dropletz"' });
    expect(problem?.expected).toMatch(/Lucide icon/);
    expect(problem?.hint).toBe("did you mean 'droplets'?");
    expect(problem?.line).toBe(lineOf(text, "icon: dropletz"));
    expect(problem?.column).toBe(11);
    expect(formatProblem(problem!)).toBe(
      `data/services.yaml:${problem?.line}:11 services[0].icon: found "dropletz", expected ${problem?.expected}; did you mean 'droplets'?`,
    );
  });

  it("offers icons that contain a described word when nothing is spelt close", async () => {
    const dir = await copyData();
    await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["towns", 1, "highlights", 0, "icon"], "water"));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ field: "towns[1].highlights[0].icon", found: '"water"' });
    expect(problem?.hint).toMatch(/^did you mean 'glass-water'/);
  });

  it("suggests the closest field for a misspelt field name", async () => {
    const dir = await copyData();
    const text = await replaceInFile(dir, "towns.yaml", "    county: Coles\n", "    countie: Coles\n");
    const problems = await problemsOf(dir);
    const unknown = problems.find((problem) => problem.field === "towns[0].countie");
    expect(unknown).toMatchObject({ found: 'the unknown field "countie"', hint: "did you mean 'county'?" });
    expect(unknown?.expected).toMatch(/^one of the fields name, slug, county,/);
    expect(unknown?.line).toBe(lineOf(text, "countie:"));
    expect(problems.find((problem) => problem.field === "towns[0].county")).toMatchObject({
      found: "nothing",
      expected: "text (this field is required)",
    });
  });

  it("tells how to make a number into text where text belongs", async () => {
    const dir = await copyData();
    await replaceInFile(dir, "site.yaml", 'postalCode: "61938"', "postalCode: 061938");
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ field: "address.postalCode", found: "61938", expected: "text" });
    expect(problem?.hint).toBe('write it in double quotes to make it text: "061938"');
  });

  it("suggests the closest choice for a misspelt choice", async () => {
    const dir = await copyData();
    await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["towns", 3, "ctaPhone"], "secondry"));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ field: "towns[3].ctaPhone", hint: "did you mean 'secondary'?" });
  });

  it("refuses a phone number that is not a US number", async () => {
    const dir = await copyData();
    const text = await replaceInFile(dir, "site.yaml", "primary: (217) 555-0142", "primary: 555-0142");
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ file: "data/site.yaml", field: "phones.primary", found: '"555-0142"' });
    expect(problem?.expected).toMatch(/US phone number/);
    expect(problem?.line).toBe(lineOf(text, "primary: 555-0142"));
  });

  it("reports a YAML syntax error with its line", async () => {
    const dir = await copyData();
    const text = await replaceInFile(dir, "faq.yaml", "faqs:\n", "faqs:\n  - question: [unclosed\n");
    const [problem] = await problemsOf(dir);
    expect(problem?.file).toBe("data/faq.yaml");
    expect(problem?.found).toBe("a YAML syntax error");
    expect(problem?.line).toBeGreaterThanOrEqual(lineOf(text, "[unclosed"));
  });

  it("explains the YAML mistakes people make, once, at their line", async () => {
    const cases = [
      {
        from: "  - name: Charleston\n",
        to: "  - name: Charleston: the city\n",
        says: /put the whole value in double quotes/,
      },
      { from: "    county: Coles\n", to: "    county Coles\n", says: /is the colon after the field name missing/ },
      { from: "    county: Coles\n", to: "\tcounty: Coles\n", says: /indent with spaces only/ },
      {
        from: "    county: Coles\n",
        to: "    county: Coles\n    county: Coles\n",
        says: /the same field twice in one entry/,
      },
      {
        from: "  - name: Charleston\n",
        to: "  - name: *Charleston\n",
        says: /in double quotes \(YAML reads \* and & at the start as references\)/,
      },
    ];
    for (const { from, to, says } of cases) {
      const dir = await copyData();
      const text = await replaceInFile(dir, "towns.yaml", from, to);
      const problems = await problemsOf(dir);
      expect(problems, to).toHaveLength(1);
      expect(formatProblem(problems[0]!), to).toMatch(says);
      const changedLine = lineOf(text, to.split("\n").at(-2)!.trim());
      expect(problems[0]?.line, to).toBeGreaterThanOrEqual(changedLine);
      expect(problems[0]?.line, to).toBeLessThanOrEqual(changedLine + 1);
    }
  });

  it("refuses a slug with capitals or spaces", async () => {
    const dir = await copyData();
    await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["towns", 2, "slug"], "Effing ham"));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ field: "towns[2].slug", found: '"Effing ham"' });
    expect(problem?.expected).toMatch(/lowercase/);
  });

  it("refuses a value of the wrong type", async () => {
    const dir = await copyData();
    await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["towns", 0, "facts", "population"], "many"));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ field: "towns[0].facts.population", found: '"many"', expected: "a number" });
  });

  it("refuses a service area that names no known town", async () => {
    const dir = await copyData();
    await editYaml(dir, "services.yaml", (doc) => doc.setIn(["services", 3, "areaServed", 0], "atlantis"));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ field: "services[3].areaServed[0]", found: '"atlantis"' });
  });

  it("refuses a file of junk over the size limit without trying to read it as YAML", async () => {
    const dir = await copyData();
    await writeFile(path.join(dir, "towns.yaml"), junk(MAX_DATA_FILE_BYTES + 1));
    const problems = await problemsOf(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: "data/towns.yaml",
      line: 1,
      column: 1,
      found: `a file of ${MAX_DATA_FILE_BYTES + 1} bytes`,
    });
    expect(problems[0]?.expected).toMatch(/under 32 MB/);
  });

  it("refuses bytes that are not UTF-8, at the line and column where they start", async () => {
    const dir = await copyData();
    const text = await readFile(path.join(dir, "faq.yaml"));
    const at = text.indexOf("faqs:");
    // A Latin-1 "é", as an editor set to another encoding would save it.
    await writeFile(
      path.join(dir, "faq.yaml"),
      Buffer.concat([text.subarray(0, at + 2), Buffer.from([0xe9]), text.subarray(at + 2)]),
    );
    const lines = text.subarray(0, at).toString("utf8").split("\n");
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({
      file: "data/faq.yaml",
      line: lines.length,
      column: 3,
      found: "characters that are not UTF-8 text",
    });
  });

  it("refuses an empty file", async () => {
    const dir = await copyData();
    await writeFile(path.join(dir, "faq.yaml"), "");
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ file: "data/faq.yaml", line: 1, found: "an empty value" });
  });

  it("refuses unknown fields instead of ignoring them", async () => {
    const dir = await copyData();
    const text = await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["towns", 0, "populaton"], 5));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ field: "towns[0].populaton", found: 'the unknown field "populaton"' });
    expect(problem?.line).toBe(lineOf(text, "populaton:"));
  });

  it("reports every problem at once, not only the first", async () => {
    const dir = await copyData();
    await editYaml(dir, "services.yaml", (doc) => {
      doc.setIn(["services", 0, "icon"], "nope-icon");
      doc.setIn(["services", 5, "label"], "");
    });
    await replaceInFile(dir, "site.yaml", 'postalCode: "61938"', 'postalCode: "6193"');
    const problems = await problemsOf(dir);
    expect(problems.map((problem) => problem.field).sort()).toEqual(
      ["address.postalCode", "services[0].icon", "services[5].label"].sort(),
    );
  });
});
