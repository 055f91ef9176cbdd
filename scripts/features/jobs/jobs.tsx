// The jobs done, when data/jobs.yaml has some: what the feature adds to a build. Its pages (the
// list at /projects and one page per job, before /privacy in the site's list), a "Recent work"
// section in the "work" place of the home page (the three newest of any town or service), a
// service's page (its own) and a town's page (those done there), and jobs.css, which only the
// pages that show jobs carry.
import path from "node:path";
import { recentJobs, type SiteJob } from "./data/jobs.ts";
import { jobsOf } from "./fields.ts";
import { bundleStylesheet } from "../../lib/bundle.ts";
import { SCRIPTS_DIR } from "../../lib/paths.ts";
import { HOME_PATH } from "../../site/urls.ts";
import type { Feature } from "../feature.ts";
import { projectKind } from "./kinds/project.ts";
import { projectsKind } from "./kinds/projects.ts";
import { RecentWork } from "./RecentWork.tsx";
import { PROJECTS_PATH } from "./urls.ts";

const STYLESHEET = path.join(SCRIPTS_DIR, "features", "jobs", "jobs.css");

/** A "Recent work" section of these jobs, or none without a job. */
const work = (jobs: SiteJob[], heading: string) =>
  jobs.length > 0 ? { work: <RecentWork jobs={jobs} heading={heading} /> } : {};

export const jobs: Feature = {
  name: "jobs",
  pages: { kinds: [projectsKind, projectKind], before: "privacy" },
  // A changed job opens its page, a removed one the list.
  dataPages: { jobs: { page: PROJECTS_PATH, lists: ["jobs"], key: "slug" } },
  async parts({ model, kept }) {
    const jobs = jobsOf(model);
    if (jobs.length === 0) return undefined;
    return {
      pageStyles: await bundleStylesheet([STYLESHEET], kept),
      sections: ({ path: address, subject }) => {
        switch (subject.kind) {
          case "site":
            return address === HOME_PATH ? work(recentJobs(jobs), "Recent work") : {};
          case "service":
            return work(
              recentJobs(jobs, { service: subject.service.key }),
              `Recent ${subject.service.label.toLowerCase()} work`,
            );
          case "town":
            return work(recentJobs(jobs, { town: subject.town.slug }), `Recent work in ${subject.town.name}`);
          case "row":
            return {};
        }
      },
    };
  },
};
