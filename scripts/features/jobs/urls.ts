// The jobs' addresses: the list of the jobs done, and each job's page under it.

/** The list of the jobs done; a page only when there is a job to list. */
export const PROJECTS_PATH = "/projects";

/** A job's page: /projects/{slug}. */
export function projectPath(job: { slug: string }): string {
  return `${PROJECTS_PATH}/${job.slug}`;
}
