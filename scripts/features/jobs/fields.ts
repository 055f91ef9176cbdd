// The jobs done (data/jobs.yaml, a file of its own), the data the jobs feature adds: the file's
// schema, its rules across files, its photos and prose as the core's checks read them, and its
// editor labels. schema.ts lists the file among the data files (features/fields.ts lists this
// module), so this file reads no schema of the core.
import { z } from "zod";
import type { FeatureFields } from "../../data/extension.ts";
import { businessDay } from "../../data/days.ts";
import { photoAlt, photoCaption, photoFile, slug, text } from "../../data/fields.ts";
import {
  nearDuplicateJobs,
  nearDuplicateJobWording,
  TOWN_PAGE_LISTS,
  type TownPageList,
} from "../../data/near-duplicates.ts";
import type { DataProblem, PathKey } from "../../data/problems.ts";
import { problemAt } from "../../data/read-yaml.ts";
import { duplicates, type CheckedFiles, type Findings } from "../../data/rows.ts";
import { didYouMean, suggestionsFor } from "../../data/suggest.ts";

/** When a job's photo was taken: a job page shows a before photo and an after photo side by side. */
const PHOTO_ROLES = ["before", "during", "after"] as const;

/** A month as YYYY-MM, such as 2025-06: the month a job was done. */
export const MONTH = /^\d{4}-(?:0[1-9]|1[0-2])$/;

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
  month: z
    .string()
    .regex(MONTH, "a month as YYYY-MM, such as 2025-06")
    .describe("The month the job was done, as YYYY-MM; not after this month"),
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

const jobsFileSchema = z.strictObject({
  jobs: z
    .array(jobSchema)
    .default([])
    .describe("Each job gets a page; the newest show on the home page and on their town's and services' pages"),
});

export type Job = z.infer<typeof jobSchema>;
export type JobPhoto = z.infer<typeof jobPhotoSchema>;

/** "before and during", for a job's photos: the roles given, each once, in the schema's order. */
function rolesText(roles: readonly string[]): string {
  const unique = [...new Set(roles)];
  return unique.length <= 1 ? unique.join("") : `${unique.slice(0, -1).join(", ")} and ${unique.at(-1)}`;
}

/**
 * The jobs of jobs.yaml: each slug and title once; a town with a page and services that exist (with a "did
 * you mean"); a month no later than the month of `today` (the day of the build, at the business);
 * at least one photo marked after, the result a visitor came to see; and a story of its own, not
 * close to a town page's wording or another job's (near-duplicates.ts).
 */
function jobRules({ jobs, services, towns }: CheckedFiles, today: Date): Findings {
  if (!jobs) return { problems: [], warnings: [] };
  const list = (jobs.value as { jobs: Job[] }).jobs;
  const thisMonth = businessDay(today).slice(0, 7);
  const problems = [
    ...duplicates(
      jobs,
      list.map((job, i) => ({ keys: ["jobs", i, "slug"], value: job.slug })),
      "job slug (each job's page has its own address)",
    ),
    ...duplicates(
      jobs,
      list.map((job, i) => ({ keys: ["jobs", i, "title"], value: job.title.toLowerCase() })),
      "job title (search results tell pages apart by their titles)",
    ),
  ];
  const unknown = (keys: PathKey[], value: string, known: string[], expected: string) => {
    const hint = didYouMean(suggestionsFor(value, known));
    problems.push({ ...problemAt(jobs, keys, JSON.stringify(value), expected), ...(hint ? { hint } : {}) });
  };
  const townSlugs = towns
    ? TOWN_PAGE_LISTS.flatMap((list) =>
        (towns.value as Record<TownPageList, { slug: string }[]>)[list].map((town) => town.slug),
      )
    : undefined;
  const serviceKeys = services
    ? (services.value as { services: { key: string }[] }).services.map((service) => service.key)
    : undefined;
  list.forEach((job, i) => {
    if (townSlugs && !townSlugs.includes(job.town))
      unknown(["jobs", i, "town"], job.town, townSlugs, "the slug of a town page in towns.yaml (towns or alsoServing)");
    job.services.forEach((key, j) => {
      if (serviceKeys && !serviceKeys.includes(key))
        unknown(["jobs", i, "services", j], key, serviceKeys, "the key of a service in services.yaml");
    });
    if (job.month > thisMonth)
      problems.push(
        problemAt(jobs, ["jobs", i, "month"], `"${job.month}"`, `a month no later than this one, ${thisMonth}`),
      );
    if (!job.photos.some((photo) => photo.role === "after"))
      problems.push(
        problemAt(
          jobs,
          ["jobs", i, "photos"],
          `photos marked ${rolesText(job.photos.map((photo) => photo.role))} only`,
          "at least one photo marked role: after, showing the finished work",
        ),
      );
  });
  const warnings: DataProblem[] = [];
  for (const duplicate of nearDuplicateJobs(jobs.value, towns?.value)) {
    const other = duplicate.other;
    const where =
      other.kind === "job"
        ? `line ${problemAt(jobs, ["jobs", other.index, "story"], "", "").line}`
        : towns
          ? `towns.yaml line ${problemAt(towns, [other.list, other.index, "name"], "", "").line}`
          : undefined;
    const { found, expected } = nearDuplicateJobWording(duplicate, where);
    (duplicate.refused ? problems : warnings).push(
      problemAt(jobs, ["jobs", duplicate.job.index, "story"], found, expected),
    );
  }
  return { problems, warnings };
}

export const jobsFields = {
  feature: "jobs",
  files: {
    jobs: {
      file: "jobs.yaml",
      schema: jobsFileSchema,
      optional: true,
      description: "Optional: jobs done, newest shown first. Each slug becomes /projects/{slug}.",
      photoLists: ["jobs"],
      prose: true,
      editor: {
        // A glyph the editor's own screens draw already, so that its icon font grows by nothing.
        label: "Jobs done",
        icon: "photo_library",
        // The jobs, which the owner adds most often, a collection of their own on the first screen.
        collection: { label: "Jobs", description: "Jobs done, each on a page of its own." },
        // A job's town is a town page's slug, its services services' keys: each offered by its name.
        choices: {
          town: { from: "towns", hint: "Where the job was done: it shows on that town's page" },
          services: { from: "services", hint: "What the job was: it shows on their pages" },
        },
      },
    },
  },
  rules: jobRules,
  labels: { jobs: "Jobs", story: "The story", month: "Month done", role: "Before, during or after" },
  itemLabels: { jobs: "Job" },
} satisfies FeatureFields;
