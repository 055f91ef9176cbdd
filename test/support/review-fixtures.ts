// Reviews for the tests, never for data/: the site shows only reviews customers really posted.
// Three as long as the schema allows, naming one town with a page and one service, so that the
// town's page and the service's page each show all three, as the home and contact pages do.
import type { SiteData } from "../../scripts/data/schema.ts";
import type { Review } from "../../scripts/features/reviews/fields.ts";
import { editYaml } from "./data-copy.ts";

/** The longest quote the schema accepts. */
const LONGEST_QUOTE = 600;

/** Prose written over several lines, as one line of exactly the longest quote's length. */
function longQuote(prose: string): string {
  const quote = prose.replace(/\s+/g, " ");
  if (quote.length !== LONGEST_QUOTE)
    throw new Error(`a fixture quote of ${quote.length} characters, not ${LONGEST_QUOTE}`);
  return quote;
}

export const FIXTURE_TOWN = "Charleston";
export const FIXTURE_SERVICE = "drainage-system";

export const LONG_REVIEWS: Review[] = [
  {
    quote:
      longQuote(`Water stood in our back yard for days after every rain, and the basement walls were damp each spring.
      The crew came out the same week we called, walked the lot with us and showed us where the water
      collected and why. They dug a French drain along the fence, buried both downspouts and ran everything to
      the ditch out front on a steady fall. The yard was graded and seeded when they left, and the cleanup was
      better than we expected. After the last big storm the yard drained within an hour and the basement
      stayed dry. Fair price, honest advice, and they showed up when they said they would. Top job.`),
    name: "Pat Fixture",
    town: FIXTURE_TOWN,
    date: "2025-05-14",
    service: FIXTURE_SERVICE,
    link: "https://maps.app.goo.gl/testFixtureReview01",
  },
  {
    quote:
      longQuote(`Our field entrance flooded every spring because the old tile line under it had collapsed years ago. They
      located the break, replaced about two hundred feet of tile with new perforated pipe in washed rock, and
      tied it back into the main without tearing up more of the field than they had to. The operator kept us
      posted each evening and explained what he had found. When the heavy rains came in June the low spot
      drained the same day for the first time we can remember. The bill matched the written estimate to the
      dollar. Good people to work with, and they know their farm drainage. Would hire again.`),
    name: "Sam Sample",
    town: FIXTURE_TOWN,
    date: "2025-07-02",
    service: FIXTURE_SERVICE,
    link: "https://maps.app.goo.gl/testFixtureReview02",
  },
  {
    quote:
      longQuote(`We called three contractors about the soggy strip between our house and the neighbor's, and these were
      the only ones who came to look the same week. They explained the options plainly, including the cheaper
      one, and let us decide. The swale they cut and the buried line to the street work exactly as promised,
      and the lawn grew back in a few weeks. They called JULIE before digging, kept the driveway clean, and
      hauled away the extra dirt. I appreciated that the owner came by himself at the end to check the grade
      with a level. Highly recommended. We would hire them again for any dirt work we need.`),
    name: "Lee Testcase",
    town: FIXTURE_TOWN,
    date: "2025-09-21",
    service: FIXTURE_SERVICE,
    link: "https://www.google.com/maps/reviews/test-fixture-03",
  },
];

/** A Business Profile that plainly is not one. */
export const FIXTURE_PROFILE: NonNullable<SiteData["googleBusinessProfile"]> = {
  reviewsUrl: "https://maps.app.goo.gl/testFixtureProfile",
  writeReviewUrl: "https://g.page/r/testFixtureProfile/review",
};

/** A day after every fixture review (noon in Mattoon): the build's "today" in the tests, so that they never age. */
export const FIXTURE_TODAY = new Date("2025-12-31T18:00:00Z");

/** Puts reviews (and, if given, the Business Profile) into the site.yaml of a copy of data/. */
export async function addReviews(
  dir: string,
  reviews: readonly Partial<Review>[],
  profile?: SiteData["googleBusinessProfile"],
): Promise<string> {
  return editYaml(dir, "site.yaml", (doc) => {
    doc.set("reviews", doc.createNode(reviews));
    if (profile) doc.set("googleBusinessProfile", doc.createNode(profile));
  });
}
