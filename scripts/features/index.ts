// The site's optional features, in the order the pipeline asks them, and what the ones that are on
// add to a build, gathered in one object for the core.
import type { SiteModel } from "../data/model.ts";
import type { ServiceAreaMapData } from "../map/service-area.ts";
import type { PageKindModule } from "../pages/kind.ts";
import { buildRoutes, PAGE_KINDS } from "../pages/routes.ts";
import type { Route } from "../site/page.ts";
import type { OutputContents } from "../lib/output.ts";
import { mergeSources, type PolicySources } from "../headers/csp.ts";
import type { ReactElement } from "react";
import { FAVICONS } from "../site/favicon.ts";
import type { FactPlace, PageParts, PageSubject, SectionPage, SectionSlot } from "../site/page.ts";
import type { PrivacyPart } from "../site/privacy.ts";
import type { BodyScriptEntry } from "../pages/assets.ts";
import type { Feature, FeatureBuild, FeatureParts } from "./feature.ts";
import { brand } from "./brand/brand.tsx";
import { counting } from "./counting/counting.ts";
import { reviews } from "./reviews/reviews.tsx";
import { closures } from "./closures/closures.tsx";
import { jobs } from "./jobs/jobs.tsx";

/** The list, in the order the pipeline asks it; what each declares beyond its parts (its scriptBudget) is read from it too (measure/budgets.ts). */
export const FEATURES: readonly Feature[] = [brand, counting, reviews, closures, jobs];

/** What the features that are on add to one build, in feature-neutral terms. */
export interface SiteParts {
  /** The names of the features that are on, in the list's order. */
  on: string[];
  files: Map<string, OutputContents>;
  /** The tab's icon in place of the drawn shovel, and its file. */
  favicon?: FeatureParts["favicon"];
  /** Files served as given pictures, each with a policy that lets it run and load nothing. */
  pictures: string[];
  /** Their rules of the pages' stylesheet, in the list's order. */
  css: string;
  theme?: FeatureParts["theme"];
  cardMark?: FeatureParts["cardMark"];
  bodyScript?: BodyScriptEntry;
  policy: PolicySources;
  leftAlone: string[];
  keepFromStart: string[];
  head: string[];
  /** What /privacy says of each, in the list's order (site/privacy.ts's privacyStatements()). */
  privacy: PrivacyPart[];
  bodyData(subject: PageSubject): Record<string, string>;
  /** What they add to one page, each feature asked once (`PageParts`). */
  onPage(page: SectionPage): PageParts;
  /** What they state of the business in the pages' structured data, by place; one property from one feature. */
  businessFacts: Partial<Record<FactPlace, Record<string, unknown>>>;
}

/**
 * Asks each feature what it adds to this build and gathers it. Two features that would give the
 * same file, or each a part there is one of (the pages' script, the tab's icon, the site's colours,
 * the cards' mark), are refused, naming both.
 */
export async function siteParts(build: FeatureBuild, features: readonly Feature[] = FEATURES): Promise<SiteParts> {
  const site: SiteParts = {
    on: [],
    files: new Map(),
    pictures: [],
    css: "",
    policy: new Map(),
    leftAlone: [],
    keepFromStart: [],
    head: [],
    privacy: [],
    bodyData: () => ({}),
    onPage: () => ({ sections: {}, styles: "" }),
    businessFacts: {},
  };
  const owners = new Map<string, string>();
  const claim = (part: string, feature: string) => {
    const owner = owners.get(part);
    if (owner) throw new Error(`Two features add ${part}: ${owner} and ${feature}`);
    owners.set(part, feature);
  };
  const bodyData: NonNullable<FeatureParts["bodyData"]>[] = [];
  const sections: [string, NonNullable<FeatureParts["sections"]>][] = [];
  /** Each feature that is on with rules for its pages, and the kinds of page that are its own. */
  const styled: { name: string; styles: string; kinds: string[] }[] = [];
  for (const feature of features) {
    const parts = await feature.parts(build);
    if (!parts) continue;
    site.on.push(feature.name);
    for (const [file, contents] of parts.files ?? []) {
      // A feature's own files go under assets/, where no page, header file or worker of the core is.
      if (!file.startsWith("assets/"))
        throw new Error(`The ${feature.name} feature adds ${file}: expected a file under assets/`);
      claim(file, feature.name);
      site.files.set(file, contents);
    }
    // The tab's icon is the one file at the site's root a feature may give: where browsers look for
    // it, under one of the names the core gives it (site/favicon.ts), in place of the drawn shovel.
    if (parts.favicon) {
      if (!FAVICONS.includes(parts.favicon.icon))
        throw new Error(
          `The ${feature.name} feature's tab icon is ${parts.favicon.icon.file}: expected ${FAVICONS.map((icon) => icon.file).join(" or ")}`,
        );
      claim("the tab's icon", feature.name);
      site.favicon = parts.favicon;
    }
    for (const file of parts.pictures ?? []) {
      if (!parts.files?.has(file) && parts.favicon?.icon.file !== file)
        throw new Error(`The ${feature.name} feature serves ${file} as a picture: expected a file of its own`);
      site.pictures.push(file);
    }
    site.css += parts.css ?? "";
    if (parts.theme) {
      claim("the site's colours", feature.name);
      site.theme = parts.theme;
    }
    if (parts.cardMark) {
      claim("the preview cards' mark", feature.name);
      site.cardMark = parts.cardMark;
    }
    if (parts.bodyScript) {
      claim("the pages' own script", feature.name);
      site.bodyScript = parts.bodyScript;
    }
    if (parts.policy) site.policy = mergeSources(site.policy, parts.policy);
    site.leftAlone.push(...(parts.leftAlone ?? []));
    site.keepFromStart.push(...(parts.keepFromStart ?? []));
    site.head.push(...(parts.head ?? []));
    if (parts.privacy) site.privacy.push(parts.privacy);
    if (parts.bodyData) bodyData.push(parts.bodyData);
    if (parts.sections) sections.push([feature.name, parts.sections]);
    if (parts.pageStyles)
      styled.push({
        name: feature.name,
        styles: parts.pageStyles,
        kinds: feature.pages?.kinds.map(({ kind }) => kind) ?? [],
      });
    for (const [place, facts] of Object.entries(parts.businessFacts ?? {}) as [FactPlace, Record<string, unknown>][])
      for (const [property, value] of Object.entries(facts)) {
        claim(`the business's ${property}`, feature.name);
        (site.businessFacts[place] ??= {})[property] = value;
      }
  }
  site.bodyData = (subject) => {
    const data: Record<string, string> = {};
    for (const dataOf of bodyData)
      for (const [name, value] of Object.entries(dataOf(subject))) {
        if (value === undefined) continue;
        // data-page is the core's own (the not-found page's mark, browser/site.ts).
        if (name === "page") throw new Error("A feature cannot set the <body>'s data-page");
        if (name in data) throw new Error(`Two features set the <body>'s data-${name}`);
        data[name] = value;
      }
    return data;
  };
  site.onPage = (page) => {
    const placed: Partial<Record<SectionSlot, ReactElement>> = {};
    const by = new Map<SectionSlot, string>();
    for (const [name, sectionsOf] of sections)
      for (const [slot, section] of Object.entries(sectionsOf(page)) as [SectionSlot, ReactElement | null][]) {
        if (!section) continue;
        const other = by.get(slot);
        if (other) throw new Error(`Two features put a section in ${slot} on ${page.path}: ${other} and ${name}`);
        by.set(slot, name);
        placed[slot] = section;
      }
    const showing = new Set(by.values());
    const styles = styled
      .filter(({ name, kinds }) => kinds.includes(page.kind) || showing.has(name))
      .map(({ styles }) => styles)
      .join("");
    return { sections: placed, styles };
  };
  return site;
}

/** The site's kinds of page: the core's (pages/routes.ts), each feature's placed before the kind it names. */
export function siteKinds(features: readonly Feature[] = FEATURES): PageKindModule[] {
  const kinds = [...PAGE_KINDS];
  for (const feature of features) {
    if (!feature.pages) continue;
    const at = kinds.findIndex(({ kind }) => kind === feature.pages!.before);
    if (at < 0)
      throw new Error(`The ${feature.name} feature's pages go before ${feature.pages.before}: no such kind of page`);
    kinds.splice(at, 0, ...feature.pages.kinds);
  }
  return kinds;
}

/** Every page of the site, the features' own among them (pages/routes.ts's buildRoutes, with siteKinds()). */
export function siteRoutes(model: SiteModel, areaMap?: () => ServiceAreaMapData): Route[] {
  return buildRoutes(model, areaMap, siteKinds());
}

/** Of a build's files, those the features that made them expect the server to send as built (check-deploy). */
export function featureFiles(files: readonly string[], features: readonly Feature[] = FEATURES): string[] {
  return features.flatMap((feature) => feature.deployedFiles?.(files) ?? []);
}
