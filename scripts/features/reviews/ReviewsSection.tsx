import { dateText } from "../../data/model.ts";
import { reviewSite } from "./choice.ts";
import type { GoogleProfile, Review } from "./fields.ts";
import { Section } from "../../../templates/parts/Section.tsx";

type Profile = GoogleProfile | undefined;

/** A quote's paragraphs, as the customer broke them; the words themselves are never touched. */
function paragraphs(quote: string): string[] {
  return quote
    .split(/\n+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

function ProfileLinks({ profile }: { profile: Profile }) {
  if (!profile) return null;
  return (
    <p className="button-row">
      <a className="button button-outline" href={profile.reviewsUrl}>
        Read our reviews on Google
      </a>
      <a className="button button-outline" href={profile.writeReviewUrl}>
        Leave a review
      </a>
    </p>
  );
}

/**
 * Customers' reviews, word for word, each with the name they agreed to show, their town, the date
 * and a link to the original. The wording never claims these are all the reviews, and the link to
 * all of them on Google comes first, above them, when site.yaml names the Business Profile.
 * Without reviews, nothing at all; or, with `profileAlone`, the profile's links by themselves.
 * `flush` takes away the space above, for a section that follows another on white.
 */
export function ReviewsSection({
  reviews,
  heading,
  profile,
  profileAlone = false,
  flush = false,
}: {
  reviews: Review[];
  heading: string;
  profile: Profile;
  profileAlone?: boolean;
  flush?: boolean;
}) {
  if (reviews.length === 0 && !(profile && profileAlone)) return null;
  return (
    <Section variant={flush ? "section-flush" : undefined} labelledBy="reviews-heading">
      <h2 id="reviews-heading">{reviews.length > 0 ? heading : "Our reviews on Google"}</h2>
      <p className="section-intro">
        {reviews.length > 0
          ? "Some of our reviews, word for word, each linked to where it was posted."
          : "Read what customers say about our work, or tell others about the work we did for you."}
      </p>
      <ProfileLinks profile={profile} />
      {reviews.length > 0 ? (
        <ul className="card-grid">
          {reviews.map((review) => (
            <li key={review.link}>
              <figure className="card review">
                <blockquote cite={review.link}>
                  {paragraphs(review.quote).map((paragraph, index) => (
                    <p key={index}>{paragraph}</p>
                  ))}
                </blockquote>
                <figcaption>
                  <strong>{review.name}</strong>, {review.town},{" "}
                  <time dateTime={review.date}>{dateText(review.date)}</time>.{" "}
                  <a href={review.link}>
                    Read<span className="visually-hidden"> {review.name}&apos;s review</span> on{" "}
                    {reviewSite(review.link)}
                  </a>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
