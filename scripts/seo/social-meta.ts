// Link previews: the Open Graph values of every page and the preview image each page points at.
// One image for the site, one per service and one per town page, all drawn from the data; a page
// whose row has photos shows its first photo instead, and a feature's row (a job) always has one.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PALETTE } from "../data/palette.ts";
import { iconIn, type Icons } from "../data/icons.ts";
import { allTowns, joinList, townPhone, type SiteModel } from "../data/model.ts";
import type { PhotoInfo, PhotoRef } from "../data/site-rows.ts";
import { photoCardFile } from "../site/photos.ts";

import type { PageSubject, Route } from "../site/page.ts";
import { SOCIAL_IMAGE_SIZE, type CardMark, type SocialCardData, type SocialMeta } from "../site/social.ts";
import type { Theme } from "../site/theme.ts";
import { absoluteUrl } from "../site/urls.ts";

export interface SocialImage {
  /** Path inside dist/, e.g. "og/towns/mattoon.png". */
  file: string;
  card: SocialCardData;
  /** The image's text alternative: what a reader of og:image:alt learns from it. */
  alt: string;
}

const BRAND_ICON = "shovel";
const SITE_ICON = "tractor";
const TOWN_ICON = "map-pin";

/** Icons the preview cards draw, so they can be loaded before rendering. */
export function socialIconsUsed(model: SiteModel): string[] {
  return [BRAND_ICON, SITE_ICON, TOWN_ICON, ...model.services.map((service) => service.icon)];
}

/** An icon as the cards draw it, in the accent as the dark sections show it: an SVG data URI, so that satori needs no files. */
function iconDataUri(icons: Icons, name: string, colour: string): string {
  const svg = renderToStaticMarkup(createElement(iconIn(icons, name), { color: colour, size: 128, strokeWidth: 2 }));
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** A card's words, and the icon it shows beside the brand's; what a page's tags need of its card. */
interface CardText {
  file: string;
  card: Omit<SocialCardData, "brandIcon" | "subjectIcon">;
  subjectIcon: string;
  alt: string;
}

/** What a drawn card can be about: a feature's row (a job) always shows its photo. */
type DrawnSubject = Exclude<PageSubject, { kind: "row" }>;

export function socialImageFile(subject: DrawnSubject): string {
  switch (subject.kind) {
    case "service":
      return `og/services/${subject.service.key}.png`;
    case "town":
      return `og/towns/${subject.town.slug}.png`;
    case "site":
      return "og/site.png";
  }
}

/**
 * A card's line as a sentence of the image's text alternative: with its own full stop, question or
 * exclamation mark, or a full stop added. The card draws the site's subtitle ("Serving … counties")
 * and the tagline without one, and a screen reader would run them into the next sentence.
 */
function sentence(line: string): string {
  return /[.!?]$/.test(line) ? line : `${line}.`;
}

function cardTextFor(subject: DrawnSubject, model: SiteModel): CardText {
  const { business } = model;
  const { card, subjectIcon } =
    subject.kind === "service"
      ? {
          card: {
            eyebrow: `Excavation service · ${business.address.city}, ${business.address.region}`,
            title: subject.service.name,
            subtitle: subject.service.description,
            phone: business.phone.display,
          },
          subjectIcon: subject.service.icon,
        }
      : subject.kind === "town"
        ? {
            card: {
              eyebrow: `${subject.town.county} County, IL`,
              title: `Excavation in ${subject.town.name}, IL`,
              subtitle: subject.town.description,
              phone: townPhone(business, subject.town).display,
            },
            subjectIcon: TOWN_ICON,
          }
        : {
            card: {
              eyebrow: `${business.address.city}, ${business.address.region} · Central Illinois`,
              title: business.tagline,
              subtitle: `Serving ${joinList(business.counties)} counties`,
              phone: business.phone.display,
            },
            subjectIcon: SITE_ICON,
          };
  return {
    file: socialImageFile(subject),
    card: { businessName: business.name, ...card },
    subjectIcon,
    alt: `${business.name}: ${sentence(card.title)} ${sentence(card.subtitle)} Free estimates: call ${card.phone}.`,
  };
}

/** What the features that are on give the cards (features/): a mark (the owner's logo) and a theme (the colours of the owner's accent). */
export interface CardFace {
  mark?: CardMark;
  theme?: Theme;
}

/** What a card shows of a feature's mark and theme: the mark in place of the shovel and the name, the band in the theme's accent. */
function faceOnCard({ mark, theme }: CardFace): Pick<SocialCardData, "mark" | "accent"> {
  return {
    ...(mark ? { mark } : {}),
    ...(theme ? { accent: { background: theme.accent, text: theme.onAccent } } : {}),
  };
}

/**
 * Every preview image the routes use, once each, in route order, with the `icons` it draws, in the
 * accent as the dark sections draw it, and the features' `face`.
 */
export function socialImagesFor(routes: Route[], model: SiteModel, icons: Icons, face: CardFace = {}): SocialImage[] {
  const images = new Map<string, SocialImage>();
  const uris = new Map<string, string>();
  const colour = face.theme?.onNight ?? PALETTE.accent;
  const uri = (name: string) => uris.get(name) ?? uris.set(name, iconDataUri(icons, name, colour)).get(name)!;
  const onCard = faceOnCard(face);
  const subjects: PageSubject[] = [{ kind: "site" }, ...routes.map((route) => route.subject)];
  for (const subject of subjects) {
    if (subject.kind === "row") continue;
    const file = socialImageFile(subject);
    if (images.has(file)) continue;
    const { card, subjectIcon, alt } = cardTextFor(subject, model);
    images.set(file, {
      file,
      card: { ...card, brandIcon: uri(BRAND_ICON), subjectIcon: uri(subjectIcon), ...onCard },
      alt,
    });
  }
  return [...images.values()];
}

/**
 * The photos whose 1200×630 crops are pages' preview images: the first of each service's and
 * town's, and the photo of each page about a feature's row (a job's lead photo), which its tags name.
 */
export function previewPhotos(model: SiteModel, routes: readonly Route[]): PhotoInfo[] {
  const rows = [...model.services, ...allTowns(model)];
  const photos = [
    ...rows.flatMap((row) => row.photos?.slice(0, 1) ?? []),
    ...routes.flatMap(({ subject }) => (subject.kind === "row" ? [subject.photo] : [])),
  ];
  return [...new Map(photos.map(({ info }) => [info.hash, info])).values()];
}

export function socialMetaFor(route: Route, model: SiteModel, canonicalUrl: string | undefined): SocialMeta {
  return {
    title: route.meta.title,
    description: route.meta.description,
    url: canonicalUrl,
    type: "website",
    siteName: model.business.name,
    image: previewImage(route.subject, model),
  };
}

/**
 * A page's preview image, as its tags name it: a feature's row's photo (a job's lead photo), else the
 * first photo of the service or town the page is about, cropped; else its drawn card.
 */
function previewImage(subject: PageSubject, model: SiteModel): SocialMeta["image"] {
  if (subject.kind === "row") return photoImage(subject.photo, model);
  const first =
    subject.kind === "service"
      ? subject.service.photos?.[0]
      : subject.kind === "town"
        ? subject.town.photos?.[0]
        : undefined;
  if (first) return photoImage(first, model);
  const card = cardTextFor(subject, model);
  return {
    url: absoluteUrl(model.business.url, `/${card.file}`),
    ...SOCIAL_IMAGE_SIZE,
    alt: card.alt,
    type: "image/png",
  };
}

function photoImage(photo: PhotoRef<{ file: string; alt: string }>, model: SiteModel): SocialMeta["image"] {
  return {
    url: absoluteUrl(model.business.url, `/${photoCardFile(photo.info)}`),
    ...SOCIAL_IMAGE_SIZE,
    alt: photo.alt,
    type: "image/jpeg",
  };
}
