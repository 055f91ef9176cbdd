// Bad data stops the run before anything is rendered, naming the file, the line and the field.
import { describe, expect, it } from "vitest";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { DataError, loadData, type DataProblem } from "../scripts/load-data.ts";
import { copyData, editYaml, lineOf, replaceInFile } from "./support/data-copy.ts";

async function problemsOf(dir: string): Promise<DataProblem[]> {
  try {
    await loadData(dir);
  } catch (error) {
    if (error instanceof DataError) return error.problems;
    throw error;
  }
  throw new Error("the broken data was accepted");
}

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
    const faqsLine = text.split("\n").findIndex((line, i) => i > lineOf(text, "slug: mattoon") && line.includes("faqs:"));
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
    expect(problem?.line).toBe(lineOf(text, "icon: dropletz"));
    expect(problem?.column).toBe(11);
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
    await replaceInFile(dir, "site.yaml", "postalCode: \"61938\"", "postalCode: \"6193\"");
    const problems = await problemsOf(dir);
    expect(problems.map((problem) => problem.field).sort()).toEqual(
      ["address.postalCode", "services[0].icon", "services[5].label"].sort(),
    );
  });
});
