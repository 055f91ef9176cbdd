import { beforeAndAfter, monthText, storyParagraphs, type SiteJob } from "./data/jobs.ts";
import type { SiteModel } from "../../data/model.ts";
import type { JobPhoto } from "./data/schema.ts";
import type { PageShell } from "../../site/page.ts";
import { shownPhoto } from "../../site/photos.ts";
import { servicePath, townPath } from "../../site/urls.ts";
import { PROJECTS_PATH } from "./urls.ts";
import { Layout } from "../../../templates/Layout.tsx";
import { BeforeAfter } from "./BeforeAfter.tsx";
import { CallToAction, estimateInvitation } from "../../../templates/parts/CallToAction.tsx";
import { GALLERY_SIZES } from "../../../templates/parts/Gallery.tsx";
import { Icon } from "../../../templates/parts/Icon.tsx";
import { Picture } from "../../../templates/parts/Picture.tsx";
import { PageTop } from "../../../templates/parts/PageTop.tsx";
import { Section } from "../../../templates/parts/Section.tsx";

/** "before" → "Before": the label a photo's role is shown with, in words. */
const ROLE_LABELS: Record<JobPhoto["role"], string> = { before: "Before", during: "During", after: "After" };

/** The one photo at the top of a job without a before photo: its after photo, the width of the text. */
const LEAD_SIZES = "(min-width: 50rem) 48rem, calc(100vw - 2rem)";

/** A photo with its role in words and its caption, if any. */
function RoleCaption({ photo }: { photo: JobPhoto }) {
  return (
    <figcaption>
      <strong className={`photo-role role-${photo.role}`}>{ROLE_LABELS[photo.role]}</strong>
      {photo.caption ? ` ${photo.caption}` : null}
    </figcaption>
  );
}

/**
 * One job: where and when, what it was (links to its services' pages and its town's), its before
 * and after photos side by side when it has both (its after photo alone otherwise), its story, and
 * its other photos, each labelled with its role.
 */
export function ProjectPage({ shell, model, job }: { shell: PageShell; model: SiteModel; job: SiteJob }) {
  const { business } = model;
  const { townPage: town, servicePages: services } = job;
  const pair = beforeAndAfter(job);
  const top = pair ? [pair.before, pair.after] : [job.lead];
  const others = job.photos.filter((photo) => !top.includes(photo));
  const shown = shownPhoto;
  return (
    <Layout shell={shell}>
      <PageTop kind="page-head">
        <p className="eyebrow">
          <Icon name="map-pin" size={18} />
          {town.name}, IL · <time dateTime={job.month}>{monthText(job.month)}</time>
        </p>
        <h1>{job.title}</h1>
        <p className="lead">{services.map((service) => service.name).join(" · ")}</p>
      </PageTop>

      <Section>
        {pair ? (
          <BeforeAfter before={shown(pair.before)} after={shown(pair.after)} />
        ) : (
          <figure className="job-lead">
            <Picture photo={shown(top[0]!)} sizes={LEAD_SIZES} load="first" />
            <RoleCaption photo={top[0]!} />
          </figure>
        )}
        <div className="prose-grid">
          <div className="prose">
            <h2>The job</h2>
            {storyParagraphs(job.story).map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
          <nav className="side-links" aria-labelledby="job-links-heading">
            <h2 id="job-links-heading">More about this job</h2>
            <ul>
              <li>
                <a href={townPath(town)}>
                  <Icon name="map-pin" size={22} />
                  Excavation services in {town.name}
                </a>
              </li>
              {services.map((service) => (
                <li key={service.key}>
                  <a href={servicePath(service)}>
                    <Icon name={service.icon} size={22} />
                    {service.name}
                  </a>
                </li>
              ))}
            </ul>
            <a href={PROJECTS_PATH}>All our projects</a>
          </nav>
        </div>
      </Section>

      {others.length > 0 ? (
        <Section variant="section-flush gallery" labelledBy="job-photos-heading">
          <h2 id="job-photos-heading">More photos of this job</h2>
          <div className="gallery-grid">
            {others.map((photo, index) => (
              <figure key={index} className="gallery-item">
                <Picture photo={shown(photo)} sizes={GALLERY_SIZES} />
                <RoleCaption photo={photo} />
              </figure>
            ))}
          </div>
        </Section>
      ) : null}

      <CallToAction
        heading="Have a job like this one?"
        text={estimateInvitation(business, "it")}
        buttonLabel="Get a Free Estimate"
        phone={business.phone}
        textLink={business.text}
      />
    </Layout>
  );
}
