// The privacy page's "last updated" date is site.yaml's privacyUpdated: a day the owner (or whoever
// changes the page's words) sets, never later than the build's day, and never earlier than the day
// counting was turned on (features/counting/data/privacy-date.ts, by git's history). The words it dates are held
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

/** git in `dir`, as a committer of its own, on the moment given (a commit's date is the day counting was turned on). */
const git = (dir: string, moment: string, ...args: string[]) =>
  promisify(execFile)("git", ["-c", "user.name=Site owner", "-c", "user.email=owner@example.com", ...args], {
    cwd: dir,
    env: { ...process.env, GIT_AUTHOR_DATE: moment, GIT_COMMITTER_DATE: moment },
  });

/** A git checkout of a copy of the spec's data (privacyUpdated 2020-01-01), committed at `moment`. */
async function committedData(moment: string): Promise<string> {
  const dir = await copyData();
  await git(dir, moment, "init", "--quiet");
  await git(dir, moment, "add", ".");
  await git(dir, moment, "commit", "--quiet", "-m", "The site");
  return dir;
}

/** The owner's guide's step: plausible at the end of site.yaml. */
const turnCountingOn = (dir: string) =>
  appendFile(path.join(dir, "site.yaml"), `plausible:\n  domain: ${COUNTED_DOMAIN}\n`);

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
    const dir = await committedData("2026-11-20T12:00:00Z");
    const today = new Date("2026-11-28T12:00:00Z");
    await turnCountingOn(dir);
    const text = await readFile(path.join(dir, "site.yaml"), "utf8");
    const refusal = (day: string) => ({
      file: "data/site.yaml",
      field: "privacyUpdated",
      line: lineOf(text, "privacyUpdated:"),
      column: 17,
      found: `"2020-01-01", earlier than ${day}, the day plausible (line ${lineOf(text, "plausible:")}) turned counting on`,
      expected: `the day the privacy page's words about counting take effect, ${day} or later: turning counting on changes the page`,
    });
    // Not committed yet: counting is turned on today.
    expect(await loadProblems(dir, { today })).toEqual([refusal("2026-11-28")]);
    await git(dir, "2026-11-27T18:00:00Z", "commit", "--quiet", "-am", "Count visits");
    expect(await loadProblems(dir, { today })).toEqual([refusal("2026-11-27")]);
    await replaceInFile(dir, "site.yaml", "privacyUpdated: 2020-01-01", "privacyUpdated: 2026-11-27");
    expect(await loadProblems(dir, { today })).toEqual([]);
    await git(dir, "2026-11-28T12:00:00Z", "commit", "--quiet", "-am", "The privacy page's date");
    expect(await loadProblems(dir, { today })).toEqual([]);
  });

  it("takes the date committed first and counting turned on in a later commit on or before it, in Mattoon's day", async () => {
    const dir = await committedData("2026-11-20T12:00:00Z");
    const today = new Date("2026-11-28T12:00:00Z");
    await replaceInFile(dir, "site.yaml", "privacyUpdated: 2020-01-01", "privacyUpdated: 2026-11-27");
    await git(dir, "2026-11-27T15:00:00Z", "commit", "--quiet", "-am", "The privacy page's date");
    await turnCountingOn(dir);
    // 21:00 on November 27 in Mattoon, already November 28 in UTC.
    await git(dir, "2026-11-28T03:00:00Z", "commit", "--quiet", "-am", "Count visits");
    expect(await loadProblems(dir, { today })).toEqual([]);
  });

  it("is refused when counting was committed on a day after the date, in a later commit or the same one", async () => {
    const today = new Date("2026-11-28T12:00:00Z");
    const refusal = (text: string) => [
      expect.objectContaining({
        field: "privacyUpdated",
        line: lineOf(text, "privacyUpdated:"),
        column: 17,
        found: `"2026-11-27", earlier than 2026-11-28, the day plausible (line ${lineOf(text, "plausible:")}) turned counting on`,
      }),
    ];
    const later = await committedData("2026-11-20T12:00:00Z");
    await replaceInFile(later, "site.yaml", "privacyUpdated: 2020-01-01", "privacyUpdated: 2026-11-27");
    await git(later, "2026-11-27T15:00:00Z", "commit", "--quiet", "-am", "The privacy page's date");
    await turnCountingOn(later);
    // 00:30 on November 28 in Mattoon.
    await git(later, "2026-11-28T06:30:00Z", "commit", "--quiet", "-am", "Count visits");
    expect(await loadProblems(later, { today })).toEqual(
      refusal(await readFile(path.join(later, "site.yaml"), "utf8")),
    );
    const same = await committedData("2026-11-20T12:00:00Z");
    await replaceInFile(same, "site.yaml", "privacyUpdated: 2020-01-01", "privacyUpdated: 2026-11-27");
    await turnCountingOn(same);
    await git(same, "2026-11-28T06:30:00Z", "commit", "--quiet", "-am", "Count visits");
    expect(await loadProblems(same, { today })).toEqual(refusal(await readFile(path.join(same, "site.yaml"), "utf8")));
  });

  it("takes counting turned on with the date in the same change, any data outside git, and a shallow clone", async () => {
    const dir = await committedData("2026-11-20T12:00:00Z");
    await turnCountingOn(dir);
    await replaceInFile(dir, "site.yaml", "privacyUpdated: 2020-01-01", "privacyUpdated: 2026-11-28");
    await git(dir, "2026-11-28T12:00:00Z", "commit", "--quiet", "-am", "Count visits");
    expect(await loadProblems(dir, { today: new Date("2026-11-28T12:00:00Z") })).toEqual([]);
    const outside = await copyData();
    await turnCountingOn(outside);
    expect(await loadProblems(outside)).toEqual([]);
    // A one-commit clone of a later commit: its one commit seems to write every line, counting's too.
    await git(dir, "2026-12-05T12:00:00Z", "commit", "--quiet", "--allow-empty", "-m", "A later commit");
    const clone = path.join(path.dirname(dir), "clone");
    await git(dir, "2026-12-05T12:00:00Z", "clone", "--quiet", "--depth", "1", `file://${dir}`, clone);
    expect(await loadProblems(clone, { today: new Date("2026-12-05T12:00:00Z") })).toEqual([]);
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
