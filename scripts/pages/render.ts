// Renders routes to HTML documents. A template that throws stops the run with the route's path.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IconDrawingsContext, type IconDrawings } from "../../templates/parts/icon-drawing.ts";
import { RenderError } from "./render-error.ts";
import type { PageAssets, PageParts, PageShell, PageSubject, Route, SectionPage } from "../site/page.ts";
import type { PrivacyPart } from "../site/privacy.ts";
import type { Favicon } from "../site/favicon.ts";
import type { Business } from "../data/model.ts";
import { absoluteUrl } from "../site/urls.ts";

export interface RenderContext {
  business: Business;
  assets: PageAssets;
  year: number;
  /** The drawing of every icon the pages show (templates/parts/icon-drawing.ts). */
  icons: IconDrawings;
  /** Open Graph values and JSON-LD for a page (seo/head.ts); none when absent. */
  headFor?: (route: Route, canonicalUrl: string | undefined) => Pick<PageShell, "social" | "structuredData">;
  /** The build is a draft's preview (pipeline/draft.ts). */
  preview?: boolean;
  /** What the features that are on add to every page (features/): <body> data- attributes for a page about `subject`, inline scripts for the <head>, what /privacy says of them, their sections on each page, and the tab's icon one may give. */
  features?: {
    bodyData: (subject: PageSubject) => Readonly<Record<string, string>>;
    head: readonly string[];
    privacy: readonly PrivacyPart[];
    onPage: (page: SectionPage) => PageParts;
    favicon?: { icon: Favicon };
  };
}

/** What the features that are on give a page's shell, each asked once for the page. */
function featureShell(features: NonNullable<RenderContext["features"]>, route: Route): Partial<PageShell> {
  const { sections, styles } = features.onPage({ path: route.path, kind: route.kind, subject: route.subject });
  return {
    bodyData: features.bodyData(route.subject),
    headScripts: features.head,
    featurePrivacy: features.privacy,
    sections,
    featureStyles: styles,
    ...(features.favicon ? { favicon: features.favicon.icon } : {}),
  };
}

function shellFor(route: Route, context: RenderContext): PageShell {
  const canonicalUrl = route.meta.noindex ? undefined : absoluteUrl(context.business.url, route.path);
  return {
    ...context.headFor?.(route, canonicalUrl),
    path: route.path,
    meta: route.meta,
    canonicalUrl,
    breadcrumbs: route.breadcrumbs,
    business: context.business,
    assets: context.assets,
    year: context.year,
    ...(route.hero ? { hero: route.hero } : {}),
    ...(context.features ? featureShell(context.features, route) : {}),
    ...(context.preview ? { preview: true } : {}),
  };
}

export function renderRoute(route: Route, context: RenderContext): string {
  try {
    const page = route.render(shellFor(route, context));
    return `<!DOCTYPE html>${renderToStaticMarkup(createElement(IconDrawingsContext.Provider, { value: context.icons }, page))}`;
  } catch (error) {
    throw new RenderError(route.path, error);
  }
}
