// A job's page, one for each job of jobs.yaml.
import { createElement } from "react";
import { storySummary } from "../data/jobs.ts";
import { jobsOf } from "../fields.ts";
import { ProjectPage } from "../ProjectPage.tsx";
import { jobNode } from "../json-ld.ts";
import { projectPath } from "../urls.ts";
import { DESCRIPTION_LENGTH, HOME_CRUMB, pageRoute, pageTitle, type PageKindModule } from "../../../pages/kind.ts";
import { PROJECTS_CRUMB } from "./projects.ts";

/**
 * A job page's meta description: the start of its story, after the town when the story does not
 * name it (a search result then says where), within the characters results show (DESCRIPTION_LENGTH).
 */
function jobDescription(story: string, town: string): string {
  if (story.includes(town)) return storySummary(story, DESCRIPTION_LENGTH);
  const lead = `${town}, IL: `;
  return `${lead}${storySummary(story, DESCRIPTION_LENGTH - lead.length)}`;
}

export const projectKind: PageKindModule = {
  kind: "project",
  routes: ({ model }) =>
    jobsOf(model).map((job) =>
      pageRoute({
        path: projectPath(job),
        meta: {
          title: pageTitle(job.title, model.business.name),
          description: jobDescription(job.story, job.townPage.name),
        },
        breadcrumbs: [HOME_CRUMB, PROJECTS_CRUMB, { name: job.title, path: projectPath(job) }],
        render: (shell) => createElement(ProjectPage, { shell, model, job }),
        subject: { kind: "row", file: "jobs", key: job.slug, town: job.townPage, photo: job.lead },
        jsonLd: () => [jobNode(job, model)],
        linkText: job.title,
        listedUnder: "Projects",
      }),
    ),
};
