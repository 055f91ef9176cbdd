// The jobs as the pages read them (`SiteJob`, `resolvedJobs()`, once with the site's model), which
// jobs a page shows and how a job reads: its month in words, its paragraphs, the photo that stands
// for it and the before-and-after pair. Pure functions: the jobs come from data/jobs.yaml, already
// checked (./schema.ts, and the rules of ../fields.ts).
import type { FeatureFileValues, FeatureRows } from "../../../data/extension.ts";
import type { CoreRows, PhotoRef, SiteService, SiteTown } from "../../../data/site-rows.ts";
import type { Job, JobPhoto } from "./schema.ts";

/**
 * At most this many jobs in a "Recent work" section (the home page, a town's page, a service's
 * page), the newest first; the rest are one click away, on /projects.
 */
const JOBS_PER_SECTION = 3;

/** The newest first: by month, and in the file's order within a month. */
function newestFirst<J extends Job>(jobs: readonly J[]): J[] {
  return jobs
    .map((job, index) => ({ job, index }))
    .sort((a, b) => b.job.month.localeCompare(a.job.month) || a.index - b.index)
    .map(({ job }) => job);
}

/**
 * The jobs a section shows, from jobs already newest first: on a town's page those done there, on
 * a service's page those of that service, on the home page any; at most JOBS_PER_SECTION.
 */
export function recentJobs<J extends Job>(jobs: readonly J[], page?: { town: string } | { service: string }): J[] {
  return jobs
    .filter((job) => (!page ? true : "town" in page ? job.town === page.town : job.services.includes(page.service)))
    .slice(0, JOBS_PER_SECTION);
}

const MONTH_TEXT = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2025-06" → "June 2025". */
export function monthText(month: string): string {
  return MONTH_TEXT.format(new Date(`${month}-01T00:00:00Z`));
}

/** The story's paragraphs: a new line, as the editor's box and a YAML block write it, starts one. */
export function storyParagraphs(story: string): string[] {
  return story
    .split(/\n+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/**
 * The photo that stands for a job in lists and link previews: its first after photo. The rules
 * (../fields.ts) refuse a job without one; `resolvedJobs()` holds it as the job's `lead`.
 */
function leadPhoto<P extends JobPhoto>(job: { photos: readonly P[] }): P | undefined {
  return job.photos.find((photo) => photo.role === "after");
}

/** The pair a job's page sets side by side: its first before photo and its first after photo, when it has both. */
export function beforeAndAfter<P extends JobPhoto>(job: { photos: readonly P[] }): { before: P; after: P } | undefined {
  const before = job.photos.find((photo) => photo.role === "before");
  const after = leadPhoto(job);
  return before && after ? { before, after } : undefined;
}

/**
 * The start of the story, for the page's meta description and its structured data: the whole
 * sentences that fit in `length` characters, or, when they fill less than two thirds of it, the
 * story's words up to an ellipsis.
 */
export function storySummary(story: string, length: number): string {
  const text = storyParagraphs(story).join(" ");
  if (text.length <= length) return text;
  let summary = "";
  for (const sentence of text.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? []) {
    const next = `${summary} ${sentence.trim()}`.trim();
    if (next.length > length) break;
    summary = next;
  }
  if (summary.length >= (length * 2) / 3) return summary;
  const cut = text.slice(0, length);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,;:.–-]+$/, "")}…`;
}

/** A job of jobs.yaml with the rows it names: its town's page and its services, in its order, and its photos resolved. */
export interface SiteJob extends Omit<Job, "photos"> {
  photos: PhotoRef<JobPhoto>[];
  /** Its first after photo, which stands for it in lists and link previews (leadPhoto). */
  lead: PhotoRef<JobPhoto>;
  townPage: SiteTown;
  servicePages: SiteService[];
}

/**
 * The jobs of jobs.yaml, newest first, each with its town's page, its services and its photos,
 * looked up once, with the site's model; none without the file. The rules (../fields.ts) have
 * refused a town slug without a page, a service key that does not exist and a job without an after
 * photo.
 */
export function resolvedJobs(files: FeatureFileValues, core: CoreRows): FeatureRows<SiteJob[]> {
  const townBySlug = new Map(core.towns.map((town) => [town.slug, town]));
  const serviceByKey = new Map(core.services.map((service) => [service.key, service]));
  const file = files.jobs as { jobs: Job[] } | undefined;
  const jobs = newestFirst(file?.jobs ?? []).map((job) => {
    const photos = job.photos.map(core.photo);
    return {
      ...job,
      photos,
      lead: leadPhoto({ photos })!,
      townPage: townBySlug.get(job.town)!,
      servicePages: job.services.map((key) => serviceByKey.get(key)!),
    };
  });
  return {
    rows: jobs,
    photos: jobs.flatMap((job) => job.photos),
    ...(jobs.length > 0 ? { summary: { count: jobs.length, noun: "job" } } : {}),
  };
}
