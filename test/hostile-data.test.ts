// Data written to do harm, as someone with write access to data/ would write it: a teammate, a
// leaked editor token, a commit made through /admin/. Each value is refused by `sitegen check` at
// its file:line:column, saying what was expected, before anything is rendered; a build with it
// leaves dist/ as it was; and whatever the terminal shows is printable text, whatever the data holds.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DataError, formatProblem } from "../scripts/data/problems.ts";
import { describeFailure, renderErrorPage } from "../scripts/dev/error-page.ts";
import { printable, printableLines } from "../scripts/lib/printable.ts";
import { generate } from "../scripts/pipeline/generate.ts";
import { copyData, editYaml, lineOf, problemsOf, replaceInFile } from "./support/data-copy.ts";
import { readTree } from "./support/files.ts";
import { jobSitePhoto } from "./support/photo-fixtures.ts";
import { sharedBuild } from "./support/site.ts";
import { sitegen, type SitegenResult } from "./support/sitegen.ts";

/** Any character a terminal would act on rather than show; a line break aside. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

function expectPrintable(text: string, label: string) {
  for (const line of text.split("\n")) expect(line, `${label}: ${JSON.stringify(line)}`).not.toMatch(UNPRINTABLE);
}

/** `sitegen check` on a data folder, killed if it has not ended in time (a run that never ends fails). */
async function check(data: string): Promise<SitegenResult> {
  const result = await sitegen(["check", "--data", data], path.dirname(data), { timeoutMs: 60_000 });
  expectPrintable(result.stdout, "stdout");
  expectPrintable(result.stderr, "stderr");
  return result;
}

/** The run refused the data with exactly one problem, at this place, saying this; and said nothing of OK. */
function expectRefusedAt(result: SitegenResult, at: { file: string; line: number }, says: RegExp) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr).toMatch(/^The data has 1 problem; nothing was written:$/m);
  const problem = result.stderr.split("\n")[1] ?? "";
  expect(problem).toMatch(new RegExp(`^data/${at.file.replace(".", "\\.")}:${at.line}:\\d+ `));
  expect(problem).toMatch(says);
}

describe("text from data/ on the terminal", () => {
  it("is shown, never obeyed: control and format characters become \\u{…}", () => {
    expect(printable("a\u001b[2Kb")).toBe("a\\u{1b}[2Kb");
    expect(printable("line\rover")).toBe("line\\u{d}over");
    expect(printable("one\ntwo")).toBe("one\\u{a}two");
    expect(printable("c1 \u009b2J del \u007f")).toBe("c1 \\u{9b}2J del \\u{7f}");
    expect(printable("abc\u202edef \u2066x\u2069")).toBe("abc\\u{202e}def \\u{2066}x\\u{2069}");
    expect(printable("zero\u200bwidth \u2028 lone \ud800")).toBe("zero\\u{200b}width \\u{2028} lone \\u{d800}");
    expect(printable("Effingham, Mt. Zion — 61938 · café 😀")).toBe("Effingham, Mt. Zion — 61938 · café 😀");
    expect(printableLines("first\u001b[1A\nsecond")).toBe("first\\u{1b}[1A\nsecond");
  });

  it("shows a key of terminal escapes as text, with the exit code and no OK", async () => {
    const data = await copyData();
    // Erase the line, go up one, erase it: what would hide the problem and leave room for a fake OK.
    const text = await replaceInFile(
      data,
      "site.yaml",
      "\ntagline:",
      '\n"\\e[2K\\e[1A\\e[2KOK: data/ is valid\\x9b2J\\u202e": 1\ntagline:',
    );
    const result = await check(data);
    expectRefusedAt(
      result,
      { file: "site.yaml", line: lineOf(text, "OK: data/ is valid") },
      /:1 \\u\{1b\}\[2K\\u\{1b\}\[1A\\u\{1b\}\[2KOK: data\/ is valid\\u\{9b\}2J\\u\{202e\}: found the unknown field "\\u001b\[2K\\u001b\[1A\\u001b\[2KOK: data\/ is valid\\u\{9b\}2J\\u\{202e\}", expected one of the fields name, tagline/,
    );
  });

  it("shows a value of terminal escapes as text in a warning, which stops nothing", async () => {
    const data = await copyData();
    // A review's town spelt close to a town page's name is a warning that quotes the town.
    await replaceInFile(
      data,
      "site.yaml",
      "\nleadForm:",
      '\nreviews:\n  - quote: "The crew dug our basement in two days and left the yard clean."\n    name: Jane D.\n    town: "Matoon\\e"\n    date: 2025-04-12\n    link: https://maps.app.goo.gl/Jd7aQ2\nleadForm:',
    );
    const result = await check(data);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/reviews\[0\]\.town: found "Matoon\\u\{1b\}", the name of no town page/);
    expect(result.stdout).toMatch(/^OK: /);
  });

  it("is shown as text by the dev server too, in the terminal and on its error page", () => {
    const failure = {
      kind: "render" as const,
      message: "Rendering / failed: Illinois has no county named X\u001b[2K\u202e\nsecond line",
    };
    const { lines } = describeFailure(failure);
    expect(lines).toEqual(["Rendering / failed: Illinois has no county named X\\u{1b}[2K\\u{202e}", "second line"]);
    const problem = { file: "data/site.yaml", line: 3, column: 1, field: "x\u001b[2J", found: "y", expected: "z" };
    expect(describeFailure({ kind: "data", problems: [problem] }).lines).toEqual([
      "data/site.yaml:3:1 x\\u{1b}[2J: found y, expected z",
    ]);
    const page = renderErrorPage(failure, 1, "dist/");
    expect(page).toContain("X\\u{1b}[2K\\u{202e}");
    expect(page).not.toMatch(/[\u001b\u202e]/);
  });
});

describe("a county", () => {
  it("in site.yaml's counties that Illinois does not have is refused at its line, with the nearest name", async () => {
    const data = await copyData();
    const text = await replaceInFile(data, "site.yaml", "counties: [Coles,", "counties: [Colesx,");
    expectRefusedAt(
      await check(data),
      { file: "site.yaml", line: lineOf(text, "Colesx") },
      /counties\[0\]: found "Colesx", expected the name of an Illinois county as the census spells it, without the word County \(such as Coles, De Witt or St\. Clair\); did you mean 'Coles'\?$/,
    );
  });

  it("of a town page that Illinois does not have is refused at its line, with the nearest name", async () => {
    const data = await copyData();
    const text = await replaceInFile(data, "towns.yaml", "    county: Shelby\n", "    county: Shelbyy\n");
    expectRefusedAt(
      await check(data),
      { file: "towns.yaml", line: lineOf(text, "county: Shelbyy") },
      /\.county: found "Shelbyy", expected the name of an Illinois county .*; did you mean 'Shelby'\?$/,
    );
  });

  it("listed twice in site.yaml is refused at the second", async () => {
    const data = await copyData();
    await replaceInFile(data, "site.yaml", "counties: [Coles,", "counties: [Coles, Coles,");
    expect((await problemsOf(data)).map(formatProblem)).toEqual([
      expect.stringMatching(
        /^data\/site\.yaml:\d+:\d+ counties\[1\]: found "Coles" a second time, expected a unique county \(each once\)$/,
      ),
    ]);
  });
});

/** A named pipe at `file`: whoever opens it to read waits for a writer, for ever. */
async function namedPipe(file: string) {
  await rm(file, { force: true });
  await promisify(execFile)("mkfifo", [file]);
}

describe("a data file that is not a regular file", () => {
  const REGULAR_FILE = /expected a regular file saved in data\/ \(not a link, a folder, a pipe or a device\)$/m;

  it("is refused unread when it is a link to /dev/zero, which never ends", async () => {
    const data = await copyData();
    await rm(path.join(data, "faq.yaml"));
    await symlink("/dev/zero", path.join(data, "faq.yaml"));
    const result = await check(data);
    expectRefusedAt(
      result,
      { file: "faq.yaml", line: 1 },
      /^data\/faq\.yaml:1:1 found a symbolic link to "\/dev\/zero", /,
    );
    expect(result.stderr).toMatch(REGULAR_FILE);
  });

  it("is refused unread when it is a named pipe, which waits for ever", async () => {
    const data = await copyData();
    await namedPipe(path.join(data, "faq.yaml"));
    expectRefusedAt(await check(data), { file: "faq.yaml", line: 1 }, /^data\/faq\.yaml:1:1 found a named pipe, /);
    const fmt = await sitegen(["fmt", "--data", data], path.dirname(data), { timeoutMs: 60_000 });
    expect(fmt.code).toBe(3);
    expect(fmt.stderr).toMatch(/data\/faq\.yaml is a named pipe, not a data file: run `npm run check`/);
  });

  it("is refused when it is a link to a file elsewhere on the machine, valid YAML or not", async () => {
    const data = await copyData();
    const elsewhere = path.join(path.dirname(data), "towns-elsewhere.yaml");
    await writeFile(elsewhere, await readFile(path.join(data, "towns.yaml")));
    await rm(path.join(data, "towns.yaml"));
    await symlink(elsewhere, path.join(data, "towns.yaml"));
    expectRefusedAt(
      await check(data),
      { file: "towns.yaml", line: 1 },
      /found a symbolic link to ".*towns-elsewhere\.yaml", /,
    );
  });

  it("is refused when it is a link to another file of data/", async () => {
    const data = await copyData();
    await writeFile(path.join(data, "faq-copy.yaml"), await readFile(path.join(data, "faq.yaml")));
    await rm(path.join(data, "faq.yaml"));
    await symlink("faq-copy.yaml", path.join(data, "faq.yaml"));
    expectRefusedAt(await check(data), { file: "faq.yaml", line: 1 }, /found a symbolic link to "faq-copy\.yaml", /);
  });

  it("is refused when it is a folder", async () => {
    const data = await copyData();
    await rm(path.join(data, "site.yaml"));
    await mkdir(path.join(data, "site.yaml"));
    expectRefusedAt(await check(data), { file: "site.yaml", line: 1 }, /^data\/site\.yaml:1:1 found a folder, /);
  });
});

describe("a photo", () => {
  const ALT = "Trench for a water line across a front yard in Mattoon";
  let whole: Buffer;
  let outDir: string;
  let goodBuild: Map<string, Buffer>;

  beforeAll(async () => {
    whole = await jobSitePhoto();
    // A dist/ of its own, as a build of data/ writes it: a copy of the run's shared build of it.
    outDir = path.join(await mkdtemp(path.join(tmpdir(), "site-hostile-photos-")), "dist");
    await cp(await sharedBuild(), outDir, { recursive: true });
    goodBuild = await readTree(outDir);
  }, 180_000); // the shared build, made here when no file has asked for it yet (15 s cold alone)

  /** A copy of data/ whose first town names photos/trench.jpg, put there by `place`; the line that names it. */
  async function withPhoto(place: (file: string, data: string) => Promise<void>) {
    const data = await copyData();
    await mkdir(path.join(data, "photos"));
    await place(path.join(data, "photos", "trench.jpg"), data);
    const text = await editYaml(data, "towns.yaml", (doc) =>
      doc.setIn(["towns", 0, "photos"], [{ file: "photos/trench.jpg", alt: ALT }]),
    );
    return { data, line: lineOf(text, "file: photos/trench.jpg") };
  }

  /** A build of this data fails with the data's problems and leaves dist/ as it was. */
  async function expectBuildRefused(data: string) {
    await expect(generate({ dataDir: data, outDir })).rejects.toBeInstanceOf(DataError);
    const now = await readTree(outDir);
    expect([...now.keys()]).toEqual([...goodBuild.keys()]);
    for (const [file, contents] of goodBuild) expect(now.get(file)?.equals(contents), file).toBe(true);
  }

  it("cut short, as a half-sent upload is, is decoded in full and refused at its line", async () => {
    const { data, line } = await withPhoto((file) =>
      writeFile(file, whole.subarray(0, Math.floor(whole.length * 0.6))),
    );
    expectRefusedAt(
      await check(data),
      { file: "towns.yaml", line },
      /towns\[0\]\.photos\[0\]\.file: found a photo that cannot be read to its last pixel \(VipsJpeg: premature end of JPEG image\), expected a whole photo: save or upload it again from the phone or camera$/,
    );
    await expectBuildRefused(data);
  }, 120_000); // a refused build that decodes a cut-short photo in full before refusing it

  it("in PNG, cut short, is refused at its line too", async () => {
    const png = await sharp(whole).png().toBuffer();
    const { data, line } = await withPhoto((file) =>
      writeFile(file.replace(/jpg$/, "png"), png.subarray(0, Math.floor(png.length * 0.6))),
    );
    await editYaml(data, "towns.yaml", (doc) => doc.setIn(["towns", 0, "photos", 0, "file"], "photos/trench.png"));
    const [problem, ...others] = await problemsOf(data);
    expect(others).toEqual([]);
    expect(problem).toMatchObject({ file: "data/towns.yaml", line, field: "towns[0].photos[0].file" });
    expect(problem!.found).toMatch(/^a photo that cannot be read to its last pixel \(.*png.*\)$/i);
  }, 120_000); // a refused build that decodes a cut-short photo in full before refusing it

  it("that is a link to /dev/zero or a named pipe is refused unread at its line", async () => {
    for (const [place, found] of [
      [
        (file: string) => symlink("/dev/zero", file),
        /found a symbolic link to "\/dev\/zero", expected a photo saved in data\/photos\/ itself \(not a link, a folder, a pipe or a device\)$/,
      ],
      [namedPipe, /found a named pipe, expected a photo saved in data\/photos\/ itself/],
    ] as const) {
      const { data, line } = await withPhoto(place);
      expectRefusedAt(await check(data), { file: "towns.yaml", line }, found);
    }
    const { data } = await withPhoto((file) => symlink("/dev/zero", file));
    await expectBuildRefused(data);
  }, 120_000); // two refused builds, one per kind of file that is not a photo

  it("that is a link to a real photo elsewhere on the machine is refused, as is a photos/ folder that is a link", async () => {
    const elsewhere = path.join(await mkdtemp(path.join(tmpdir(), "site-elsewhere-")), "pictures");
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, "trench.jpg"), whole);
    const linkedFile = await withPhoto((file) => symlink(path.join(elsewhere, "trench.jpg"), file));
    expectRefusedAt(
      await check(linkedFile.data),
      { file: "towns.yaml", line: linkedFile.line },
      /found a symbolic link to ".*pictures\/trench\.jpg", /,
    );
    const linkedFolder = await withPhoto(async (_file, data) => {
      await rm(path.join(data, "photos"), { recursive: true });
      await symlink(elsewhere, path.join(data, "photos"));
    });
    expectRefusedAt(
      await check(linkedFolder.data),
      { file: "towns.yaml", line: linkedFolder.line },
      /found photos\/ as a symbolic link to ".*pictures", expected a folder photos\/ in data\/ that holds the photos themselves$/,
    );
  }, 120_000); // two copies of the data checked, each decoding the photo its link leads to
});

describe("an address in data/", () => {
  const HOST_RULE =
    "expected an https:// address whose host is a host name \\(letters, digits, hyphens and dots, at most 253 characters, ending in a name such as \\.com\\), with no user, password or port";
  // The form's two addresses, as the embed code in site.yaml gives them.
  const FRAME = '        src="https://api.leadconnectorhq.com/widget/form/example-form-id"\n';
  const SCRIPT = '    <script src="https://link.msgsndr.com/js/form_embed.js"></script>\n';
  const URL_LINE = "url: https://www.centralillinoisexcavating.example\n";

  it.each([
    [
      "a * host in the form's frame, which would let the contact page load from every host",
      FRAME,
      '        src="https://*/widget/form/x"\n',
      /leadForm\.embed: found "https:\/\/\*\/widget\/form\/x", HOST_RULE: "\*" is not a host name$/,
    ],
    [
      "a ; in the form's script host, which would write a sandbox directive",
      SCRIPT,
      '    <script src="https://link.msgsndr.com;sandbox/js/form_embed.js"></script>\n',
      /leadForm\.embed: found "https:\/\/link\.msgsndr\.com;sandbox\/js\/form_embed\.js", HOST_RULE: "link\.msgsndr\.com;sandbox" is not a host name$/,
    ],
    [
      "a ; in the site's address, which would end nginx's server_name",
      URL_LINE,
      "url: https://www.example.com;x\n",
      /url: found "https:\/\/www\.example\.com;x", HOST_RULE: "www\.example\.com;x" is not a host name$/,
    ],
    [
      'a " in a form host, which would end a quoted nginx value',
      FRAME,
      `        src='https://api"x.leadconnectorhq.com/widget/form/x'\n`,
      /leadForm\.embed: found .*HOST_RULE: "api"x\.leadconnectorhq\.com" is not a host name$/,
    ],
    [
      "a $ in a form host, which nginx would read as a variable",
      FRAME,
      '        src="https://$host.leadconnectorhq.com/widget/form/x"\n',
      /HOST_RULE: "\$host\.leadconnectorhq\.com" is not a host name$/,
    ],
    [
      "a host of 2,000 characters, which made a line nginx and the hosts refuse",
      SCRIPT,
      `    <script src="https://${"a".repeat(60)}.${"b".repeat(60)}.${"c.".repeat(940)}com/js/form_embed.js"></script>\n`,
      /HOST_RULE: the host has 2005 characters$/,
    ],
    [
      "a host the URL parser reads as the IPv4 address 127.0.0.1",
      SCRIPT,
      '    <script src="https://0x7f.1/js/form_embed.js"></script>\n',
      /HOST_RULE: "0x7f\.1" is not a host name: its last part starts with a digit$/,
    ],
    [
      "a host the URL parser refuses",
      FRAME,
      '        src="https://999.1.1.1/widget/form/x"\n',
      /HOST_RULE: "999\.1\.1\.1" is not a host name: its last part starts with a digit$/,
    ],
  ])("is refused at its line: %s", async (_name, from, to, says) => {
    const data = await copyData();
    const text = await replaceInFile(data, "site.yaml", from, to);
    const pattern = new RegExp(says.source.replace("HOST_RULE", HOST_RULE));
    expectRefusedAt(await check(data), { file: "site.yaml", line: lineOf(text, to.trim()) }, pattern);
  });

  it("is held to the same rule in every other field that takes one: social links, reviews, the Google profile, the editor's sign-in", async () => {
    const fields: [string, (string | number)[]][] = [
      ["social[0].url", ["social", 0, "url"]],
      ["reviews[0].link", ["reviews", 0, "link"]],
      ["googleBusinessProfile.reviewsUrl", ["googleBusinessProfile", "reviewsUrl"]],
      ["googleBusinessProfile.writeReviewUrl", ["googleBusinessProfile", "writeReviewUrl"]],
      ["editor.signInUrl", ["editor", "signInUrl"]],
    ];
    const hostile = [
      "https://*/x",
      "https://sveltia.example;sandbox/",
      'https://a"b.example/',
      "https://$host.example/",
      "https://0x7f.1/",
      "https://x.example:8443/",
      "https://u:p@x.example/",
      "https://x.example/\u001b[2J",
    ];
    for (const [field, keys] of fields) {
      for (const address of hostile) {
        const data = await copyData();
        await editYaml(data, "site.yaml", (doc) => {
          const review = {
            quote: "The crew dug our basement in two days and left the yard clean.",
            name: "Jane D.",
            town: "Mattoon",
            date: "2025-04-12",
            link: "https://maps.app.goo.gl/Jd7aQ2",
          };
          doc.setIn(["reviews"], doc.createNode([review]));
          doc.setIn(
            ["googleBusinessProfile"],
            doc.createNode({
              reviewsUrl: "https://maps.app.goo.gl/profile",
              writeReviewUrl: "https://g.page/r/CXk2Lm/review",
            }),
          );
          if (keys[0] === "editor") doc.setIn(["editor", "signInUrl"], "https://sign-in.example");
          doc.setIn(keys, address);
        });
        const problems = await problemsOf(data);
        expect(
          problems.map((problem) => problem.field),
          `${field} = ${address}`,
        ).toEqual([field]);
        expect(problems[0]!.expected, `${field} = ${address}`).toMatch(
          /^an https:\/\/ address whose host is a host name/,
        );
        expectPrintable(formatProblem(problems[0]!), field);
      }
    }
  }, 120_000); // forty copies of the data, each written and checked

  it("stops `sitegen nginx` at its line before any config is written, the built site or not", async () => {
    for (const [from, to] of [
      [URL_LINE, "url: https://www.example.com;x\n"],
      [FRAME, `        src='https://api"x.leadconnectorhq.com/widget/form/x'\n`],
      [FRAME, '        src="https://$host.leadconnectorhq.com/widget/form/x"\n'],
    ] as const) {
      const data = await copyData();
      const text = await replaceInFile(data, "site.yaml", from, to);
      const config = path.join(path.dirname(data), "site.conf");
      const result = await sitegen(
        ["nginx", "--data", data, "--out", path.join(path.dirname(data), "dist"), "--write", config],
        path.dirname(data),
        { timeoutMs: 60_000 },
      );
      expectRefusedAt(result, { file: "site.yaml", line: lineOf(text, to.trim()) }, /is not a host name$/);
      await expect(readFile(config)).rejects.toThrow(/ENOENT/);
    }
  });
});
