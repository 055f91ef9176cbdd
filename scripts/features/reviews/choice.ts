// Which of the customers' reviews a page shows, and how their date and origin read. Pure
// functions: the reviews come from data/site.yaml, already checked (fields.ts).
import { sameTown, type Review } from "./fields.ts";

/**
 * At most this many reviews on one page, the most recent first: three long ones keep a page
 * within its first-round-trip budget (test/reviews.test.ts weighs them). The rest stay one click
 * away, on the Business Profile and at each review's own link.
 */
export const REVIEWS_PER_PAGE = 3;

/**
 * The reviews a page shows: on a town's page those from that town, on a service's page those of
 * that service, on the home and contact pages any; the most recent first (the data's order between reviews
 * of one day), at most REVIEWS_PER_PAGE.
 */
export function reviewsFor(reviews: readonly Review[], page?: { town: string } | { service: string }): Review[] {
  return reviews
    .filter((review) =>
      !page ? true : "town" in page ? sameTown(review.town, page.town) : review.service === page.service,
    )
    .map((review, index) => ({ review, index }))
    .sort((a, b) => b.review.date.localeCompare(a.review.date) || a.index - b.index)
    .slice(0, REVIEWS_PER_PAGE)
    .map(({ review }) => review);
}

/** The sites reviews are usually posted on, by the end of their host name. */
const REVIEW_SITES: [RegExp, string][] = [
  [/(?:^|\.)(?:google\.[a-z.]+|g\.page|goo\.gl|g\.co)$/, "Google"],
  [/(?:^|\.)(?:facebook\.com|fb\.com|fb\.me)$/, "Facebook"],
  [/(?:^|\.)yelp\.[a-z.]+$/, "Yelp"],
  [/(?:^|\.)nextdoor\.com$/, "Nextdoor"],
  [/(?:^|\.)(?:angi\.com|angieslist\.com)$/, "Angi"],
  [/(?:^|\.)bbb\.org$/, "the BBB"],
  [/(?:^|\.)houzz\.com$/, "Houzz"],
  [/(?:^|\.)homeadvisor\.com$/, "HomeAdvisor"],
  [/(?:^|\.)thumbtack\.com$/, "Thumbtack"],
];

/** Where a review was posted, from its link: "Google", "Facebook", or the site's own name. */
export function reviewSite(link: string): string {
  const host = new URL(link).hostname.toLowerCase();
  return REVIEW_SITES.find(([pattern]) => pattern.test(host))?.[1] ?? host.replace(/^www\./, "");
}
