// The rules for jobs (data/jobs.yaml), each refused at file:line:column with what was expected:
// a town without a page or a service that does not exist (with a "did you mean"), a month after
// the build's or written otherwise, a story too short or copied from a town page or another job
// (near-duplicates.ts; one that borrows a little is a warning), a job without an after photo, a
// photo without alt text, a slug or a title used twice.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { formatProblem, type DataProblem } from "../scripts/data/problems.ts";
import type { Town } from "../scripts/data/schema.ts";
import { jobsOf } from "../scripts/features/jobs/fields.ts";
import type { Job } from "../scripts/features/jobs/data/schema.ts";
import { buildModel } from "../scripts/data/model.ts";
import { copyData, lineOf, loadProblems } from "./support/data-copy.ts";
import { addJobs, FIXTURE_JOBS, JOBS_TODAY, jobsFileText } from "./support/job-fixtures.ts";
import { SPEC_DATA_DIR } from "./support/paths.ts";
import { fencedBlocks, guideSection, OWNER_GUIDE, readGuide } from "./support/readme.ts";

/** The problems jobs.yaml gives, and its text. */
async function refused(
  jobs: readonly unknown[],
  today = JOBS_TODAY,
): Promise<{ text: string; problems: DataProblem[] }> {
  const dir = await copyData();
  await addJobs(dir, FIXTURE_JOBS);
  const text = jobsFileText(jobs);
  await writeFile(path.join(dir, "jobs.yaml"), text);
  return { text, problems: await loadProblems(dir, { today }) };
}

/** The one problem at `field`, on the line of `at` (its first occurrence from `after`), at the column of its value. */
function expectAt(problems: DataProblem[], text: string, field: string, at: string, says: RegExp, after = "") {
  const matching = problems.filter((problem) => problem.field === field);
  expect(matching, problems.map(formatProblem).join("\n")).toHaveLength(1);
  const [problem] = matching;
  const from = after ? lineOf(text, after) : 1;
  const line = text.split("\n").findIndex((each, index) => index + 1 >= from && each.includes(at)) + 1;
  const source = text.split("\n")[line - 1]!;
  const column = source.indexOf(at) + (at.includes(": ") ? at.indexOf(": ") + 3 : 1);
  expect(formatProblem(problem!)).toMatch(says);
  expect([problem!.file, problem!.line, problem!.column], formatProblem(problem!)).toEqual([
    "data/jobs.yaml",
    line,
    column,
  ]);
}

describe("the rules for jobs", () => {
  const [first, second] = FIXTURE_JOBS as [Job, Job];
  const one = (change: Partial<Job>) => [{ ...first, ...change }];

  it.each([
    [
      "a town without a page",
      { town: "charlston" },
      "jobs[0].town",
      "town: charlston",
      /expected the slug of a town page in towns\.yaml \(towns or alsoServing\); did you mean 'charleston'\?/,
    ],
    [
      "a month in the future",
      { month: "2026-01" },
      "jobs[0].month",
      "month: 2026-01",
      /found "2026-01", expected a month no later than this one, 2025-12/,
    ],
    [
      "a month written as a day",
      { month: "2025-06-12" },
      "jobs[0].month",
      "month: 2025-06-12",
      /expected a month as YYYY-MM, such as 2025-06/,
    ],
    [
      "a story too short to say anything",
      { story: "Dug a ditch and fixed the drain." },
      "jobs[0].story",
      "story: Dug",
      /expected a story of at least 150 characters: what the ground was like, what was done and what it fixed/,
    ],
    [
      "a title too long for search results",
      { title: "A".repeat(61) },
      "jobs[0].title",
      "title: AAA",
      /text of at most 60 characters/,
    ],
  ] as const)("refuses %s at file:line:column", async (_name, change, field, at, says) => {
    const { text, problems } = await refused(one(change));
    expectAt(problems, text, field, at, says);
    expect(problems).toHaveLength(1);
  });

  it("refuses a service that does not exist, at its place in the list", async () => {
    const { text, problems } = await refused(one({ services: ["septic-system", "septic"] }));
    expect(problems).toHaveLength(1);
    expect(formatProblem(problems[0]!)).toMatch(
      /^data\/jobs\.yaml:\d+:\d+ jobs\[0\]\.services\[1\]: found "septic", expected the key of a service in services\.yaml; did you mean 'septic-system'\?$/,
    );
    expect(problems[0]!.line).toBe(lineOf(text, "services: [septic-system, septic]"));
  });

  it("refuses a job without an after photo, at its photos", async () => {
    const photos = first.photos.filter((photo) => photo.role !== "after");
    const { text, problems } = await refused(one({ photos }));
    expect(problems.map(formatProblem)).toEqual([
      // At the list itself: its first item, on the line after "photos:".
      `data/jobs.yaml:${lineOf(text, "photos:") + 1}:7 jobs[0].photos: found photos marked before and during only, expected at least one photo marked role: after, showing the finished work`,
    ]);
  });

  it("refuses a photo without alt text, or with a file name for one", async () => {
    const photos = first.photos.map((photo, i) =>
      i === 0 ? { file: photo.file, role: photo.role } : i === 1 ? { ...photo, alt: "IMG_2041.JPG" } : photo,
    );
    const { text, problems } = await refused(one({ photos: photos as Job["photos"] }));
    expect(problems.map((problem) => problem.field)).toEqual(["jobs[0].photos[0].alt", "jobs[0].photos[1].alt"]);
    expect(formatProblem(problems[0]!)).toMatch(
      /found nothing, expected a sentence that says what the photo shows \(this field is required\)/,
    );
    expect(problems[0]!.line).toBe(lineOf(text, "- file: photos/arcola-septic-before.jpg"));
    expect(formatProblem(problems[1]!)).toMatch(/expected words that say what the photo shows, not a file name/);
  });

  it("refuses a story copied from a town page, naming the page and its line", async () => {
    const towns = await readFile(path.join(SPEC_DATA_DIR, "towns.yaml"), "utf8");
    const charleston = (parse(towns) as { towns: Town[] }).towns.find((town) => town.slug === "charleston")!;
    const { text, problems } = await refused(one({ story: charleston.body[0]! }));
    expectAt(
      problems,
      text,
      "jobs[0].story",
      "story: >-",
      new RegExp(
        `found a story that shares 100 % of its wording with Charleston's town page \\(towns\\.yaml line ${lineOf(towns, "- name: Charleston")}\\), expected under 30 %: a job's page must tell that job, in words of its own`,
      ),
    );
  });

  it("refuses a story copied from another job, and warns of one that borrows a little", async () => {
    const copy = {
      ...second,
      slug: "copy",
      title: "A copy of the yard drain",
      story: first.story.replace("farmhouse", "house"),
    };
    const { text, problems } = await refused([first, copy]);
    expectAt(
      problems,
      text,
      "jobs[1].story",
      "story: >-",
      /shares \d+ % of its wording with the story of "Septic field for a farmhouse outside Arcola" \(line \d+\)/,
      "slug: copy",
    );
    const dir = await copyData();
    await addJobs(dir, FIXTURE_JOBS);
    const sentence = first.story.split(". ")[0]!;
    await writeFile(
      path.join(dir, "jobs.yaml"),
      jobsFileText([first, { ...second, story: `${second.story} ${sentence}.` }]),
    );
    const { warnings } = await loadData(dir, { today: JOBS_TODAY });
    expect(warnings.map(formatProblem)).toEqual([
      expect.stringMatching(
        /^data\/jobs\.yaml:\d+:\d+ jobs\[1\]\.story: found a story that shares (1[5-9]|2\d) % of its wording/,
      ),
    ]);
  });

  it("refuses a slug or a title used twice", async () => {
    const { problems } = await refused([first, { ...second, slug: first.slug, title: first.title.toUpperCase() }]);
    expect(problems.map((problem) => [problem.field, problem.expected])).toEqual([
      ["jobs[1].slug", "a unique job slug (each job's page has its own address)"],
      ["jobs[1].title", "a unique job title (search results tell pages apart by their titles)"],
    ]);
  });

  it("takes this month from the build, in Mattoon's time", async () => {
    // 23:30 on December 31 in Mattoon is already January 1 in UTC: still December there.
    expect((await refused(one({ month: "2026-01" }), new Date("2026-01-01T05:30:00Z"))).problems).toHaveLength(1);
    expect((await refused(one({ month: "2026-01" }), new Date("2026-01-01T06:30:00Z"))).problems).toEqual([]);
  });
});

describe("the owner's guide's example", () => {
  it("is jobs.yaml as fmt writes it but the line naming its schema, and passes check without a warning once its photos are in data/photos/", async () => {
    const [example] = fencedBlocks(guideSection(await readGuide(OWNER_GUIDE), "Jobs"), "yaml");
    expect(example).toBeDefined();
    const jobs = (parse(example!) as { jobs: Job[] }).jobs;
    expect(jobsFileText(jobs)).toBe(`# yaml-language-server: $schema=../schemas/jobs.schema.json\n\n${example}`);
    const dir = await copyData();
    await addJobs(dir, jobs);
    await writeFile(path.join(dir, "jobs.yaml"), example!);
    const data = await loadData(dir, { today: JOBS_TODAY });
    expect(data.warnings.map(formatProblem)).toEqual([]);
    expect(jobsOf(buildModel(data)).map((job) => [job.slug, job.photos.map((photo) => photo.role)])).toEqual([
      ["mattoon-yard-drain", ["before", "after"]],
    ]);
  });
});
