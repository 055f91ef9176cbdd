// The site's optional features, in the order the pipeline asks them, and what the ones that are on
// add to a build, gathered in one object for the core.
import type { KeptBundles } from "../lib/bundle.ts";
import type { Business } from "../data/model.ts";
import { mergeSources, type PolicySources } from "../headers/csp.ts";
import type { PageSubject } from "../site/page.ts";
import type { PrivacyStatement } from "../site/privacy.ts";
import type { BodyScriptEntry } from "../pages/assets.ts";
import type { Feature, FeatureParts } from "./feature.ts";
import { counting } from "./counting/counting.ts";

const FEATURES: readonly Feature[] = [counting];

/** What the features that are on add to one build, in feature-neutral terms. */
export interface SiteParts {
  /** The names of the features that are on, in the list's order. */
  on: string[];
  files: Map<string, string>;
  bodyScript?: BodyScriptEntry;
  policy: PolicySources;
  leftAlone: string[];
  head: string[];
  privacy: PrivacyStatement[];
  bodyData(subject: PageSubject): Record<string, string>;
}

/**
 * Asks each feature what it adds to this build and gathers it. Two features that would give the
 * pages' script, or the same file, are refused, naming both.
 */
export async function siteParts(
  build: { business: Business; kept?: KeptBundles },
  features: readonly Feature[] = FEATURES,
): Promise<SiteParts> {
  const site: SiteParts = {
    on: [],
    files: new Map(),
    policy: new Map(),
    leftAlone: [],
    head: [],
    privacy: [],
    bodyData: () => ({}),
  };
  const owners = new Map<string, string>();
  const claim = (part: string, feature: string) => {
    const owner = owners.get(part);
    if (owner) throw new Error(`Two features add ${part}: ${owner} and ${feature}`);
    owners.set(part, feature);
  };
  const bodyData: NonNullable<FeatureParts["bodyData"]>[] = [];
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
    if (parts.bodyScript) {
      claim("the pages' own script", feature.name);
      site.bodyScript = parts.bodyScript;
    }
    if (parts.policy) site.policy = mergeSources(site.policy, parts.policy);
    site.leftAlone.push(...(parts.leftAlone ?? []));
    site.head.push(...(parts.head ?? []));
    site.privacy.push(...(parts.privacy ?? []));
    if (parts.bodyData) bodyData.push(parts.bodyData);
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
  return site;
}

/** Of a build's files, those the features that made them expect the server to send as built (check-deploy). */
export function featureFiles(files: readonly string[], features: readonly Feature[] = FEATURES): string[] {
  return features.flatMap((feature) => feature.deployedFiles?.(files) ?? []);
}

// The list itself, for what each feature declares beyond its parts (its scriptBudget: measure/budgets.ts).
export { FEATURES };
