// The shape of every data file. The generator validates with these schemas, and the JSON Schemas
// for editors are generated from them, so a rule lives in exactly one place.
import { z } from "zod";
import { calendarDay, httpsUrl, slug, text, time } from "./fields.ts";
import { withFeatureFields, withFeatureFiles } from "./extension.ts";
import { FEATURE_FIELDS } from "../features/fields.ts";
import { faqSchema, heroSchema, highlightSchema, servicesFileSchema, townsFileSchema } from "./rows-schema.ts";
import { parseHtmlFragment } from "./html-fragment.ts";
import { readLeadFormEmbed } from "./lead-form.ts";
import { HOST, MAX_HOST_LENGTH } from "./web-address.ts";


/** A US phone number as visitors read it: (217) 555-0142, 217-555-0142 or 217.555.0142. */
export const US_PHONE = /^(?:\(([2-9]\d{2})\) ?|([2-9]\d{2})[-. ])([2-9]\d{2})[-. ](\d{4})$/;

const phone = z.string().regex(US_PHONE, "a US phone number such as (217) 555-0142");



export const DAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;


/**
 * The work Illinois licenses that the site's pages describe (data/law.yaml's licensedWork): installing
 * a private sewage disposal system (225 ILCS 225; 77 Ill. Adm. Code 906.10) and plumbing, which takes
 * in the building sewer (225 ILCS 320/3). site.yaml's licenses names those the business holds.
 */
const LICENSES = ["private-sewage-installation", "plumbing"] as const;
export type License = (typeof LICENSES)[number];

/** The core's fields of site.yaml, in their order; the features' own (features/fields.ts) go in among them. */
const coreSiteShape = {
  name: text(3, 60).describe("The business name, as every page shows it. Until the owner confirms it, a placeholder"),
  tagline: text(10, 120).describe("One line about the business, used on the link preview of the home page"),
  url: httpsUrl.describe(
    "The public address of the site, without a trailing slash. An address ending in .example is a placeholder until the site has its domain",
  ),
  phones: z.strictObject({
    primary: phone.describe("The main number, shown on every page. A number in the 555-01xx range is a placeholder"),
    secondary: phone.describe(
      "The second number, used by town pages that say ctaPhone: secondary. A number in the 555-01xx range is a placeholder",
    ),
    text: phone
      .describe(
        "Optional: the number that takes texts, for the Text us links. Only a mobile number that receives texts: the owner must confirm it. A number in the 555-01xx range is a placeholder",
      )
      .optional(),
  }),
  address: z.strictObject({
    street: text(3, 80).describe("Street and number of the business; 100 Example Street is a placeholder"),
    city: text(2, 40),
    region: z.string().regex(/^[A-Z]{2}$/, "a two-letter state code such as IL"),
    postalCode: z.string().regex(/^\d{5}$/, "a five-digit ZIP code"),
  }),
  geo: z.strictObject({
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
  }),
  hours: z
    .array(
      z.strictObject({
        days: z.array(z.enum(DAYS)).min(1),
        opens: time,
        closes: time,
      }),
    )
    .min(1),
  emergencyNote: text(10, 100)
    .describe(
      "Optional: one line shown under the hours, such as: Storm damage or a broken sewer line? Call any time. Only if someone really answers at any hour",
    )
    .optional(),
  estimatePromise: text(8, 40)
    .regex(/^within /, 'a time starting with "within", such as within 24 hours')
    .describe(
      "How soon an estimate follows a request, as every page says it, such as within 24 hours. Texts in the other files that promise a time must use these exact words",
    ),
  claims: z
    .array(highlightSchema)
    .min(1)
    .max(4)
    .describe(
      "What you say of the business, in your own words, each with an icon: shown under the home page's heading and in every page's footer. Only what is true, such as Licensed and insured",
    ),
  licenses: z
    .array(z.enum(LICENSES))
    .default([])
    .describe(
      "The state licenses the business holds for work Illinois licenses: private-sewage-installation (installing septic systems) and plumbing (laying and connecting sewer and water pipe). Name one only when the license is really held: a page then says the business does that work; otherwise it says a licensed installer or plumber does it (law.yaml)",
    ),
  counties: z
    .array(text(3, 40))
    .min(1)
    .describe(
      "The counties of the regular service area, without the word County. Town pages in other counties may not say they are in the regular area",
    ),
  social: z
    .array(z.strictObject({ name: text(2, 30), url: httpsUrl }))
    .default([])
    .describe("The business's pages elsewhere, shown in the footer. Links to /example pages are placeholders"),
  leadForm: z.strictObject({
    embed: z
      .string()
      .max(4000, "the provider's embed code, at most 4,000 characters")
      // Read once, here: what follows has the form's address, attributes, height and helper.
      .transform((embed, context) => {
        const read = readLeadFormEmbed(embed, parseHtmlFragment);
        if (!("offset" in read)) return read;
        context.addIssue({ code: "custom", message: read.expected, params: { offset: read.offset, found: read.found } });
        return z.NEVER;
      })
      .describe(
        "The estimate form: paste the embed code from the form provider's dashboard (Sites, Forms, Integrate: the <iframe> and its <script>) as it is, or the form's address alone. An example-form-id address is a placeholder",
      ),
    title: text(5, 80).describe("Accessible name of the form frame"),
  }),
  privacyUpdated: calendarDay.describe(
    "The day the privacy page's words last changed, shown as its Last updated date, as YYYY-MM-DD; never later than today. Change it when you change the business name, address, phone numbers or estimate form, and when the site's words about privacy change",
  ),
  editor: z
    .strictObject({
      repository: z
        .string()
        .regex(/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/, "a GitHub repository as owner/name")
        .describe(
          "The GitHub repository that holds the site's files, as owner/name. The editor at /admin/ saves there. example-owner is a placeholder",
        ),
      branch: z
        .string()
        .regex(/^[A-Za-z0-9._/-]+$/, "a branch name such as main")
        .describe("The branch the live site is built from"),
      signInUrl: httpsUrl
        .describe(
          "Optional: the address of the editor's sign-in service (scripts/sign-in/README.md), where the owner signs in with his e-mail address and no GitHub account. Without it, the editor signs in with GitHub through Netlify, or with a GitHub access token",
        )
        .optional(),
    })
    .describe("Where the editor at /admin/ reads and saves the site's files. Change only when the site moves"),
  hero: heroSchema.describe("Optional: a photo of your work at the top of the home page, behind its heading").optional(),
};

const siteSchema = z.strictObject(withFeatureFields(coreSiteShape, FEATURE_FIELDS));

/** An address of a source or of the copy read: http or https, a host name, printable characters only. */
const sourceAddress = z
  .string()
  .regex(
    new RegExp(`^https?://(?=[^/?#]{1,${MAX_HOST_LENGTH}}(?:[/?#]|$))${HOST}(?:[/?#][\\x21-\\x7E]*)?$`),
    "an http:// or https:// address whose host is a host name, with no spaces",
  );

/** One source a rule rests on: what it is, where it is, the copy read and when, and its words. */
const lawSourceSchema = z.strictObject({
  cites: text(5, 200).describe(
    "The statute, code section or agency page, as it is cited, such as 220 ILCS 50/4(d) (Illinois Underground Utility Facilities Damage Prevention Act)",
  ),
  url: sourceAddress.describe("The address of the source itself, on the official site where there is one"),
  read: calendarDay.describe("The day the sentence was last checked against this source, as YYYY-MM-DD; never later than today"),
  copy: sourceAddress.describe("The address of the copy that was read (the source's own, or another site's copy of it)"),
  copyDate: text(3, 120).describe(
    'The date the copy read shows (such as "current through Register Vol. 48, No. 38, September 20, 2024"), or "capture date not shown"',
  ),
  passage: text(10, 2000).describe("The words of the source the sentence rests on, copied exactly; … where words are left out"),
});

const lawSources = z.array(lawSourceSchema).min(1, "at least one source").describe("Where the rule comes from: one source or more");

/** A sentence the pages may say: one or two whole sentences, ending as a sentence ends. */
const lawSentence = text(20, 600).regex(/[.!?]["'”’)]?$/, "whole sentences, the last ending with a period");

/** A rule of law the site states: its words, written once, and where they come from. */
const lawRuleSchema = z.strictObject({
  id: slug.describe("The rule's name, as the pages refer to it: {law:julie-notice}"),
  sentence: lawSentence.describe(
    "What the pages say, word for word, wherever they write {law:<id>}: only what the sources below say, required steps said as required",
  ),
  sources: lawSources,
});

/** Work Illinois licenses, said one way when site.yaml's licenses names the license and another way when it does not. */
const licensedWorkSchema = z.strictObject({
  id: slug.describe("The name the pages refer to it by: {law:septic-installation}"),
  license: z.enum(LICENSES).describe("The license the work needs, as site.yaml's licenses names it"),
  withLicense: lawSentence.describe("What the pages say when site.yaml's licenses names the license: the business does the work under it"),
  withoutLicense: lawSentence.describe(
    "What the pages say otherwise: the part the business does (the digging) and who does the rest",
  ),
  sources: lawSources,
});

const lawFileSchema = z.strictObject({
  rules: z
    .array(lawRuleSchema)
    .default([])
    .describe("Each statement of law or regulation the site makes, written once; a page says it by writing {law:<id>}"),
  licensedWork: z
    .array(licensedWorkSchema)
    .default([])
    .describe("Work that needs a state license; a page says who does it by writing {law:<id>}, as site.yaml's licenses decide"),
});

const faqFileSchema = z.strictObject({
  faqs: z.array(faqSchema).length(4, "exactly 4 FAQs"),
});

export type SiteData = z.infer<typeof siteSchema>;
export type { Faq, HeroPhoto, Highlight, Photo, Service, Town } from "./rows-schema.ts";
export type LawFile = z.infer<typeof lawFileSchema>;

/** The name of a data file: "site", "services", "towns", "faq", "law", "jobs". */
export type DataFileName = keyof typeof DATA_FILES;

/** The core's data files, with the schema each must satisfy. */
const CORE_FILES = {
  site: { file: "site.yaml", schema: siteSchema, optional: false },
  services: { file: "services.yaml", schema: servicesFileSchema, optional: false },
  towns: { file: "towns.yaml", schema: townsFileSchema, optional: false },
  faq: { file: "faq.yaml", schema: faqFileSchema, optional: false },
  law: { file: "law.yaml", schema: lawFileSchema, optional: true },
} as const;

/**
 * Every data file the site is built from, with the schema it must satisfy: the core's, then the
 * features' own (features/fields.ts). An optional file may be missing: the site then has none of
 * what it holds (no job, no page of jobs), exactly as if it held an empty list.
 */
export const DATA_FILES = withFeatureFiles(CORE_FILES, FEATURE_FIELDS);
