// The schemas of the core's rows: a service, a town, their questions, highlights and photos. They
// name no feature, so a feature's data may read their types (site-rows.ts) while schema.ts, which
// places the features' fields in site.yaml, imports the features.
import { z } from "zod";
import { photoAlt, photoCaption, photoFile, slug, text } from "./fields.ts";
import { isIconName } from "./icons.ts";

const icon = z
  .string()
  .refine(isIconName, { message: "a Lucide icon name such as droplets or shovel" })
  .describe("A Lucide icon name in kebab-case (https://lucide.dev/icons)");

/** The icon-name rule, for the editors' list of names and the "did you mean" hints. */
export const iconSchema = icon;


export const highlightSchema = z.strictObject({ icon, text: text(3, 60) });

export const faqSchema = z.strictObject({
  question: text(10, 140),
  answer: text(30, 700),
});

const photoSchema = z.strictObject({ file: photoFile, alt: photoAlt, caption: photoCaption });

/**
 * A photo at the top of a page, behind its heading: one of the owner's photos, held to the
 * gallery's rules. Best 1600 pixels wide or more, in landscape.
 */
export const heroSchema = z.strictObject({
  file: photoFile.describe(
    "The photo's file, in data/photos/: photos/yard-excavator.jpg. At least 800 pixels wide; 1600 or more and in landscape is best",
  ),
  alt: photoAlt,
});

const section = z.strictObject({ heading: text(5, 80), text: text(40, 900) });

const photos = z
  .array(photoSchema)
  .max(12, "at most 12 photos on one page")
  .describe("Optional: photos of the work, shown in a gallery on the page (location data is removed)")
  .optional();

const serviceSchema = z.strictObject({
  key: slug.describe("The page's address, /services/{key}: lowercase letters, digits and hyphens"),
  name: text(3, 40).describe("The service's name, as the page heading and the cards show it"),
  label: text(3, 30).describe('Used in "Get a Free {label} Quote" and in breadcrumbs'),
  icon,
  description: text(70, 160).describe("Card text and the page's meta description"),
  summary: text(100, 600),
  highlights: z.array(highlightSchema).length(4, "exactly 4 highlights"),
  intro: z.strictObject({
    heading: text(5, 80),
    paragraphs: z.array(text(40, 1200)).min(1).max(4),
  }),
  why: section,
  offerings: z.strictObject({
    heading: text(5, 80),
    items: z.array(z.strictObject({ name: text(2, 60), text: text(10, 300) })).min(3).max(10),
  }),
  tip: section,
  areaServed: z.array(slug).min(1).describe("Slugs of town pages where this service is offered"),
  photos,
  hero: heroSchema.describe("Optional: a photo at the top of this service's page, behind its heading").optional(),
});

export const servicesFileSchema = z.strictObject({
  services: z.array(serviceSchema).min(1),
});

const townSchema = z.strictObject({
  name: text(2, 40).describe("The town's name as visitors know it; the heading reads Excavation Services in {name}"),
  slug: slug.describe("The page's address, /towns/{slug}: lowercase letters, digits and hyphens"),
  county: text(3, 40)
    .regex(/^(?!.*\s[Cc]ounty$)/, "the county's name without the word County, e.g. Coles")
    .describe("The county, without the word County"),
  coordinates: z.strictObject({
    lat: z.number().min(36.97, "a latitude inside Illinois").max(42.51, "a latitude inside Illinois"),
    lon: z
      .number()
      .min(-91.52, "a longitude inside Illinois")
      .max(-87.49, "a longitude inside Illinois"),
  }).describe("The town's map point in decimal degrees, as map sites show it"),
  ctaPhone: z
    .enum(["primary", "secondary"])
    .describe("Optional: secondary makes the page's Call button use phones.secondary from site.yaml")
    .optional(),
  description: text(70, 160).describe("Lead sentence under the heading and the meta description"),
  body: z.array(text(40, 1200)).min(1).max(4).describe("One to four paragraphs about the work in this town"),
  highlights: z.array(highlightSchema).length(4, "exactly 4 highlights").describe("Exactly four tiles: an icon and a short text"),
  faqs: z.array(faqSchema).length(3, "exactly 3 FAQs").describe("Exactly three questions with their answers"),
  facts: z
    .strictObject({
      population: z.int().positive().describe("Population in the 2020 census"),
      founded: z.int().min(1673).max(2100),
      foundedAs: z.enum(["founded", "laid out", "platted", "incorporated", "settled"]),
      unique: text(15, 400),
    })
    .describe('Optional, and only facts you can check; without them the page says "More info coming soon."')
    .optional(),
  photos,
  hero: heroSchema.describe("Optional: a photo at the top of this town's page, behind its heading").optional(),
});

export const townsFileSchema = z.strictObject({
  towns: z.array(townSchema).min(1).describe("Towns shown in the grids, in this order"),
  alsoServing: z
    .array(townSchema)
    .default([])
    .describe('Further town pages, listed under "Also serving"'),
});

export type Service = z.infer<typeof serviceSchema>;
export type Town = z.infer<typeof townSchema>;
export type Faq = z.infer<typeof faqSchema>;
export type Highlight = z.infer<typeof highlightSchema>;
export type Photo = z.infer<typeof photoSchema>;
export type HeroPhoto = z.infer<typeof heroSchema>;
