// The vocabulary every kind of page shares: what a route is, what a template receives besides its
// own data, and the metadata of a page. Types only: the route table (pages/) fills them in, the
// templates read them.
import type { PrivacyPart } from "./privacy.ts";
import type { ReactElement } from "react";
import type { Thing } from "schema-dts";
import type { Business } from "../data/model.ts";
import type { PhotoRef, SiteService, SiteTown } from "../data/site-rows.ts";
import type { Favicon } from "./favicon.ts";
import type { HeroImage } from "./photos.ts";
import type { SocialMeta } from "./social.ts";

/** What a page is about: the site as a whole, one service, one town, or one row of a feature's own file (a job). */
export type PageSubject =
  { kind: "site" } | { kind: "service"; service: SiteService } | { kind: "town"; town: SiteTown } | RowSubject;

/**
 * One row of a feature's own data file, on a page of its own (a job of jobs.yaml): the file's name
 * and the row's key, by which a draft's preview opens the page of the row it changed
 * (pipeline/draft.ts); the town page it is in, which is what the page is about for the features
 * that ask (counting's events); and the photo that stands for it, its preview image
 * (seo/social-meta.ts).
 */
interface RowSubject {
  kind: "row";
  file: string;
  key: string;
  town?: SiteTown;
  photo: PhotoRef<{ file: string; alt: string }>;
}

export interface Crumb {
  name: string;
  path: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Not for search engines: no canonical, noindex, left out of the sitemap. */
  noindex: boolean;
  /** A page that only sends the browser on: the address it goes to at once. */
  refreshTo?: string;
}

export interface Route {
  /** The URL path, exactly as linked: "/", "/services", "/towns/mattoon". */
  path: string;
  /** Where the page is written inside dist/ (site/urls.ts, fileForPath). */
  file: string;
  /** The name of its kind of page, as its module says it (pages/kinds/): how a message names the page. */
  kind: string;
  meta: PageMeta;
  /** The visible path from the home page to this page (empty on the home page). */
  breadcrumbs: Crumb[];
  /** The owner's photo at the top of the page, when its row names one (site/photos.ts). */
  hero?: HeroImage;
  /** What the page is about, as its kind made it: its preview card follows from it (seo/social-meta.ts). */
  subject: PageSubject;
  /** The page's own JSON-LD nodes, given its absolute URL; seo/structured-data.ts adds its breadcrumbs. */
  jsonLd(pageUrl: string): Thing[];
  /** The words /llms.txt links the page by. */
  linkText: string;
  /**
   * The heading /llms.txt lists it under, for a feature's kind of page (a job's, "Projects");
   * else its subject's: "Pages", "Services" or "Towns".
   */
  listedUnder?: string;
  render(shell: PageShell): ReactElement;
}

export interface PageAssets {
  /** Minified stylesheet, inlined so that the first response can render on its own. */
  css: string;
  /** Runs in <head> before first paint: marks the document as scripted. */
  headScript: string;
  /** The site's behaviour (menu toggle, footer year, 404 log), at the end of <body>. */
  bodyScript: string;
  /** Speculation rules JSON for instant same-site navigation. */
  speculationRules: string;
}

/**
 * The places on a page where a feature's section goes (features/), named by the part each plays,
 * since their order differs from page to page: customers' words ("voices"), the work done lately
 * ("work"), what goes under the weekly hours wherever a page shows them ("hours"), and the
 * business's mark in every page's header, linked to the home page, in place of the shovel and the
 * name ("mark").
 */
export type SectionSlot = "voices" | "work" | "hours" | "mark";

/**
 * The places in the business's node of the pages' structured data where a feature's facts go
 * (features/, seo/structured-data.ts): with who it is, before its pictures ("identity"), and after
 * its weekly hours ("hours").
 */
export type FactPlace = "identity" | "hours";

/** What the features that are on add to one page (features/index.ts, `onPage`). */
export interface PageParts {
  /** Their sections, by place; two features with a section in one place on one page are refused. */
  sections: Partial<Record<SectionSlot, ReactElement>>;
  /** Their rules of the page's stylesheet: those of each that shows something on it (a section, or its own page). */
  styles: string;
}

/** A page as a feature sees it to give its sections: its address, its kind's name and what it is about. */
export interface SectionPage {
  path: string;
  kind: string;
  subject: PageSubject;
}

/** What a page template receives besides its own data. */
export interface PageShell {
  path: string;
  meta: PageMeta;
  /** Absolute URL of the page, or undefined for pages that must not be indexed. */
  canonicalUrl: string | undefined;
  breadcrumbs: Crumb[];
  business: Business;
  assets: PageAssets;
  /** Year printed in the footer; the body script keeps it current. */
  year: number;
  /** Open Graph and Twitter values (seo/social-meta.ts). */
  social?: SocialMeta;
  /** The page's JSON-LD, serialized and escaped (seo/structured-data.ts). */
  structuredData?: string;
  /** The photo at the top of the page: asked for from the <head>, shown by the page's template. */
  hero?: HeroImage;
  /** Inline scripts the features that are on put at the end of the <head> (features/). */
  headScripts?: readonly string[];
  /** What /privacy says of the features that are on (features/): their statements, and their phrases in its own. */
  featurePrivacy?: readonly PrivacyPart[];
  /** The <body>'s data- attributes (name without "data-" → value) the features that are on give the page (features/). */
  bodyData?: Readonly<Record<string, string>>;
  /** What the features that show something on the page add to its stylesheet: no other page carries those bytes (features/). */
  featureStyles?: string;
  /** The sections the features that are on give the page, by the place each goes (features/). */
  sections?: Readonly<Partial<Record<SectionSlot, ReactElement>>>;
  /** The browser tab's icon a feature that is on gives (features/); the drawn shovel without one. */
  favicon?: Favicon;
  /** The build is a draft's preview (pipeline/draft.ts): every page says so, and no search engine may keep it. */
  preview?: boolean;
}
