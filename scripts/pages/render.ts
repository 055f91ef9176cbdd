// Renders routes to HTML documents. A template that throws stops the run with the route's path.
import { renderToStaticMarkup } from "react-dom/server";
import { RenderError } from "./render-error.ts";
import type { PageAssets, PageShell, Route } from "../site/page.ts";
import type { Business } from "../data/model.ts";
import { absoluteUrl } from "../site/urls.ts";

export interface RenderContext {
  business: Business;
  assets: PageAssets;
  year: number;
  /** Open Graph values and JSON-LD for a page (scripts/page-head.ts); none when absent. */
  headFor?: (route: Route, canonicalUrl: string | undefined) => Pick<PageShell, "social" | "structuredData">;
}

function shellFor(route: Route, context: RenderContext): PageShell {
  const canonicalUrl = route.meta.noindex ? undefined : absoluteUrl(context.business.url, route.path);
  return {
    ...context.headFor?.(route, canonicalUrl),
    path: route.path,
    kind: route.kind,
    meta: route.meta,
    canonicalUrl,
    breadcrumbs: route.breadcrumbs,
    business: context.business,
    assets: context.assets,
    year: context.year,
  };
}

export function renderRoute(route: Route, context: RenderContext): string {
  try {
    return `<!DOCTYPE html>${renderToStaticMarkup(route.render(shellFor(route, context)))}`;
  } catch (error) {
    throw new RenderError(route.path, error);
  }
}
