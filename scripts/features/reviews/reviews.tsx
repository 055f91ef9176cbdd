// Customers' reviews, when site.yaml lists some or names the Google Business Profile: what the
// feature adds to a build, a section in the "voices" place of the home, contact, service and town
// pages. Each page shows the newest three that concern it (data/reviews.ts); the contact page
// shows the profile's links even without a review, as the place a visitor looks for them.
import { ReviewsSection } from "./ReviewsSection.tsx";
import { reviewsFor } from "./choice.ts";
import { CONTACT_PATH, HOME_PATH } from "../../site/urls.ts";
import type { Feature } from "../feature.ts";

export const reviews: Feature = {
  name: "reviews",
  async parts({ model }) {
    const { reviews: all, googleBusinessProfile: profile } = model.business;
    if (all.length === 0 && !profile) return undefined;
    return {
      sections: ({ path, subject }) => {
        switch (subject.kind) {
          case "service":
            return {
              voices: (
                <ReviewsSection
                  reviews={reviewsFor(all, { service: subject.service.key })}
                  heading={`From our ${subject.service.label.toLowerCase()} customers`}
                  profile={profile}
                />
              ),
            };
          case "town":
            return {
              voices: (
                <ReviewsSection
                  reviews={reviewsFor(all, { town: subject.town.name })}
                  heading={`From our customers in ${subject.town.name}`}
                  profile={profile}
                />
              ),
            };
          case "site":
            // Right after what we do on the home page (the newest three of any town or service:
            // the latest say most about the crew today), and last on the contact page, where the
            // profile's links show even without a review.
            if (path === HOME_PATH)
              return {
                voices: (
                  <ReviewsSection reviews={reviewsFor(all)} heading="From our customers" profile={profile} flush />
                ),
              };
            if (path === CONTACT_PATH)
              return {
                voices: (
                  <ReviewsSection
                    reviews={reviewsFor(all)}
                    heading="From our customers"
                    profile={profile}
                    profileAlone
                  />
                ),
              };
            return {};
          case "row":
            return {};
        }
      },
    };
  },
};
