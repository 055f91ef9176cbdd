// Link previews: the Open Graph values of every page and the preview image each page points at.
// One image for the site, one per service and one per town page, all drawn from the data.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { iconComponent } from "../data/icons.ts";
import { joinList, townPhone, type SiteModel } from "../data/model.ts";
import { pageSubject, type PageSubject } from "./page-subject.ts";
import type { Route } from "../pages/routes.ts";
import { absoluteUrl } from "./sitemap.ts";

export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Everything the preview card shows; icons arrive as SVG data URIs so satori needs no files. */
export interface SocialCardData {
  businessName: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  phone: string;
  brandIcon: string;
  subjectIcon: string;
}

export interface SocialImage {
  /** Path inside dist/, e.g. "og/towns/mattoon.png". */
  file: string;
  card: SocialCardData;
  /** The image's text alternative: what a reader of og:image:alt learns from it. */
  alt: string;
}

/** The values of a page's Open Graph and Twitter tags. */
export interface SocialMeta {
  title: string;
  description: string;
  /** The canonical URL; absent on pages that have none (the 404 page). */
  url: string | undefined;
  type: "website";
  siteName: string;
  image: { url: string; width: number; height: number; alt: string; type: "image/png" };
}

const BRAND_ICON = "shovel";
const SITE_ICON = "tractor";
const TOWN_ICON = "map-pin";
const ICON_COLOUR = "#f2b300";

/** Icons the preview cards draw, so they can be loaded before rendering. */
export function socialIconsUsed(model: SiteModel): string[] {
  return [BRAND_ICON, SITE_ICON, TOWN_ICON, ...model.services.map((service) => service.icon)];
}

function iconDataUri(name: string): string {
  const svg = renderToStaticMarkup(
    createElement(iconComponent(name), { color: ICON_COLOUR, size: 128, strokeWidth: 2 }),
  );
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

export function socialImageFile(subject: PageSubject): string {
  switch (subject.kind) {
    case "service":
      return `og/services/${subject.service.key}.png`;
    case "town":
      return `og/towns/${subject.town.slug}.png`;
    case "site":
      return "og/site.png";
  }
}

export function socialImageFor(subject: PageSubject, model: SiteModel): SocialImage {
  const { business } = model;
  const common = { businessName: business.name, brandIcon: iconDataUri(BRAND_ICON) };
  let card: SocialCardData;
  switch (subject.kind) {
    case "service":
      card = {
        ...common,
        eyebrow: `Excavation service · ${business.address.city}, ${business.address.region}`,
        title: subject.service.name,
        subtitle: subject.service.description,
        phone: business.phone.display,
        subjectIcon: iconDataUri(subject.service.icon),
      };
      break;
    case "town":
      card = {
        ...common,
        eyebrow: `${subject.town.county} County, IL`,
        title: `Excavation in ${subject.town.name}, IL`,
        subtitle: subject.town.description,
        phone: townPhone(business, subject.town).display,
        subjectIcon: iconDataUri(TOWN_ICON),
      };
      break;
    case "site":
      card = {
        ...common,
        eyebrow: `${business.address.city}, ${business.address.region} · Central Illinois`,
        title: business.tagline,
        subtitle: `Serving ${joinList(business.counties)} counties`,
        phone: business.phone.display,
        subjectIcon: iconDataUri(SITE_ICON),
      };
      break;
  }
  return {
    file: socialImageFile(subject),
    card,
    alt: `${business.name}: ${card.title}. ${card.subtitle} Free estimates: call ${card.phone}.`,
  };
}

/** Every preview image the routes use, once each, in route order. */
export function socialImagesFor(routes: Route[], model: SiteModel): SocialImage[] {
  const images = new Map<string, SocialImage>();
  const subjects: PageSubject[] = [{ kind: "site" }, ...routes.map((route) => pageSubject(route, model))];
  for (const subject of subjects) {
    const file = socialImageFile(subject);
    if (!images.has(file)) images.set(file, socialImageFor(subject, model));
  }
  return [...images.values()];
}

export function socialMetaFor(route: Route, model: SiteModel, canonicalUrl: string | undefined): SocialMeta {
  const image = socialImageFor(pageSubject(route, model), model);
  return {
    title: route.meta.title,
    description: route.meta.description,
    url: canonicalUrl,
    type: "website",
    siteName: model.business.name,
    image: {
      url: absoluteUrl(model.business.url, `/${image.file}`),
      ...SOCIAL_IMAGE_SIZE,
      alt: image.alt,
      type: "image/png",
    },
  };
}
