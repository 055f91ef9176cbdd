// Days the hours differ (specialHours in site.yaml): which entries a build shows on its day, the
// words they read in, where the pages show them, the search-engine data that states them, the
// rules that refuse a wrong entry at its line, and the owner's guide's example taken at its word.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import { formatProblem } from "../scripts/data/problems.ts";
import {
  SPECIAL_HOURS_AHEAD_DAYS,
  upcomingSpecialHours,
  type SpecialHours,
} from "../scripts/features/closures/fields.ts";
import { specialHoursShown } from "../scripts/features/closures/closures.tsx";
import { businessDay, dayText } from "../scripts/data/days.ts";
import { copyData, lineOf, problemsOf, replaceInFile } from "./support/data-copy.ts";
import { LEFT_OUT_FOR_PLACEHOLDERS, missingProperties, typedNodes, type JsonObject } from "./support/json-ld.ts";
import { DATA_DIR } from "./support/paths.ts";
import { fencedBlocks, guideSection, OWNER_GUIDE, readGuide } from "./support/readme.ts";
import {
  addSpecialHours,
  FIXTURE_SHOWN,
  FIXTURE_SPECIAL_HOURS,
  HOURS_TODAY,
} from "./support/special-hours-fixtures.ts";
import { pagesWritten } from "./support/pages.ts";

/** The items of each list of exceptions on a page, in page order. */
const specialHoursLists = (html: string): string[][] =>
  [...html.matchAll(/<ul class="special-hours">(.*?)<\/ul>/g)].map((list) =>
    [...list[1]!.matchAll(/<li>(.*?)<\/li>/g)].map((item) => item[1]!),
  );

/** The page's JSON-LD graph. */
function graphOf(html: string): JsonObject {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error("no JSON-LD on the page");
  return JSON.parse(match[1]!) as JsonObject;
}

const businessOf = (html: string) => typedNodes(graphOf(html)).find((node) => node["@type"] === "GeneralContractor");

const NOTE = "Storm damage or a broken sewer line? Call any time.";

describe("which exceptions a build shows", () => {
  const closed = (day: string, reason = "Closed"): SpecialHours => ({ day, closed: true, reason });

  it("counts the days in Mattoon's time, not in the build machine's", () => {
    // 11:30 p.m. on Thanksgiving in Mattoon (Central Standard Time) is already the 27th in UTC.
    expect(businessDay(new Date("2026-11-27T05:30:00Z"))).toBe("2026-11-26");
    expect(businessDay(new Date("2026-11-27T06:30:00Z"))).toBe("2026-11-27");
    // In summer (Central Daylight Time) the day ends an hour earlier in UTC.
    expect(businessDay(new Date("2026-07-01T04:30:00Z"))).toBe("2026-06-30");
    expect(businessDay(new Date("2026-07-01T05:30:00Z"))).toBe("2026-07-01");
  });

  it(`shows what is not over yet and begins within ${SPECIAL_HOURS_AHEAD_DAYS} days, soonest first`, () => {
    const entries: SpecialHours[] = [
      closed("2027-01-22", "the 60th day ahead"),
      closed("2026-11-22", "yesterday"),
      { from: "2026-11-20", to: "2026-11-23", closed: true, reason: "ends today" },
      closed("2027-01-23", "the 61st day ahead"),
      closed("2026-11-23", "today"),
    ];
    expect(upcomingSpecialHours(entries, "2026-11-23").map((entry) => entry.reason)).toEqual([
      "ends today",
      "today",
      "the 60th day ahead",
    ]);
  });

  it("drops a closure on the day after its last day, and shows one once it is 60 days away", () => {
    const thanksgiving = [closed("2026-11-26")];
    expect(upcomingSpecialHours(thanksgiving, "2026-11-26")).toHaveLength(1);
    expect(upcomingSpecialHours(thanksgiving, "2026-11-27")).toEqual([]);
    expect(upcomingSpecialHours(thanksgiving, "2026-09-26")).toHaveLength(0);
    expect(upcomingSpecialHours(thanksgiving, "2026-09-27")).toHaveLength(1);
  });

  it("reads a day as visitors in the US do, with its weekday", () => {
    expect(dayText("2026-11-26")).toBe("Thursday, November 26");
    expect(dayText("2028-02-29")).toBe("Tuesday, February 29");
  });

  it("follows the build's day: a later build leaves out what has passed", async () => {
    const dir = await copyData();
    await addSpecialHours(dir, FIXTURE_SPECIAL_HOURS);
    const raw = await loadData(dir);
    const shown = (today: string) =>
      specialHoursShown(buildModel(raw).business.specialHours, businessDay(new Date(today))).map((entry) => entry.text);
    expect(shown("2026-11-23T20:00:00Z")).toEqual(FIXTURE_SHOWN);
    expect(shown("2026-11-27T20:00:00Z")).toEqual(FIXTURE_SHOWN.slice(1));
    expect(shown("2026-12-27T20:00:00Z")).toEqual(["Closed Monday, February 15 (Presidents Day)"]);
  });
});

describe("the pages of a build with closed days coming up", () => {
  let files: Map<string, string>;
  let written: number;
  const html = (file: string) => files.get(file) ?? "";
  const pages = () => [...files.keys()].filter((file) => file.endsWith(".html") && !file.startsWith("admin/"));

  beforeAll(async () => {
    const dir = await copyData();
    await addSpecialHours(dir, FIXTURE_SPECIAL_HOURS, NOTE);
    const site = await renderSite({ dataDir: dir, outDir: "unused", today: HOURS_TODAY });
    files = new Map([...site.files].map(([file, contents]) => [file, String(contents)]));
    written = pagesWritten(site.routes);
  }, 120_000); // a build in memory (15 s cold alone, 2 s with the cache)

  it("list them under the weekly hours in the footer of every page, in plain words", () => {
    expect(pages()).toHaveLength(written);
    for (const page of pages()) {
      const footer = html(page).slice(html(page).indexOf("<footer"));
      expect(specialHoursLists(footer), page).toEqual([FIXTURE_SHOWN]);
      // Right after the weekly hours, in the same entry of the contact facts.
      expect(footer, page).toMatch(/<ul class="hours">.*?<\/ul><ul class="special-hours">/);
    }
  });

  it("list them too in the home page's contact section and on the contact page", () => {
    expect(specialHoursLists(html("index.html"))).toEqual([FIXTURE_SHOWN, FIXTURE_SHOWN]);
    const main = (file: string) => html(file).slice(html(file).indexOf("<main"), html(file).indexOf("</main>"));
    expect(specialHoursLists(main("index.html"))).toEqual([FIXTURE_SHOWN]);
    expect(specialHoursLists(main("contact.html"))).toEqual([FIXTURE_SHOWN]);
  });

  it("leave out what has passed and what is more than 60 days away", () => {
    for (const page of pages()) {
      for (const reason of ["Election Day", "Presidents Day"]) expect(html(page).includes(reason), page).toBe(false);
    }
  });

  it("show the emergency note under the hours, where the owner set one", () => {
    for (const page of pages()) expect(html(page).includes(`<p class="emergency-note">${NOTE}</p>`), page).toBe(true);
  });

  it("state them for search engines as specialOpeningHoursSpecification, closed days as 00:00–00:00", () => {
    for (const page of ["index.html", "contact.html"]) {
      const business = businessOf(html(page))!;
      expect(business.specialOpeningHoursSpecification, page).toEqual([
        {
          "@type": "OpeningHoursSpecification",
          validFrom: "2026-11-26",
          validThrough: "2026-11-26",
          opens: "00:00",
          closes: "00:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          validFrom: "2026-11-27",
          validThrough: "2026-11-27",
          opens: "08:00",
          closes: "12:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          validFrom: "2026-12-24",
          validThrough: "2026-12-26",
          opens: "00:00",
          closes: "00:00",
        },
      ]);
      // Nothing missing but what the data's placeholders stand for (never stated: structured-data.test.ts).
      const missing = typedNodes(graphOf(html(page))).flatMap(missingProperties);
      expect(
        missing.filter((problem) => !(LEFT_OUT_FOR_PLACEHOLDERS as readonly string[]).includes(problem)),
        page,
      ).toEqual([]);
      // The weekly hours stay as they are.
      expect((business.openingHoursSpecification as JsonObject[]).every((spec) => "dayOfWeek" in spec)).toBe(true);
    }
  });
});

describe("a build of the shipped data", () => {
  it("shows no exceptions and no emergency note, since the owner gave none", async () => {
    // On the day the suite runs: the shipped data's dates (privacyUpdated) are the owner's, checked against the build's day.
    const site = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
    expect(site.model.business.specialHours).toEqual([]);
    expect(site.model.business.emergencyNote).toBeUndefined();
    for (const [file, contents] of site.files) {
      if (!file.endsWith(".html")) continue;
      for (const shown of ['class="special-hours"', 'class="emergency-note"', "specialOpeningHoursSpecification"])
        expect(String(contents).includes(shown), `${file}: ${shown}`).toBe(false);
    }
  }, 120_000); // a build in memory (15 s cold alone, 2 s with the cache)
});

describe("check", () => {
  /** The one problem of a copy of data/ with `entry` as its only exception, and the file's text. */
  async function problemWith(entry: Partial<SpecialHours>) {
    const dir = await copyData();
    const text = await addSpecialHours(dir, [entry]);
    const problems = await problemsOf(dir);
    expect(problems).toHaveLength(1);
    return { problem: problems[0]!, text };
  }

  it("refuses a day that does not exist, at its line and column", async () => {
    const { problem, text } = await problemWith({ day: "2026-02-30", closed: true, reason: "Leap day" });
    expect(problem).toMatchObject({
      file: path.join("data", "site.yaml"),
      line: lineOf(text, "day: 2026-02-30"),
      column: 10,
      field: "specialHours[0].day",
      found: '"2026-02-30"',
      expected: "a date that exists, as YYYY-MM-DD, such as 2026-11-26",
    });
  });

  it("refuses a range that ends before it starts, at its last day", async () => {
    const { problem, text } = await problemWith({
      from: "2026-12-24",
      to: "2026-12-20",
      closed: true,
      reason: "Christmas",
    });
    expect(problem).toMatchObject({
      line: lineOf(text, "to: 2026-12-20"),
      field: "specialHours[0].to",
      found: '"2026-12-20", before from (2026-12-24): a range that ends before it starts',
      expected: "a last day on or after 2026-12-24",
    });
    expect(formatProblem(problem)).toMatch(
      /^data\/site\.yaml:\d+:9 specialHours\[0\]\.to: found "2026-12-20", before from \(2026-12-24\)/,
    );
  });

  it("refuses an entry with neither closed: true nor hours, at the entry", async () => {
    const { problem, text } = await problemWith({ day: "2026-11-27", reason: "day after Thanksgiving" });
    expect(problem).toMatchObject({
      line: lineOf(text, "day: 2026-11-27"),
      field: "specialHours[0].closed",
      found: "nothing",
      expected: "closed: true for a day closed all day, or opens and closes for other hours",
    });
  });

  it.each<[string, Partial<SpecialHours>, string, RegExp]>([
    [
      "closed with hours",
      { day: "2026-11-27", closed: true, opens: "08:00", reason: "x-mas" },
      "specialHours[0].opens",
      /either closed: true or opens and closes, not both/,
    ],
    [
      "hours without a closing time",
      { day: "2026-11-27", opens: "08:00", reason: "short day" },
      "specialHours[0].closes",
      /the closing time too/,
    ],
    [
      "closing before opening",
      { day: "2026-11-27", opens: "12:00", closes: "08:00", reason: "short day" },
      "specialHours[0].closes",
      /a closing time after the opening time/,
    ],
    [
      "closed: false and no hours",
      { day: "2026-11-27", closed: false, reason: "short day" },
      "specialHours[0].closed",
      /closed: true for a day closed all day/,
    ],
    [
      "a range without its last day",
      { from: "2026-12-24", closed: true, reason: "Christmas" },
      "specialHours[0].to",
      /the last day, as YYYY-MM-DD, on or after from \(2026-12-24\)/,
    ],
    [
      "a range without its first day",
      { to: "2026-12-26", closed: true, reason: "Christmas" },
      "specialHours[0].from",
      /the first day/,
    ],
    [
      "both a day and a range",
      { day: "2026-12-24", from: "2026-12-24", to: "2026-12-26", closed: true, reason: "Christmas" },
      "specialHours[0].from",
      /either day \(one day\) or from and to/,
    ],
    [
      "no day at all",
      { closed: true, reason: "Christmas" },
      "specialHours[0]",
      /day: YYYY-MM-DD for one day, or from: and to:/,
    ],
    ["no reason", { day: "2026-11-26", closed: true }, "specialHours[0].reason", /this field is required/],
    [
      "closed: yes",
      { day: "2026-11-26", closed: "yes" as never, reason: "Thanksgiving" },
      "specialHours[0].closed",
      /^true or false$/,
    ],
  ])("refuses %s, saying what was expected", async (_name, entry, field, expected) => {
    const { problem } = await problemWith(entry);
    expect(problem.field).toBe(field);
    expect(problem.expected).toMatch(expected);
  });
});

describe("the owner's guide's section on closed days", () => {
  const section = async () => guideSection(await readGuide(OWNER_GUIDE), "Closed days and holiday hours");

  /** A copy of data/ with the owner's guide's example pasted where it says: right after the weekly hours. */
  async function withExample(example: string): Promise<string> {
    const dir = await copyData();
    await replaceInFile(
      dir,
      "site.yaml",
      "    closes: 12:00\nestimatePromise:",
      `    closes: 12:00\n${example}estimatePromise:`,
    );
    return dir;
  }

  it("shows the lines it says the example reads as", async () => {
    const [example] = fencedBlocks(await section(), "yaml");
    const [reads] = fencedBlocks(await section(), "text");
    const dir = await withExample(example!);
    const { business } = buildModel(await loadData(dir));
    expect(specialHoursShown(business.specialHours, businessDay(HOURS_TODAY)).map((entry) => entry.text)).toEqual(
      reads!.trim().split("\n"),
    );
  });

  it("prints the problem it says check prints for a range that ends before it starts", async () => {
    const [example] = fencedBlocks(await section(), "yaml");
    const [, printed] = fencedBlocks(await section(), "text");
    const dir = await withExample(example!.replace("to: 2026-12-26", "to: 2026-12-20"));
    expect((await problemsOf(dir)).map(formatProblem)).toEqual([printed!.trim()]);
  });
});
