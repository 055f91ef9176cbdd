// The list of the jobs done: a page only when the owner has given a job.
import { createElement } from "react";
import { ProjectsPage } from "../ProjectsPage.tsx";
import { projectsNode } from "../json-ld.ts";
import type { Crumb } from "../../../site/page.ts";
import { PROJECTS_PATH } from "../urls.ts";
import { jobsOf } from "../fields.ts";
import { HOME_CRUMB, pageRoute, pageTitle, type PageKindModule } from "../../../pages/kind.ts";

/** The list's crumb, on each job's page too. */
export const PROJECTS_CRUMB: Crumb = { name: "Projects", path: PROJECTS_PATH };

export const projectsKind: PageKindModule = {
  kind: "projects",
  routes: ({ model }) =>
    jobsOf(model).length === 0
      ? []
      : [
          pageRoute({
            path: PROJECTS_PATH,
            meta: {
              title: pageTitle("Recent Excavation Projects in Central IL", model.business.name),
              description: `Jobs ${model.business.name} has done across Central Illinois, newest first: the ground, the work and what it fixed, with photos.`,
            },
            breadcrumbs: [HOME_CRUMB, PROJECTS_CRUMB],
            render: (shell) => createElement(ProjectsPage, { shell, model }),
            jsonLd: (pageUrl) => [projectsNode(model, pageUrl)],
            linkText: "Recent projects: jobs we have done",
          }),
        ],
};
