import type { SiteJob } from "./data/jobs.ts";
import { PROJECTS_PATH } from "./urls.ts";
import { JobCard } from "./JobCard.tsx";
import { Section } from "../../../templates/parts/Section.tsx";

/**
 * The newest jobs of a page's town or service, or of the whole site on the home page (at most three,
 * ./data/jobs.ts), each a card linking to its page, and a link to every job. Without a job, nothing.
 */
export function RecentWork({ jobs, heading }: { jobs: SiteJob[]; heading: string }) {
  if (jobs.length === 0) return null;
  return (
    <Section labelledBy="recent-work-heading">
      <h2 id="recent-work-heading">{heading}</h2>
      <ul className="card-grid">
        {jobs.map((job) => (
          <JobCard key={job.slug} job={job} headingLevel="h3" />
        ))}
      </ul>
      <p className="all-projects">
        <a href={PROJECTS_PATH}>See all our projects</a>
      </p>
    </Section>
  );
}
