// The per-page <head> extras computed from the data: link-preview values and JSON-LD.
import type { PageShell, Route } from "../site/page.ts";
import type { SiteModel } from "../data/model.ts";
import { socialMetaFor } from "./social-meta.ts";
import { serializeJsonLd, structuredDataFor } from "./structured-data.ts";

export type PageHead = Pick<PageShell, "social" | "structuredData">;

export function pageHeadFor(model: SiteModel) {
  return (route: Route, canonicalUrl: string | undefined): PageHead => {
    const graph = structuredDataFor(route, model);
    return {
      social: socialMetaFor(route, model, canonicalUrl),
      structuredData: graph ? serializeJsonLd(graph) : undefined,
    };
  };
}
