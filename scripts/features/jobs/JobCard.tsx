import { monthText, type SiteJob } from "./data/jobs.ts";
import { shownPhoto } from "../../site/photos.ts";
import { projectPath } from "./urls.ts";
import { Picture, type PhotoLoading } from "../../../templates/parts/Picture.tsx";

/** A card is the whole width of a phone, less the page's and the card's margins; then half; then a third of 72rem. */
const CARD_SIZES = "(min-width: 64rem) 20rem, (min-width: 40rem) calc(50vw - 4.75rem), calc(100vw - 5rem)";

/**
 * A job in a list: its title, linking to its page, where and when it was done, and its after photo.
 * The photo comes first on screen, after the heading in reading order; it loads as `load` says.
 */
export function JobCard({
  job,
  headingLevel,
  load = "lazy",
}: {
  job: SiteJob;
  headingLevel: "h2" | "h3";
  load?: PhotoLoading;
}) {
  const Heading = headingLevel;
  return (
    <li className="card job-card">
      <Heading className="card-title">
        <a href={projectPath(job)}>{job.title}</a>
      </Heading>
      <p>
        {job.townPage.name} · <time dateTime={job.month}>{monthText(job.month)}</time>
      </p>
      <Picture photo={shownPhoto(job.lead)} sizes={CARD_SIZES} load={load} />
    </li>
  );
}
