// The jobs' structured data, built from what their pages show: the list at /projects as a
// collection of the job pages, and each job as a work of the business's (seo/structured-data.ts
// gives the business's and a town's nodes, which these refer to).
import type { CollectionPage, CreativeWork, ImageObject } from "schema-dts";
import { storySummary, type SiteJob } from "./data/jobs.ts";
import { jobsOf } from "./fields.ts";
import type { SiteModel } from "../../data/model.ts";
import { DESCRIPTION_LENGTH } from "../../pages/kind.ts";
import { businessRef, cityNode, websiteId, type Node } from "../../seo/structured-data.ts";
import { photoVariants } from "../../site/photos.ts";
import { absoluteUrl, servicePath } from "../../site/urls.ts";
import { projectPath } from "./urls.ts";

/**
 * The list of jobs (/projects): a collection page whose main entity is the list of the job pages,
 * newest first, as the page shows them.
 */
export function projectsNode(model: SiteModel, pageUrl: string): Node<CollectionPage> {
  const siteUrl = model.business.url;
  return {
    "@type": "CollectionPage",
    "@id": `${pageUrl}#page`,
    url: pageUrl,
    name: "Our recent projects",
    isPartOf: { "@id": websiteId(siteUrl) },
    mainEntity: {
      "@type": "ItemList",
      itemListOrder: "https://schema.org/ItemListOrderDescending",
      numberOfItems: jobsOf(model).length,
      itemListElement: jobsOf(model).map((job, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: job.title,
        item: absoluteUrl(siteUrl, projectPath(job)),
      })),
    },
  };
}

/** A photo of a job, at the largest size the site publishes, with what it shows. */
function jobImage(photo: SiteJob["photos"][number], model: SiteModel): Node<ImageObject> {
  const largest = photoVariants(photo.info)
    .filter((variant) => variant.format === "jpeg")
    .at(-1)!;
  return {
    "@type": "ImageObject",
    contentUrl: absoluteUrl(model.business.url, `/${largest.file}`),
    width: `${largest.width}`,
    height: `${largest.height}`,
    description: photo.alt,
    ...(photo.caption ? { caption: photo.caption } : {}),
  };
}

/**
 * A job, as its page tells it: a work of the business's, done in a town in a month, about the
 * services it was, with its story and its photos. Only what the page shows: no review, no rating.
 */
export function jobNode(job: SiteJob, model: SiteModel): Node<CreativeWork> {
  const siteUrl = model.business.url;
  const url = absoluteUrl(siteUrl, projectPath(job));
  return {
    "@type": "CreativeWork",
    "@id": `${url}#job`,
    name: job.title,
    description: storySummary(job.story, DESCRIPTION_LENGTH),
    text: job.story,
    url,
    dateCreated: job.month,
    creator: businessRef(model),
    locationCreated: cityNode(job.townPage),
    // The services' own nodes, on their pages (serviceNode).
    about: job.servicePages.map((service) => ({
      "@id": `${absoluteUrl(siteUrl, servicePath(service))}#service`,
    })),
    image: job.photos.map((photo) => jobImage(photo, model)),
  };
}
