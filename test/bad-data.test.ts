// Bad data never reaches dist/: every broken input below gives a message with the file and the
// line, and an existing dist/ stays byte for byte as it was. Most cases call generate() in this
// process; two go through the command line, as the owner runs it.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../scripts/pipeline/generate.ts";
import { MAX_DATA_FILE_BYTES } from "../scripts/data/read-yaml.ts";
import { DataError, formatProblem } from "../scripts/data/problems.ts";
import { copyData, editYaml, lineOf, replaceInFile } from "./support/data-copy.ts";
import { readTree } from "./support/files.ts";
import { junk } from "./support/junk.ts";
import { ROOT } from "./support/paths.ts";
import { sharedBuild } from "./support/site.ts";
import { addSpecialHours } from "./support/special-hours-fixtures.ts";
import { addReviews, LONG_REVIEWS } from "./support/review-fixtures.ts";

const run = promisify(execFile);

interface BrokenInput {
  /** Breaks a fresh copy of data/ and returns the line the problem must point at, if known. */
  breakData(dir: string): Promise<number | undefined>;
  file: string;
  /** Part of the printed line that says what is wrong. */
  says: RegExp;
}

const CASES: Record<string, BrokenInput> = {
  "a YAML syntax error": {
    file: "towns.yaml",
    says: /found a YAML syntax error, expected valid YAML \(.*put the whole value in double quotes/,
    breakData: async (dir) => {
      const text = await replaceInFile(dir, "towns.yaml", "  - name: Charleston\n", "  - name: Charleston: the city\n");
      return lineOf(text, "Charleston: the city");
    },
  },
  "a value of the wrong type": {
    file: "towns.yaml",
    says: /towns\[0\]\.facts\.population: found "many", expected a number/,
    breakData: async (dir) => {
      const text = await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["towns", 0, "facts", "population"], "many"));
      return lineOf(text, "population: many");
    },
  },
  "a missing required field": {
    file: "towns.yaml",
    says: /towns\[1\]\.description: found nothing, expected text \(this field is required\)/,
    breakData: async (dir) => {
      const text = await editYaml(dir, "towns.yaml", (doc) => doc.deleteIn(["towns", 1, "description"]));
      return lineOf(text, "slug: charleston") - 1;
    },
  },
  "a duplicate slug": {
    file: "towns.yaml",
    says: /alsoServing\[0\]\.slug: found "mattoon" a second time, expected a unique town slug/,
    breakData: async (dir) => {
      const text = await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["alsoServing", 0, "slug"], "mattoon"));
      return text.split("\n").lastIndexOf("    slug: mattoon") + 1;
    },
  },
  "a slug with a space": {
    file: "towns.yaml",
    says: /towns\[2\]\.slug: found "effing ham", expected a slug of lowercase letters/,
    breakData: async (dir) =>
      lineOf(
        await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["towns", 2, "slug"], "effing ham")),
        "slug: effing ham",
      ),
  },
  "a slug with capitals": {
    file: "towns.yaml",
    says: /towns\[2\]\.slug: found "Effingham", expected a slug of lowercase letters/,
    breakData: async (dir) =>
      lineOf(
        await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["towns", 2, "slug"], "Effingham")),
        "slug: Effingham",
      ),
  },
  "a town page copied from another with the name changed": {
    file: "towns.yaml",
    says: /alsoServing\[9\]\.name: found a page that shares 100 % of its wording with Strasburg's page \(line \d+\), expected under 30 %/,
    breakData: async (dir) => {
      const text = await readFile(path.join(dir, "towns.yaml"), "utf8");
      const row = text.slice(text.lastIndexOf("  - name: Strasburg\n"));
      const copied = text + row.replaceAll("Strasburg", "Ashmore").replaceAll("strasburg", "ashmore");
      await writeFile(path.join(dir, "towns.yaml"), copied);
      return lineOf(copied, "name: Ashmore");
    },
  },
  "2 FAQs instead of 3": {
    file: "towns.yaml",
    says: /towns\[0\]\.faqs: found a list of 2 items, expected exactly 3 FAQs/,
    breakData: async (dir) => {
      await editYaml(dir, "towns.yaml", (doc) => doc.deleteIn(["towns", 0, "faqs", 2]));
      return undefined;
    },
  },
  "a phone number that is not a US number": {
    file: "site.yaml",
    says: /phones\.primary: found "555-0142", expected a US phone number such as \(217\) 555-0142/,
    breakData: async (dir) =>
      lineOf(
        await replaceInFile(dir, "site.yaml", "primary: (217) 555-0142", "primary: 555-0142"),
        "primary: 555-0142",
      ),
  },
  "closed days that end before they start": {
    file: "site.yaml",
    says: /specialHours\[0\]\.to: found "2026-12-20", before from \(2026-12-24\): a range that ends before it starts, expected a last day on or after 2026-12-24/,
    breakData: async (dir) =>
      lineOf(
        await addSpecialHours(dir, [{ from: "2026-12-24", to: "2026-12-20", closed: true, reason: "Christmas" }]),
        "to: 2026-12-20",
      ),
  },
  "an unknown icon": {
    file: "services.yaml",
    says: /services\[0\]\.icon: found "dropletz", expected a Lucide icon name .*; did you mean 'droplets'\?/,
    breakData: async (dir) =>
      lineOf(
        await editYaml(dir, "services.yaml", (doc) => doc.setIn(["services", 0, "icon"], "dropletz")),
        "icon: dropletz",
      ),
  },
  "a misspelt field name": {
    file: "site.yaml",
    says: /found the unknown field "tagLine", expected one of the fields .*; did you mean 'tagline'\?/,
    breakData: async (dir) => lineOf(await replaceInFile(dir, "site.yaml", "\ntagline:", "\ntagLine:"), "tagLine:"),
  },
  "a review naming a service that does not exist": {
    file: "site.yaml",
    says: /reviews\[0\]\.service: found "drainage", expected the key of a service in services\.yaml; did you mean 'drainage-system'\?/,
    breakData: async (dir) =>
      lineOf(await addReviews(dir, [{ ...LONG_REVIEWS[0]!, service: "drainage" }]), "service: drainage"),
  },
  "an empty file": {
    file: "faq.yaml",
    says: /found an empty value, expected a group of fields/,
    breakData: async (dir) => {
      await writeFile(path.join(dir, "faq.yaml"), "");
      return 1;
    },
  },
  "a data file that is a link to /dev/zero, which never ends": {
    file: "faq.yaml",
    says: /found a symbolic link to "\/dev\/zero", expected a regular file saved in data\//,
    breakData: async (dir) => {
      await rm(path.join(dir, "faq.yaml"));
      await symlink("/dev/zero", path.join(dir, "faq.yaml"));
      return 1;
    },
  },
  "a data file that is a named pipe, which waits for ever": {
    file: "faq.yaml",
    says: /found a named pipe, expected a regular file saved in data\//,
    breakData: async (dir) => {
      await rm(path.join(dir, "faq.yaml"));
      await promisify(execFile)("mkfifo", [path.join(dir, "faq.yaml")]);
      return 1;
    },
  },
  "a * host in the form's frame address": {
    file: "site.yaml",
    says: /leadForm\.embed: found "https:\/\/\*\/widget\/form\/x", expected an https:\/\/ address whose host is a host name .*: "\*" is not a host name$/,
    breakData: async (dir) =>
      lineOf(
        await replaceInFile(
          dir,
          "site.yaml",
          "https://api.leadconnectorhq.com/widget/form/example-form-id",
          "https://*/widget/form/x",
        ),
        'src="https://*/',
      ),
  },
  "a ; in the form's script host": {
    file: "site.yaml",
    says: /leadForm\.embed: .*"link\.msgsndr\.com;sandbox" is not a host name$/,
    breakData: async (dir) =>
      lineOf(
        await replaceInFile(dir, "site.yaml", "https://link.msgsndr.com/", "https://link.msgsndr.com;sandbox/"),
        "link.msgsndr.com;sandbox",
      ),
  },
  "a ; in the site's address": {
    file: "site.yaml",
    says: /^data\/site\.yaml:\d+:\d+ url: .*"www\.example\.com;x" is not a host name$/,
    breakData: async (dir) =>
      lineOf(
        await editYaml(dir, "site.yaml", (doc) => doc.setIn(["url"], "https://www.example.com;x")),
        "url: https://www.example.com;x",
      ),
  },
  "a county Illinois does not have": {
    file: "site.yaml",
    says: /counties\[0\]: found "Colesx", expected the name of an Illinois county .*; did you mean 'Coles'\?$/,
    breakData: async (dir) =>
      lineOf(await replaceInFile(dir, "site.yaml", "counties: [Coles,", "counties: [Colesx,"), "Colesx"),
  },
  "a field named with terminal escapes": {
    file: "site.yaml",
    says: /^data\/site\.yaml:\d+:1 \\u\{1b\}\[2K\\u\{1b\}\[1AOK: found the unknown field /,
    breakData: async (dir) =>
      lineOf(await replaceInFile(dir, "site.yaml", "\ntagline:", '\n"\\e[2K\\e[1AOK": 1\ntagline:'), "[1AOK"),
  },
  "a file of junk over the size limit": {
    file: "towns.yaml",
    says: /found a file of 33554433 bytes, expected a data file under 32 MB/,
    breakData: async (dir) => {
      await writeFile(path.join(dir, "towns.yaml"), junk(MAX_DATA_FILE_BYTES + 1));
      return 1;
    },
  },
};

describe("bad data never reaches dist/", () => {
  let outDir: string;
  let goodBuild: Map<string, Buffer>;

  beforeAll(async () => {
    // A dist/ of its own, as a build of data/ writes it: a copy of the run's shared build of it.
    outDir = path.join(await mkdtemp(path.join(tmpdir(), "site-bad-data-")), "dist");
    await cp(await sharedBuild(), outDir, { recursive: true });
    goodBuild = await readTree(outDir);
  });

  async function expectDistUntouched() {
    const now = await readTree(outDir);
    expect([...now.keys()]).toEqual([...goodBuild.keys()]);
    for (const [file, contents] of goodBuild) expect(now.get(file)?.equals(contents), file).toBe(true);
    // No half-written staging folder is left beside it either.
    expect(await readdir(path.dirname(outDir))).toEqual(["dist"]);
  }

  it.each(Object.entries(CASES))("%s: a clear message with file and line, dist/ unchanged", async (_name, broken) => {
    const data = await copyData();
    const line = await broken.breakData(data);
    const error = await generate({ dataDir: data, outDir }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DataError);
    const problems = (error as DataError).problems;
    const printed = problems.map(formatProblem);
    const matching = problems.filter((_, i) => broken.says.test(printed[i]!));
    expect(matching, printed.join("\n")).toHaveLength(1);
    const [problem] = matching;
    expect(problem?.file).toBe(`data/${broken.file}`);
    expect(problem?.line).toBeGreaterThanOrEqual(1);
    if (line !== undefined) expect(problem?.line).toBe(line);
    expect(printed[problems.indexOf(problem!)]).toMatch(
      new RegExp(`^data/${broken.file.replace(".", "\\.")}:\\d+:\\d+ `),
    );
    await expectDistUntouched();
  });

  const cli = path.join(ROOT, "bin", "sitegen.js");
  it.each([
    "an unknown icon",
    "a file of junk over the size limit",
    "a data file that is a named pipe, which waits for ever",
  ])("through the command line (%s): exit code 1, dist/ unchanged", async (name) => {
    const broken = CASES[name]!;
    const data = await copyData();
    await broken.breakData(data);
    const failure = await run(process.execPath, [cli, "generate", "--data", data, "--out", outDir]).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe("");
    expect(failure?.stderr).toMatch(/^The data has 1 problem; nothing was written:$/m);
    expect(failure?.stderr).toMatch(new RegExp(`^data/${broken.file.replace(".", "\\.")}:\\d+:\\d+ .*`, "m"));
    expect(failure?.stderr).toMatch(broken.says);
    await expectDistUntouched();
  });
});
