import type { SiteModel } from "../../data/model.ts";
import type { PageShell } from "../../site/page.ts";
import { Layout } from "../../../templates/Layout.tsx";
import { CallToAction, estimateInvitation } from "../../../templates/parts/CallToAction.tsx";
import { JobCard } from "./JobCard.tsx";
import { jobsOf } from "./fields.ts";
import { PageTop } from "../../../templates/parts/PageTop.tsx";
import { Section } from "../../../templates/parts/Section.tsx";

/** Every job, newest first, each a card linking to its page. A page only when there is a job (kinds/projects.ts). */
export function ProjectsPage({ shell, model }: { shell: PageShell; model: SiteModel }) {
  const { business } = model;
  return (
    <Layout shell={shell}>
      <PageTop kind="page-head">
        <h1>Our recent projects</h1>
        <p className="lead">
          Jobs we have done across Central Illinois, the newest first: what the ground was like, what we did and what it
          fixed, with photos from the site.
        </p>
      </PageTop>
      <Section>
        <ul className="card-grid">
          {jobsOf(model).map((job, index) => (
            <JobCard key={job.slug} job={job} headingLevel="h2" load={index === 0 ? "first" : "lazy"} />
          ))}
        </ul>
      </Section>
      <CallToAction
        heading="Have a job like these?"
        text={estimateInvitation(business, "it")}
        buttonLabel="Get a Free Estimate"
        phone={business.phone}
        textLink={business.text}
      />
    </Layout>
  );
}
