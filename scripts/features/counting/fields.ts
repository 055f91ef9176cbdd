// Counting visits with Plausible, the data the counting feature adds: site.yaml's `plausible` (the
// site's name in Plausible and where its counts go), last among its fields, and the rule that
// /privacy's date moves when counting is turned on (data/privacy-date.ts), which reads the data
// folder's history. schema.ts places the field (features/fields.ts lists this module), so this
// file reads no schema of the core.
import { z } from "zod";
import type { FeatureFields } from "../../data/extension.ts";
import { EVENTS_ADDRESS, EVENTS_ADDRESS_EXPECTED, eventsAddressProblem } from "../../data/events-address.ts";
import { hostNamePattern } from "../../data/web-address.ts";
import { countingDateProblems } from "./data/privacy-date.ts";

/** Where Plausible's own service takes counts (its Events API), unless site.yaml names a server of the owner's. */
export const PLAUSIBLE_EVENTS = "https://plausible.io/api/event";

/** A host name in lowercase with at least one dot, as Plausible names a site: as a pattern, for the JSON Schemas and the editor too. */
const LOWERCASE_HOST_NAME = hostNamePattern({ lowercase: true, dotted: true });

export const countingFields = {
  feature: "counting",
  site: {
    after: "hero",
    shape: {
      plausible: z
        .strictObject({
          domain: z
            .string()
            .regex(
              LOWERCASE_HOST_NAME,
              "a host name in lowercase, such as centralillinoisexcavating.com, as the site is named in Plausible: no https://, no slash",
            )
            .describe(
              "The site's domain, exactly as you added it in Plausible (Site settings, General), such as centralillinoisexcavating.com: no https://, no slash",
            ),
          endpoint: z
            .string()
            .regex(EVENTS_ADDRESS, {
              error: (issue) =>
                (typeof issue.input === "string" && eventsAddressProblem(issue.input)) || EVENTS_ADDRESS_EXPECTED,
            })
            .default(PLAUSIBLE_EVENTS)
            .describe(
              `Optional: where the counts are sent. Only for Plausible Community Edition on your own server: its address followed by /api/event. ${PLAUSIBLE_EVENTS} (Plausible's own service) without it`,
            ),
        })
        .describe(
          "Optional: count page views and taps on Call, Text and Free Estimate in your own Plausible Analytics, with no cookies. Without it, the site counts nothing",
        )
        .optional(),
    },
  },
  checks: countingDateProblems,
} satisfies FeatureFields;
