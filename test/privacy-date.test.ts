// The privacy page's "last updated" date is site.yaml's privacyUpdated: a day the owner (or whoever
// changes the page's words) sets, never later than the build's day, and never left behind when
// counting is turned on (data/privacy-date.ts, by git's history). The words it dates are held
// here: the page's text for the spec's data, without its date, is a file snapshot named by the date
// in data/site.yaml, so that a change of the template's words fails until that date says when they
// took effect (a new date writes a new snapshot; delete the old one).
import { execFile } from "node:child_process";
import { appendFile, readFile } from "node:fs/promises";
import { promisify } from "node:util";
import path from "node:path";
import { parse as parseHtml } from "parse5";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { dateText } from "../scripts/data/model.ts";
import { outputText } from "../scripts/lib/output.ts";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { copyData, lineOf, loadProblems, replaceInFile } from "./support/data-copy.ts";
import { DATA_DIR, SPEC_DATA_DIR } from "./support/paths.ts";
import { COUNTED_DOMAIN } from "./support/plausible.ts";

/** git in `dir`, as a committer of its own. */
const git = (dir: string, ...args: string[]) =>
  promisify(execFile)("git", ["-c", "user.name=Site owner", "-c", "user.email=owner@example.com", ...args], {
    cwd: dir,
  });

type Node = { nodeName: string; value?: string; childNodes?: Node[] };

/** The text of <main>, one block a line: what a visitor reads of the page. */
function mainText(html: string): string {
  const lines: string[] = [];
  let line = "";
  const blocks = new Set(["h1", "h2", "h3", "p", "li", "ul"]);
  const walk = (node: Node, inMain: boolean) => {
    const here = inMain || node.nodeName === "main";
    if (here && node.nodeName === "#text") line += node.value;
    if (blocks.has(node.nodeName) && here) (lines.push(line), (line = ""));
    for (const child of node.childNodes ?? []) walk(child, here);
    if (blocks.has(node.nodeName) && here) (lines.push(line), (line = ""));
  };
  walk(parseHtml(html) as unknown as Node, false);
  return (
    lines
      .map((text) => text.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .join("\n") + "\n"
  );
}

const privacyUpdated = async (dir: string) =>
  (parse(await readFile(path.join(dir, "site.yaml"), "utf8")) as { privacyUpdated: string }).privacyUpdated;

describe("the privacy page's last updated date", () => {
  it("is site.yaml's privacyUpdated, and the words of data/'s date are the page's words", async () => {
    const site = await renderSite({
      dataDir: SPEC_DATA_DIR,
      outDir: "unused",
      today: new Date("2026-11-27T12:00:00Z"),
    });
    const text = mainText(outputText(site.files.get("privacy.html")!));
    const dated = `Last updated ${dateText(await privacyUpdated(SPEC_DATA_DIR))}\n`;
    expect(text).toContain(dated);
    // When this fails because the page's words changed: set privacyUpdated in data/site.yaml to
    // the day the new words take effect, run this file again, and commit the snapshot it writes.
    await expect(text.replace(dated, "")).toMatchFileSnapshot(
      `__snapshots__/privacy-words-${await privacyUpdated(DATA_DIR)}.txt`,
    );
  });

  it("is refused at its line when it is later than the build's day, and taken on that day", async () => {
    const dir = await copyData();
    const text = await replaceInFile(dir, "site.yaml", "privacyUpdated: 2020-01-01", "privacyUpdated: 2026-12-01");
    // 00:30 on December 1 in Mattoon is already 06:30 in UTC; the day is the business's.
    const problems = await loadProblems(dir, { today: new Date("2026-12-01T05:30:00Z") });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      field: "privacyUpdated",
      line: lineOf(text, "privacyUpdated:"),
      column: 17,
      expected: "a date no later than today, 2026-11-30",
    });
    expect(await loadProblems(dir, { today: new Date("2026-12-01T06:30:00Z") })).toEqual([]);
  });

  it("is refused at its line when counting is turned on and it is not moved, committed or not; taken once it moves", async () => {
    const dir = await copyData();
    const today = new Date("2026-11-28T12:00:00Z");
    await git(dir, "init", "--quiet");
    await git(dir, "add", ".");
    await git(dir, "commit", "--quiet", "-m", "The site");
    // The owner's guide's step: plausible at the end of site.yaml.
    await appendFile(path.join(dir, "site.yaml"), `plausible:\n  domain: ${COUNTED_DOMAIN}\n`);
    const text = await readFile(path.join(dir, "site.yaml"), "utf8");
    const refusal = {
      file: "data/site.yaml",
      field: "privacyUpdated",
      line: lineOf(text, "privacyUpdated:"),
      column: 17,
      found: `"2020-01-01", written before plausible (line ${lineOf(text, "plausible:")}) turned counting on`,
      expected: expect.stringMatching(
        /^the day the privacy page's words about counting take effect, such as today, 2026-11-28/,
      ),
    };
    expect(await loadProblems(dir, { today })).toEqual([refusal]);
    await git(dir, "commit", "--quiet", "-am", "Count visits");
    expect(await loadProblems(dir, { today })).toEqual([refusal]);
    await replaceInFile(dir, "site.yaml", "privacyUpdated: 2020-01-01", "privacyUpdated: 2026-11-28");
    expect(await loadProblems(dir, { today })).toEqual([]);
    await git(dir, "commit", "--quiet", "-am", "The privacy page's date");
    expect(await loadProblems(dir, { today })).toEqual([]);
  });

  it("takes counting turned on with the date in the same change, and any data outside git", async () => {
    const dir = await copyData();
    await git(dir, "init", "--quiet");
    await git(dir, "add", ".");
    await git(dir, "commit", "--quiet", "-m", "The site");
    await appendFile(path.join(dir, "site.yaml"), `plausible:\n  domain: ${COUNTED_DOMAIN}\n`);
    await replaceInFile(dir, "site.yaml", "privacyUpdated: 2020-01-01", "privacyUpdated: 2026-11-28");
    await git(dir, "commit", "--quiet", "-am", "Count visits");
    expect(await loadProblems(dir, { today: new Date("2026-11-28T12:00:00Z") })).toEqual([]);
    const outside = await copyData();
    await appendFile(path.join(outside, "site.yaml"), `plausible:\n  domain: ${COUNTED_DOMAIN}\n`);
    expect(await loadProblems(outside)).toEqual([]);
  });

  it("is refused when it is not a day that exists", async () => {
    const dir = await copyData();
    await replaceInFile(dir, "site.yaml", "privacyUpdated: 2020-01-01", "privacyUpdated: 2026-02-30");
    const problems = await loadProblems(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      field: "privacyUpdated",
      expected: expect.stringMatching(/a date that exists/),
    });
  });
});
