// Customers' reviews in site.yaml, the fields the reviews feature adds after `social`: the reviews
// themselves and the Google Business Profile's two addresses, their rules across files, and their
// labels in the editor. schema.ts places them (features/fields.ts lists this module), so this file
// reads no schema of the core.
import { z } from "zod";
import type { FeatureFields } from "../../data/extension.ts";
import { calendarDay, slug, text } from "../../data/fields.ts";
import { businessDay } from "../../data/days.ts";
import { TOWN_PAGE_LISTS, type TownPageList } from "../../data/near-duplicates.ts";
import { PLACEHOLDER_ADDRESS } from "../../data/placeholders.ts";
import type { DataProblem } from "../../data/problems.ts";
import { problemAt } from "../../data/read-yaml.ts";
import { duplicates, type CheckedFiles, type Findings } from "../../data/rows.ts";
import { closestMatch, didYouMean, suggestionsFor } from "../../data/suggest.ts";
import { HTTPS_ADDRESS, HTTPS_ADDRESS_EXPECTED, httpsAddressProblem } from "../../data/web-address.ts";

/**
 * A customer's review, copied from where it was posted and shown word for word (16 CFR Part 465
 * forbids altered reviews). The quote's bounds: under 20 characters a review says nothing a
 * visitor can weigh; 600 keep three reviews and the rest of a page within its first-round-trip
 * budget, and a longer review is read in full at its link.
 */
/**
 * What the owner's guide's example review says in place of a customer's words, name, town and
 * link: refused, so that the example, pasted and not filled in, never shows as a review.
 */
const EXAMPLE_REVIEW_TEXTS = [
  "Paste the customer's words here, exactly as they posted them.",
  "Their name as they agreed to show it",
  "Their town",
];
const PLACEHOLDER_EXPECTED = "the real address, not a placeholder such as the guide's example";

const notExample = <T extends z.ZodType<string>>(schema: T, expected: string) =>
  schema.refine((value) => !EXAMPLE_REVIEW_TEXTS.includes(value), expected);
/**
 * An https address that is not a placeholder: one pattern (the placeholder refused by a lookahead),
 * so that the site editor holds its field to the same rule as the build.
 */
const realAddress = z.string().regex(new RegExp(`^(?!${PLACEHOLDER_ADDRESS})${HTTPS_ADDRESS.source.slice(1)}`), {
  error: (issue) =>
    typeof issue.input !== "string"
      ? HTTPS_ADDRESS_EXPECTED
      : (httpsAddressProblem(issue.input) ?? PLACEHOLDER_EXPECTED),
});

const reviewSchema = z.strictObject({
  quote: notExample(
    z
      .string()
      .trim()
      .min(20, "the customer's words, at least 20 characters")
      .max(600, "at most 600 characters: show a shorter review, never a cut one"),
    "the customer's own words, not the guide's example",
  ).describe("The customer's words, exactly as posted: copy and paste them, and change nothing, not even a typo"),
  name: notExample(text(2, 60), "the customer's name, not the guide's example").describe(
    "The customer's name as they agreed to have it shown, such as Jane D. Ask them before you add their review",
  ),
  town: notExample(text(2, 40), "the customer's town, not the guide's example").describe(
    "The customer's town. The review also shows on that town's page, if there is one",
  ),
  date: calendarDay.describe("The day the review was posted, as YYYY-MM-DD; never later than today"),
  service: slug
    .describe(
      "Optional: the key of the service done, from services.yaml, such as drainage-system; the review also shows on its page",
    )
    .optional(),
  link: realAddress.describe("The address of the review where it was posted, such as its share link on Google Maps"),
});

/** Where the business's reviews on Google are read and written. */
const googleProfileSchema = z.strictObject({
  reviewsUrl: realAddress.describe(
    "The address where anyone can read all your reviews on Google (your Business Profile)",
  ),
  writeReviewUrl: realAddress.describe(
    'Google\'s "write a review" address for your profile, from "Ask for reviews" in your Business Profile',
  ),
});

export type Review = z.infer<typeof reviewSchema>;
export type GoogleProfile = z.infer<typeof googleProfileSchema>;

/** "Mt. Zion", "mt zion" and "Mt  Zion" are one town. */
function townKey(name: string): string {
  return name.toLowerCase().replace(/\./g, "").replace(/\s+/g, " ").trim();
}

export function sameTown(a: string, b: string): boolean {
  return townKey(a) === townKey(b);
}

/**
 * Customers' reviews in site.yaml: each names a service that exists, was posted no later than
 * `today` (the day of the build, at the business), and is listed once. A town without a page is
 * allowed; one spelt close to a page's name is a warning, since the review would miss that page
 * without a word.
 */
function reviewRules({ site, services, towns }: CheckedFiles, today: Date): Findings {
  if (!site) return { problems: [], warnings: [] };
  const reviews = (site.value as { reviews: Review[] }).reviews;
  const day = businessDay(today);
  const keys = services
    ? (services.value as { services: { key: string }[] }).services.map((service) => service.key)
    : undefined;
  const townNames = towns
    ? TOWN_PAGE_LISTS.flatMap((list) =>
        (towns.value as Record<TownPageList, { name: string }[]>)[list].map((town) => town.name),
      )
    : [];
  const problems = duplicates(
    site,
    reviews.map((review, i) => ({ keys: ["reviews", i, "link"], value: review.link })),
    "link (each review once)",
  );
  const warnings: DataProblem[] = [];
  reviews.forEach((review, i) => {
    if (review.date > day)
      problems.push(problemAt(site, ["reviews", i, "date"], `"${review.date}"`, `a date no later than today, ${day}`));
    if (keys && review.service !== undefined && !keys.includes(review.service)) {
      const hint = didYouMean(suggestionsFor(review.service, keys));
      problems.push({
        ...problemAt(site, ["reviews", i, "service"], `"${review.service}"`, "the key of a service in services.yaml"),
        ...(hint ? { hint } : {}),
      });
    }
    const near = townNames.some((name) => sameTown(name, review.town))
      ? undefined
      : closestMatch(review.town, townNames);
    if (near)
      warnings.push({
        ...problemAt(
          site,
          ["reviews", i, "town"],
          `"${review.town}", the name of no town page`,
          "a town page's name to show the review there",
        ),
        hint: didYouMean([near]),
      });
  });
  return { problems, warnings };
}

export const reviewsFields = {
  feature: "reviews",
  site: {
    after: "social",
    shape: {
      reviews: z
        .array(reviewSchema)
        .default([])
        .describe("Reviews customers posted, shown word for word with a link to each, most recent first"),
      googleBusinessProfile: googleProfileSchema
        .describe("Optional: your Google Business Profile, for the links to read your reviews and to leave one")
        .optional(),
    },
  },
  rules: reviewRules,
  labels: {
    quote: "Their words, exactly as posted",
    date: "Date posted",
    link: "Link to the review",
    googleBusinessProfile: "Google Business Profile",
    reviewsUrl: "Where your reviews are read",
    writeReviewUrl: "Where customers leave a review",
  },
  itemLabels: { reviews: "Review" },
} satisfies FeatureFields;
