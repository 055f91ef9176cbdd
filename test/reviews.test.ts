// Customers' reviews (data/site.yaml `reviews`, `googleBusinessProfile`): shown word for word on
// the pages of the towns and services they name, and the newest on the home and contact pages,
// each with its name, town, date and a link to the original, never more than three to a page and
// never worded as all of them; nothing at all without them; no Review or AggregateRating markup
// about the business; every rule refused at file:line:column; and three of the longest on a page,
// the home page included, still within the page budget.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderSite, type RenderedSite } from "../scripts/pipeline/generate.ts";
import { loadData } from "../scripts/data/load.ts";
import { formatProblem, type DataProblem } from "../scripts/data/problems.ts";
import { reviewsFor, reviewSite, REVIEWS_PER_PAGE } from "../scripts/features/reviews/choice.ts";
import { dateText } from "../scripts/data/model.ts";
import type { Review } from "../scripts/features/reviews/fields.ts";
import { outputText } from "../scripts/lib/output.ts";
import { FIRST_ROUND_TRIP_BUDGET, measurePage } from "../scripts/measure/budgets.ts";
import { isSitePageFile } from "../scripts/site/urls.ts";
import { copyData, lineOf, loadProblems, problemsOf } from "./support/data-copy.ts";
import { typedNodes } from "./support/json-ld.ts";
import { ROOT, SPEC_DATA_DIR } from "./support/paths.ts";
import {
  addReviews,
  FIXTURE_PROFILE,
  FIXTURE_SERVICE,
  FIXTURE_TODAY,
  FIXTURE_TOWN,
  LONG_REVIEWS,
} from "./support/review-fixtures.ts";
import { pagesWritten } from "./support/pages.ts";

const TOWN_PAGE = "towns/charleston.html";
const SERVICE_PAGE = `services/${FIXTURE_SERVICE}.html`;
/** The pages that show the three fixture reviews. */
const SHOWING = ["index.html", TOWN_PAGE, SERVICE_PAGE, "contact.html"];

/** Text as React writes it into HTML. */
function escaped(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

async function buildWith(reviews: readonly Partial<Review>[], profile?: typeof FIXTURE_PROFILE): Promise<RenderedSite> {
  const dir = await copyData();
  await addReviews(dir, reviews, profile);
  return renderSite({ dataDir: dir, outDir: "unused", today: FIXTURE_TODAY });
}

const pageOf = (site: RenderedSite, file: string) => outputText(site.files.get(file)!);
const pagesOf = (site: RenderedSite) =>
  [...site.files]
    .filter(([file]) => isSitePageFile(file))
    .map(([file, contents]) => ({ file, html: outputText(contents) }));

/** The reviews section of a page, or undefined. */
function reviewsSection(html: string): string | undefined {
  const start = html.indexOf('aria-labelledby="reviews-heading"');
  return start < 0 ? undefined : html.slice(start, html.indexOf("</section>", start));
}

/** A review that says things HTML would misread, over two paragraphs. */
const AWKWARD: Review = {
  quote: `They said "no problem" & fixed the <b>culvert</b> in a day.\nSecond paragraph: it's still dry, 100%.`,
  name: "O'Neil & Sons",
  town: "Mt Zion",
  date: "2025-03-03",
  service: "culvert",
  link: "https://www.facebook.com/reviews/test-fixture-awkward?a=1&b=2",
};

describe("what a page shows of the reviews", () => {
  it("orders the most recent first and keeps at most three, by town (spelt loosely) or service", () => {
    const day = (date: string, town = FIXTURE_TOWN): Review => ({
      ...LONG_REVIEWS[0]!,
      date,
      town,
      link: `https://g.co/${date}`,
    });
    const reviews = [
      day("2024-01-01"),
      day("2025-02-01"),
      day("2023-05-05"),
      day("2025-02-01", "charleston"),
      day("2025-06-01", "Mattoon"),
    ];
    expect(REVIEWS_PER_PAGE).toBe(3);
    expect(reviewsFor(reviews, { town: "Charleston" }).map((review) => [review.date, review.town])).toEqual([
      ["2025-02-01", FIXTURE_TOWN],
      ["2025-02-01", "charleston"],
      ["2024-01-01", FIXTURE_TOWN],
    ]);
    expect(reviewsFor([AWKWARD], { town: "Mt. Zion" })).toEqual([AWKWARD]);
    expect(reviewsFor(reviews, { service: FIXTURE_SERVICE })).toHaveLength(3);
    expect(reviewsFor(reviews, { service: "culvert" })).toEqual([]);
  });

  it("writes the date as visitors read it, and names the site a review was posted on", () => {
    expect(dateText("2025-04-02")).toBe("April 2, 2025");
    expect(dateText("2024-12-31")).toBe("December 31, 2024");
    expect(
      [
        "https://maps.app.goo.gl/x",
        "https://www.google.com/maps/reviews/x",
        "https://g.page/r/x/review",
        "https://www.facebook.com/x",
        "https://m.yelp.com/biz/x",
        "https://www.bbb.org/x",
        "https://www.example-reviews.com/x",
      ].map(reviewSite),
    ).toEqual(["Google", "Google", "Google", "Facebook", "Yelp", "the BBB", "example-reviews.com"]);
  });
});

const site = await buildWith([...LONG_REVIEWS, AWKWARD], FIXTURE_PROFILE);
const longest = await buildWith(LONG_REVIEWS, FIXTURE_PROFILE);
// The site without reviews, from the same data the copies above start from (support/data-copy.ts).
const real = await renderSite({ dataDir: SPEC_DATA_DIR, outDir: "unused", today: FIXTURE_TODAY });
const profileOnly = await buildWith([], FIXTURE_PROFILE);

describe("pages with reviews and the Business Profile", () => {
  const newestFirst = [...LONG_REVIEWS].sort((a, b) => b.date.localeCompare(a.date));

  it.each(SHOWING)("%s shows each review word for word, with its name, town, date and link", (file) => {
    const section = reviewsSection(pageOf(site, file))!;
    expect(section, file).toBeDefined();
    for (const review of LONG_REVIEWS) {
      expect(section).toContain(
        `<blockquote cite="${escaped(review.link)}"><p>${escaped(review.quote)}</p></blockquote>`,
      );
      expect(section).toContain(`<strong>${escaped(review.name)}</strong>, ${FIXTURE_TOWN}`);
      expect(section).toContain(`<time dateTime="${review.date}">${dateText(review.date)}</time>`);
      expect(section).toMatch(
        new RegExp(`<a href="${escaped(review.link)}">Read<span class="visually-hidden"> [^<]+</span> on Google</a>`),
      );
    }
    const order = newestFirst.map((review) => section.indexOf(escaped(review.quote)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("keeps a quote's characters and paragraphs exactly, escaped for HTML, on its town's and its service's pages", () => {
    for (const file of ["towns/mt-zion.html", "services/culvert.html"]) {
      const section = reviewsSection(pageOf(site, file))!;
      expect(section).toContain(
        "<p>They said &quot;no problem&quot; &amp; fixed the &lt;b&gt;culvert&lt;/b&gt; in a day.</p><p>Second paragraph: it&#x27;s still dry, 100%.</p>",
      );
      expect(section).not.toContain("<b>");
      expect(section).toContain("<strong>O&#x27;Neil &amp; Sons</strong>, Mt Zion");
      expect(section).toContain('href="https://www.facebook.com/reviews/test-fixture-awkward?a=1&amp;b=2"');
      expect(section).toMatch(/ on Facebook<\/a>/);
      // The page's other reviews are not this town's or service's.
      expect(section).not.toContain(escaped(LONG_REVIEWS[0]!.quote));
    }
  });

  it("never words them as all the reviews, and links to all of them and to leaving one beside them", () => {
    for (const file of SHOWING) {
      const section = reviewsSection(pageOf(site, file))!;
      expect(section).toMatch(/<h2 id="reviews-heading">From our [^<]*customers[^<]*<\/h2>/);
      expect(section).toContain("Some of our reviews");
      expect(section.replace("Read our reviews on Google", "")).not.toMatch(
        /\ball (?:of )?(?:our |the )?reviews\b|\bevery review\b/i,
      );
      expect(section).toContain(
        `<a class="button button-outline" href="${FIXTURE_PROFILE.reviewsUrl}">Read our reviews on Google</a>`,
      );
      expect(section).toContain(
        `<a class="button button-outline" href="${FIXTURE_PROFILE.writeReviewUrl}">Leave a review</a>`,
      );
    }
  });

  it("shows none on pages they do not name", () => {
    for (const file of ["towns/mattoon.html", "services/site-prep.html", "services.html", "towns.html"]) {
      expect(reviewsSection(pageOf(site, file)), file).toBeUndefined();
      expect(pageOf(site, file)).not.toMatch(/<blockquote|Leave a review|reviews on Google/);
    }
    // The home and contact pages show the most recent of any town and service: not the older fourth one.
    for (const file of ["index.html", "contact.html"]) expect(pageOf(site, file), file).not.toContain("O&#x27;Neil");
  });

  it("add to the home page their section, after the services, and nothing else", () => {
    const home = pageOf(site, "index.html");
    const start = home.indexOf('<section class="section section-flush" aria-labelledby="reviews-heading">');
    expect(start).toBeGreaterThan(home.indexOf('id="services-heading"'));
    expect(start).toBeLessThan(home.indexOf('id="towns-heading"'));
    const end = home.indexOf("</section>", start) + "</section>".length;
    expect(home.slice(0, start) + home.slice(end)).toBe(pageOf(real, "index.html"));
  });

  it("leave the home page with no reviews section without them, even with the Business Profile named", () => {
    for (const built of [real, profileOnly]) {
      const home = pageOf(built, "index.html");
      expect(reviewsSection(home)).toBeUndefined();
      expect(home).not.toMatch(/reviews-heading|<blockquote|Leave a review|reviews on Google/);
    }
  });

  it("shows at most three on a page, the most recent", async () => {
    const older: Review = { ...LONG_REVIEWS[0]!, date: "2024-01-01", link: "https://g.co/kgs/test-fixture-older" };
    const built = await buildWith([...LONG_REVIEWS, older]);
    const section = reviewsSection(pageOf(built, TOWN_PAGE))!;
    expect(section.match(/<figure class="card review">/g)).toHaveLength(3);
    expect(section).not.toContain(older.link);
  });

  it("puts no Review or AggregateRating about the business in any page's JSON-LD", () => {
    const pages = pagesOf(site);
    expect(pages).toHaveLength(pagesWritten(site.routes));
    for (const { file, html } of pages) {
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
      const text = blocks.map((match) => match[1]!).join("\n");
      const types = blocks.flatMap((match) => typedNodes(JSON.parse(match[1]!)).map((node) => node["@type"]));
      expect(types, file).not.toContain("Review");
      expect(types, file).not.toContain("AggregateRating");
      expect(text, file).not.toMatch(/"(?:review|reviews|aggregateRating|reviewRating|ratingValue)"\s*:/);
      expect(html, file).not.toMatch(/itemprop="(?:review|aggregateRating)"|typeof="(?:Review|AggregateRating)"/);
    }
  });
});

describe("three of the longest reviews on a page", () => {
  it.each(SHOWING)(
    `%s stays within the first round trip: at most ${FIRST_ROUND_TRIP_BUDGET} bytes with gzip -9 and brotli 11`,
    async (file) => {
      const html = pageOf(longest, file);
      expect(html.match(/<figure class="card review">/g)).toHaveLength(3);
      for (const review of LONG_REVIEWS) expect(review.quote).toHaveLength(600);
      const weight = await measurePage(file, html);
      const figures = `${file}: ${weight.bytes} bytes, gzip ${weight.gzip}, brotli ${weight.brotli}`;
      expect(weight.gzip, figures).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BUDGET);
      expect(weight.brotli, figures).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BUDGET);
    },
  );
});

describe("without reviews", () => {
  it("the shipped data lists none and names no Business Profile", () => {
    expect(real.model.business.reviews).toEqual([]);
    expect(real.model.business.googleBusinessProfile).toBeUndefined();
  });

  it("no page has a reviews heading, a quote or a link to Google", () => {
    for (const { file, html } of pagesOf(real)) {
      expect(reviewsSection(html), file).toBeUndefined();
      expect(html, file).not.toMatch(/<blockquote|class="card review"|Leave a review|reviews on Google/);
    }
  });

  it("with the Business Profile named, the contact page alone links to it", () => {
    for (const { file, html } of pagesOf(profileOnly)) {
      const section = reviewsSection(html);
      if (file !== "contact.html") {
        expect(section, file).toBeUndefined();
        continue;
      }
      expect(section).toContain("Read our reviews on Google");
      expect(section).toContain("Leave a review");
      expect(section).not.toContain("Some of our reviews");
    }
  });
});

/**
 * The one problem a broken review gives, at the line of `at` ("date: 2025-02-30") and the column
 * where its value starts.
 */
function expectAt(problems: DataProblem[], text: string, field: string, at: string, says: RegExp) {
  const matching = problems.filter((problem) => problem.field === field);
  expect(matching, problems.map(formatProblem).join("\n")).toHaveLength(1);
  const [problem] = matching;
  const line = lineOf(text, at);
  const column = text.split("\n")[line - 1]!.indexOf(at) + at.indexOf(": ") + 3;
  expect([problem!.file, problem!.line, problem!.column]).toEqual(["data/site.yaml", line, column]);
  expect(formatProblem(problem!).startsWith(`data/site.yaml:${line}:${column} ${field}: found `)).toBe(true);
  expect(formatProblem(problem!)).toMatch(says);
}

describe("the rules for reviews", () => {
  const valid = LONG_REVIEWS[0]!;

  /** site.yaml with one review changed as given; its problems, and the file's text. */
  async function refused(change: Partial<Review>, today = FIXTURE_TODAY) {
    const dir = await copyData();
    const text = await addReviews(dir, [{ ...valid, ...change }]);
    return { text, problems: await loadProblems(dir, { today }) };
  }

  it.each([
    ["a day that is not on the calendar", { date: "2025-02-30" }, "date", /expected a date that exists, as YYYY-MM-DD/],
    ["a date written another way", { date: "4/12/2025" }, "date", /expected a date that exists, as YYYY-MM-DD/],
    ["a link that is not https", { link: "http://maps.app.goo.gl/x" }, "link", /expected an https:\/\/ address/],
    ["a quote under 20 characters", { quote: "Great job, thanks." }, "quote", /at least 20 characters/],
    [
      "a quote over 600 characters",
      { quote: `${valid.quote} Yes.` },
      "quote",
      /at most 600 characters: show a shorter review, never a cut one/,
    ],
    ["a name of one letter", { name: "J" }, "name", /text of at least 2 characters/],
    ["a name over 60 characters", { name: "J".repeat(61) }, "name", /text of at most 60 characters/],
    [
      "a service that does not exist",
      { service: "drainage" },
      "service",
      /expected the key of a service in services\.yaml; did you mean 'drainage-system'\?/,
    ],
    [
      "a date after today",
      { date: "2026-01-01" },
      "date",
      /found "2026-01-01", expected a date no later than today, 2025-12-31/,
    ],
  ] as const)("refuses %s at file:line:column", async (_name, change, field, says) => {
    const { text, problems } = await refused(change);
    const value = String((change as Record<string, unknown>)[field]);
    expectAt(problems, text, `reviews[0].${field}`, `${field}: ${value.slice(0, 30)}`, says);
    expect(problems).toHaveLength(1);
  });

  it("refuses the owner's guide's example review pasted as it stands: its words, name, town and link, each at its line", async () => {
    const guide = await readFile(path.join(ROOT, "docs", "owner-guide.md"), "utf8");
    const section = guide.slice(guide.indexOf("## Add a review"));
    const example = /```yaml\n([\s\S]*?)```/.exec(section)![1]!.replace(/^ {3}/gm, "");
    const profile = /```yaml\n([\s\S]*?)```/.exec(section.slice(section.indexOf("googleBusinessProfile:") - 20))![1]!;
    expect(example).toMatch(/^reviews:\n/);
    const dir = await copyData();
    const file = path.join(dir, "site.yaml");
    const text = `${await readFile(file, "utf8")}${example}${profile}`;
    await writeFile(file, text);
    const problems = await loadProblems(dir, { today: FIXTURE_TODAY });
    expect(problems.map((problem) => [problem.field, problem.line, problem.expected])).toEqual([
      [
        "reviews[0].quote",
        lineOf(text, "Paste the customer's words") - 1,
        "the customer's own words, not the guide's example",
      ],
      ["reviews[0].name", lineOf(text, "name: Their name"), "the customer's name, not the guide's example"],
      ["reviews[0].town", lineOf(text, "town: Their town"), "the customer's town, not the guide's example"],
      [
        "reviews[0].link",
        lineOf(text, "your-review-link"),
        "the real address, not a placeholder such as the guide's example",
      ],
      [
        "googleBusinessProfile.reviewsUrl",
        lineOf(text, "your-profile-link"),
        "the real address, not a placeholder such as the guide's example",
      ],
      [
        "googleBusinessProfile.writeReviewUrl",
        lineOf(text, "your-profile-id"),
        "the real address, not a placeholder such as the guide's example",
      ],
    ]);
  });

  it.each([
    "https://example.com/review/1",
    "https://www.example.org/r",
    "https://maps.example/x",
    "https://g.page/r/your-id/review",
  ])("refuses the placeholder review address %s", async (link) => {
    const { problems } = await refused({ link });
    expect(problems.map((problem) => problem.field)).toEqual(["reviews[0].link"]);
  });

  it("takes today from the build: the same review is accepted on its day", async () => {
    // 00:30 on January 1 in Mattoon is already 06:30 in UTC; the day is the business's.
    expect((await refused({ date: "2026-01-01" }, new Date("2026-01-01T05:30:00Z"))).problems).toHaveLength(1);
    const { problems } = await refused({ date: "2026-01-01" }, new Date("2026-01-01T06:30:00Z"));
    expect(problems).toEqual([]);
  });

  it("accepts quotes of exactly 20 and 600 characters, and a review with no service", async () => {
    for (const change of [{ quote: "Great job, thank you" }, { quote: valid.quote }, { service: undefined }]) {
      const { problems } = await refused(change);
      expect(problems, JSON.stringify(change)).toEqual([]);
    }
  });

  it("refuses the same review listed twice, at the second one", async () => {
    const dir = await copyData();
    const text = await addReviews(dir, [valid, { ...valid, name: "Someone Else" }]);
    const problems = await problemsOf(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ field: "reviews[1].link", expected: "a unique link (each review once)" });
    expect(problems[0]!.line).toBe(text.split("\n").lastIndexOf(`    link: ${valid.link}`) + 1);
  });

  it("refuses a Business Profile address that is not https", async () => {
    const dir = await copyData();
    const text = await addReviews(dir, [], { ...FIXTURE_PROFILE, writeReviewUrl: "http://g.page/r/x/review" });
    const problems = await problemsOf(dir);
    expectAt(
      problems,
      text,
      "googleBusinessProfile.writeReviewUrl",
      "writeReviewUrl: http://g.page/r/x/review",
      /expected an https:\/\/ address/,
    );
  });

  it("warns, without stopping, of a town spelt close to a town page's name", async () => {
    const dir = await copyData();
    const text = await addReviews(dir, [
      { ...valid, town: "Charlestn" },
      { ...valid, town: "Ashmore", service: undefined, link: "https://g.co/kgs/test-fixture-ashmore" },
    ]);
    const { warnings } = await loadData(dir, { today: FIXTURE_TODAY });
    expect(warnings.filter((warning) => warning.file === "data/site.yaml").map(formatProblem)).toEqual([
      `data/site.yaml:${lineOf(text, "town: Charlestn")}:11 reviews[0].town: found "Charlestn", the name of no town page, expected a town page's name to show the review there; did you mean 'Charleston'?`,
    ]);
  });
});
