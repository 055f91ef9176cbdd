// What an optional feature of the site is: a module that declares what it adds to a build, asked by
// the pipeline through the list in features/index.ts. A feature is on or off for each build from
// the data alone (its `parts` answer undefined when off), and the core (the header policy, the
// pages' scripts, the service worker, the pages' <body>, check-deploy) takes what the features add
// in feature-neutral terms: no signature of theirs names a feature. As Astro's integrations and
// Eleventy's plugins declare theirs, but as a fixed list in a fixed order, each contribution typed,
// and two features that would add the same one-of-a-kind part refused (features/index.ts).
import type { KeptBundles } from "../lib/bundle.ts";
import type { BuildCache } from "../lib/cache.ts";
import type { OutputContents } from "../lib/output.ts";
import type { SiteModel } from "../data/model.ts";
import type { PolicySources } from "../headers/csp.ts";
import type { BodyScriptEntry } from "../pages/assets.ts";
import type { PageKindModule } from "../pages/kind.ts";
import type { ReactElement } from "react";
import type { Favicon } from "../site/favicon.ts";
import type { FactPlace, PageSubject, SectionPage, SectionSlot } from "../site/page.ts";
import type { PrivacyPart } from "../site/privacy.ts";
import type { CardMark } from "../site/social.ts";
import type { Theme } from "../site/theme.ts";

/** What a feature may know of the build it is asked about. */
export interface FeatureBuild {
  /** The site's model (data/model.ts): the business, its services and towns, and the feature's own data. */
  model: SiteModel;
  /** The moment of the build: what a feature shows that depends on the day is decided by it. */
  today: Date;
  /** The bundles made before (lib/bundle.ts), for a feature's own scripts and stylesheets. */
  kept?: KeptBundles;
  /** The build is a draft's preview (pipeline/draft.ts), which no visitor of the site sees. */
  preview?: boolean;
  /** The build's cache (lib/cache.ts), for what a feature makes of the data's files (the owner's logo as a PNG); none: everything made anew. */
  cache?: BuildCache;
}

/** What a feature adds to a build it is on in. */
export interface FeatureParts {
  /** Files of its own in dist/, by file name, under assets/ (a script, the owner's logo). */
  files?: ReadonlyMap<string, OutputContents>;
  /**
   * The browser tab's icon in place of the drawn shovel, and its file's contents: one feature at
   * most. Its file is one of site/favicon.ts's, at the site's root, where browsers look for it.
   */
  favicon?: { icon: Favicon; contents: OutputContents };
  /**
   * Of its files (and its icon's), the pictures it serves as it was given them (an owner's SVG):
   * each sent with a policy of its own that lets it run and load nothing (headers/policy.ts).
   */
  pictures?: readonly string[];
  /** Rules of its own for the pages' stylesheet, after those the data decides and before the photo at the top's (pages/assets.ts). */
  css?: string;
  /** The colours it draws the site in over palette.css's (site/theme.ts), which its `css` sets: one feature at most. */
  theme?: Theme;
  /** What the preview cards draw in place of the shovel and the name (seo/social-meta.ts): one feature at most. */
  cardMark?: CardMark;
  /** The pages' own script in place of browser/site.ts alone: one feature at most may give it. */
  bodyScript?: BodyScriptEntry;
  /** Sources every page's Content-Security-Policy gains (headers/policy.ts), the 404 page's too. */
  policy?: PolicySources;
  /** Addresses the service worker leaves to the network and the browser's own cache. */
  leftAlone?: readonly string[];
  /** Addresses the service worker keeps from the first visit, with the pages: a picture every page shows. */
  keepFromStart?: readonly string[];
  /** Inline scripts at the end of every page's <head>; the pages' policy allows each by its hash, as it does every inline script. */
  head?: readonly string[];
  /** What /privacy says of it: statements in sections of its own, and phrases in the page's own sentences (what runs, is kept, is sent, does not read Do Not Track). */
  privacy?: PrivacyPart;
  /** The data- attributes of a page's <body> (name without "data-" → value), from what the page is about. */
  bodyData?(subject: PageSubject): Readonly<Record<string, string | undefined>>;
  /** What it states of the business in the pages' structured data: properties of the business's node, by the place each goes (site/page.ts's FactPlace, seo/structured-data.ts). */
  businessFacts?: Readonly<Partial<Record<FactPlace, Readonly<Record<string, unknown>>>>>;
  /** Stylesheet rules only the pages it shows something on need: those with a section of its, and its own pages. */
  pageStyles?: string;
  /** Its sections on a page, by the place each goes in the page's template (site/page.ts); none where it has nothing to show. */
  sections?(page: SectionPage): Readonly<Partial<Record<SectionSlot, ReactElement | null>>>;
}

export interface Feature {
  /** Its folder's name under features/. */
  name: string;
  /** What it adds to this build, or undefined when the data leaves it off. */
  parts(build: FeatureBuild): Promise<FeatureParts | undefined>;
  /** Of a build's files (dist/), those of its own that check-deploy expects the server to send as built. */
  deployedFiles?(files: readonly string[]): string[];
  /**
   * Its kinds of page, placed in the site's list of kinds (pages/routes.ts) right before the kind
   * named `before`; a kind makes no page while the data gives it none.
   */
  pages?: { kinds: readonly PageKindModule[]; before: string };
  /**
   * For each data file of its own, where the editor's preview shows a change to it
   * (pipeline/draft.ts): its page (the home page in a build without it), and the lists its rows are
   * in with the field that names each, the `key` of a row's own page (site/page.ts's RowSubject).
   */
  dataPages?: Readonly<Record<string, { page: string; lists: readonly string[]; key: string }>>;
  /** What it may add to a page's inline script, in bytes, when it is on (test/budgets.test.ts). */
  scriptBudget?: number;
}
