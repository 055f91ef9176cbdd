// The per-page <head> extras computed from the data: link-preview values and JSON-LD.
import type { PageShell, Route } from "../site/page.ts";
import type { SiteModel } from "../data/model.ts";
import { socialMetaFor } from "./social-meta.ts";
import { serializeJsonLd, structuredDataFor, type BusinessFacts } from "./structured-data.ts";

export type PageHead = Pick<PageShell, "social" | "structuredData">;

/** The head's extras of each page; `facts` are what the features that are on state of the business. */
export function pageHeadFor(model: SiteModel, facts: BusinessFacts = {}) {
  return (route: Route, canonicalUrl: string | undefined): PageHead => {
    const graph = structuredDataFor(route, model, facts);
    return {
      social: socialMetaFor(route, model, canonicalUrl),
      structuredData: graph ? serializeJsonLd(graph) : undefined,
    };
  };
}
