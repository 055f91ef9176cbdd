// The jobs done (data/jobs.yaml, a file of its own), the data the jobs feature adds: the file (its
// schema is ./data/schema.ts), its rules across files, its photos and prose as the core's checks
// read them, its rows as the pages read them (./data/jobs.ts), and its editor labels. schema.ts lists
// the file among the data files (features/fields.ts lists this module), so this file reads no
// schema of the core.
import { rowsOf, type FeatureFields, type FeatureRowsBy } from "../../data/extension.ts";
import { businessDay } from "../../data/days.ts";
import { TOWN_PAGE_LISTS, type TownPageList } from "../../data/near-duplicates.ts";
import type { DataProblem, PathKey } from "../../data/problems.ts";
import { problemAt } from "../../data/read-yaml.ts";
import { duplicates, type CheckedFiles, type Findings } from "../../data/rows.ts";
import { didYouMean, suggestionsFor } from "../../data/suggest.ts";
import { resolvedJobs, type SiteJob } from "./data/jobs.ts";
import { jobsFileSchema, type Job } from "./data/schema.ts";
import { nearDuplicateJobs, nearDuplicateJobWording } from "./data/near-duplicates.ts";

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
  model: resolvedJobs,
  labels: { jobs: "Jobs", story: "The story", month: "Month done", role: "Before, during or after" },
  itemLabels: { jobs: "Job" },
} satisfies FeatureFields;

/** The jobs as the site's model holds them, newest first, each resolved (`resolvedJobs()`); none without jobs.yaml. */
export function jobsOf(model: { featureRows: FeatureRowsBy }): SiteJob[] {
  return rowsOf(jobsFields, model.featureRows) ?? [];
}
