// `sitegen check` validates and renders everything without writing, and `sitegen schemas` writes
// the editors' JSON Schemas.
import { mkdtemp, readFile, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import { buildRoutes } from "../scripts/pages/routes.ts";
import { copyData, editYaml, lineOf, replaceInFile } from "./support/data-copy.ts";
import { filledInData } from "./support/filled-in.ts";
import { ROOT, SPEC_DATA_DIR } from "./support/paths.ts";
import { sitegen } from "./support/sitegen.ts";

describe("sitegen check", () => {
  it("says OK with the counts and writes nothing", async () => {
    // The spec's data, whose counts the spec gives.
    const data = await copyData(SPEC_DATA_DIR);
    const folder = path.dirname(data);
    const result = await sitegen(["check", "--data", data], folder);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^OK: data\/ is valid: 12 services, 27 towns \(18 in the town grids, 9 under "Also serving"\), 4 home-page questions\.$/m,
    );
    // Every page of the route table, and the not-found page.
    const pages = buildRoutes(buildModel(await loadData(data))).length + 1;
    expect(result.stdout).toMatch(new RegExp(`^${pages} pages would be written\\. Nothing was written to dist/`, "m"));
    expect(await readdir(folder)).toEqual(["data"]);
  });

  it("prints every problem at once, with file:line:column, and exits 1", async () => {
    const data = await copyData();
    await editYaml(data, "services.yaml", (doc) => doc.setIn(["services", 0, "icon"], "dropletz"));
    await replaceInFile(data, "towns.yaml", "    county: Coles\n", "    countie: Coles\n");
    await replaceInFile(data, "site.yaml", "primary: (217) 555-0142", "primary: 555-0142");
    const result = await sitegen(["check", "--data", data]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.split("\n");
    expect(lines[0]).toBe("The data has 4 problems; nothing was written:");
    expect(lines).toContainEqual(
      expect.stringMatching(/^data\/site\.yaml:\d+:\d+ phones\.primary: found "555-0142", expected a US phone number/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^data\/services\.yaml:\d+:11 services\[0\]\.icon: found "dropletz", .*; did you mean 'droplets'\?$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^data\/towns\.yaml:\d+:5 towns\[0\]\.countie: found the unknown field "countie", .*; did you mean 'county'\?$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^data\/towns\.yaml:\d+:\d+ towns\[0\]\.county: found nothing, expected text \(this field is required\)$/,
      ),
    );
    // In reading order: site, services, towns.
    expect(lines.findIndex((line) => line.startsWith("data/site.yaml"))).toBeLessThan(
      lines.findIndex((line) => line.startsWith("data/services.yaml")),
    );
  });

  it("lists every placeholder still in site.yaml, each at its line with what goes there, and exits 0", async () => {
    const data = await copyData(SPEC_DATA_DIR);
    const text = await readFile(path.join(data, "site.yaml"), "utf8");
    const result = await sitegen(["check", "--data", data], path.dirname(data));
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    const heading = lines.findIndex((line) => line.startsWith("The data still holds 9 placeholders"));
    expect(lines[heading]).toMatch(/refused by a build for Netlify or Cloudflare Pages/);
    const listed = lines.slice(heading + 1);
    const at = (needle: string, field: string, found: string) =>
      expect.stringMatching(
        new RegExp(
          `^data/site\\.yaml:${lineOf(text, needle)}:\\d+ ${field.replace(/[.[\]]/g, "\\$&")}: found the placeholder "${found.replace(/[()./]/g, "\\$&")}.*", expected \\S`,
        ),
      );
    expect(listed).toEqual([
      at("url: ", "url", "https://www.centralillinoisexcavating.example"),
      at("primary: ", "phones.primary", "(217) 555-0142"),
      at("secondary: ", "phones.secondary", "(217) 555-0187"),
      at("text: (217)", "phones.text", "(217) 555-0163"),
      at("street: ", "address.street", "100 Example Street"),
      at("facebook.com/example", "social[0].url", "https://www.facebook.com/example"),
      at("instagram.com/example", "social[1].url", "https://www.instagram.com/example"),
      at("widget/form/example-form-id", "leadForm.embed", "https://api.leadconnectorhq.com/widget/form/example-form"),
      at("repository: ", "editor.repository", "example-owner/central-illinois-excavating"),
    ]);
  });

  it("refuses the placeholders with --production, as the check of a draft and a host's build do, and lists none once filled in", async () => {
    const shipped = await copyData(SPEC_DATA_DIR);
    const refused = await sitegen(["check", "--production", "--data", shipped]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split("\n")[0]).toBe("The data has 9 problems; nothing was written:");
    const filled = await filledInData(SPEC_DATA_DIR);
    for (const args of [["check"], ["check", "--production"]]) {
      const result = await sitegen([...args, "--data", filled]);
      expect(result.code, args.join(" ")).toBe(0);
      expect(result.stdout).not.toMatch(/placeholder/);
    }
  });

  it("is listed in --help with the exit codes", async () => {
    const { stdout } = await sitegen(["--help"]);
    for (const command of ["check", "dev", "schemas"]) expect(stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    const checkHelp = (await sitegen(["check", "--help"])).stdout;
    expect(checkHelp).toContain("--data");
    expect(checkHelp).toMatch(/Exit codes:\n  0  success\n  1  the data has errors/);
    const devHelp = (await sitegen(["dev", "--help"])).stdout;
    for (const option of ["--data", "--out", "--host", "--port"]) expect(devHelp).toContain(option);
  });
});

describe("sitegen schemas", () => {
  it("writes the six JSON Schemas, identical to the committed ones", async () => {
    const out = await mkdtemp(path.join(tmpdir(), "site-schemas-"));
    const result = await sitegen(["schemas", "--out", out]);
    expect(result.code).toBe(0);
    const files = (await readdir(out)).sort();
    expect(files).toEqual([
      "faq.schema.json",
      "jobs.schema.json",
      "law.schema.json",
      "services.schema.json",
      "site.schema.json",
      "towns.schema.json",
    ]);
    for (const file of files) {
      expect(await readFile(path.join(out, file), "utf8")).toBe(
        await readFile(path.join(ROOT, "schemas", file), "utf8"),
      );
    }
    expect((await sitegen(["schemas", "--out", out])).stdout).toMatch(/up to date/);
  });
});
