// jobs.yaml's schema: a job, told on a page of its own, and its photos, each marked before, during
// or after. Its own file, so that what reads a job's type (the jobs as the pages read them,
// jobs.ts) need not read the rules of fields.ts.
import { z } from "zod";
import { month, photoAlt, photoCaption, photoFile, slug, text } from "../../../data/fields.ts";

/** When a job's photo was taken: a job page shows a before photo and an after photo side by side. */
const PHOTO_ROLES = ["before", "during", "after"] as const;

const jobPhotoSchema = z.strictObject({
  file: photoFile,
  role: z.enum(PHOTO_ROLES).describe("Taken before, during or after the work"),
  alt: photoAlt,
  caption: photoCaption,
});

/**
 * A job done, told on its own page (/projects/{slug}). The story's bounds: under 150 characters
 * (about 25 words) a story cannot say the three things a visitor wants to know, what the ground was
 * like, what was done and what it fixed; 1,500 keep a job page, its photos' markup and the rest of
 * the page within the first round trip (test/jobs.test.ts weighs the longest). The title is the
 * page's title too, which search results cut after about 60 characters.
 */
const jobSchema = z.strictObject({
  slug: slug.describe("The page's address, /projects/{slug}, such as charleston-yard-drain"),
  title: text(10, 60).describe("What was done, as the page's heading: Yard drain for a wet lot in Charleston"),
  town: slug.describe("The slug of the town page where the job was done, such as charleston"),
  services: z
    .array(slug)
    .min(1, "at least one service")
    .max(4, "at most 4 services")
    .describe("The keys of the services it was, such as drainage-system"),
  month: month.describe("The month the job was done, as YYYY-MM; not after this month"),
  story: z
    .string()
    .trim()
    .min(150, "a story of at least 150 characters: what the ground was like, what was done and what it fixed")
    .max(1500, "text of at most 1500 characters")
    .describe(
      "What the ground was like, what was done, what it fixed, in this job's own words. A new line starts a paragraph",
    ),
  photos: z
    .array(jobPhotoSchema)
    .min(1, "at least one photo, marked after")
    .max(12, "at most 12 photos on one page")
    .describe("Each marked before, during or after; at least one after. Location data is removed"),
});

export const jobsFileSchema = z.strictObject({
  jobs: z
    .array(jobSchema)
    .default([])
    .describe("Each job gets a page; the newest show on the home page and on their town's and services' pages"),
});

export type Job = z.infer<typeof jobSchema>;
export type JobPhoto = z.infer<typeof jobPhotoSchema>;

