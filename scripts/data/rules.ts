// The rules a schema cannot say, because they look across rows or files: unique slugs and keys,
// services offered in towns that exist, town points inside Illinois, counties that exist (the
// census atlas's names, as the map draws them), one estimate promise, no
// claim of the regular service area for a town beyond it, no highlight shared by two town pages,
// and no town page whose wording is too close to another's (near-duplicates.ts; close, but not
// too close, is a warning); and each feature's own rules (features/fields.ts). Each problem is
// located like a schema problem.
import { countyNames, isInIllinois } from "../geo/atlas.ts";
import {
  nearDuplicateTowns,
  nearDuplicateWording,
  TOWN_PAGE_LISTS,
  type TownPageList,
} from "./near-duplicates.ts";
import type { DataProblem, PathKey } from "./problems.ts";
import { proseIn } from "./prose.ts";
import { problemAt, type ParsedFile } from "./read-yaml.ts";
import type { Service, SiteData, Town } from "./schema.ts";
import { didYouMean, suggestionsFor } from "./suggest.ts";
import { businessDay } from "./days.ts";
import { duplicates, type CheckedFiles, type Findings } from "./rows.ts";
import { FEATURE_FIELDS } from "../features/fields.ts";
import type { FeatureFields } from "./extension.ts";

const townsOf = (file: ParsedFile) => file.value as Record<TownPageList, Town[]>;
const servicesOf = (file: ParsedFile) => (file.value as { services: Service[] }).services;

/** Every town row with the path to it: ["towns", 3] or ["alsoServing", 0]. */
function townRows(file: ParsedFile): { town: Town; keys: [TownPageList, number] }[] {
  return TOWN_PAGE_LISTS.flatMap((list) =>
    townsOf(file)[list].map((town, i) => ({ town, keys: [list, i] as [TownPageList, number] })),
  );
}






/** The schema bounds latitude and longitude by a rectangle; this is the state's outline. */
function pointsInIllinois(towns: ParsedFile): DataProblem[] {
  return townRows(towns)
    .filter(({ town }) => !isInIllinois(town.coordinates))
    .map(({ town, keys }) => problemAt(towns, [...keys, "coordinates"], `${town.coordinates.lat}, ${town.coordinates.lon}`, "a point inside Illinois"));
}

/**
 * Every county the data names is one of Illinois' counties, spelt as the census atlas spells it:
 * the map draws site.yaml's counties from the atlas by name, and a town's county decides whether
 * its page may claim the regular service area, so a typo would fail the map or quietly move a town
 * out of the area. site.yaml lists each county once (the pages count them).
 */
function countiesExist(site: ParsedFile | undefined, towns: ParsedFile | undefined): DataProblem[] {
  const known = countyNames();
  const unknown = (file: ParsedFile, keys: PathKey[], name: string): DataProblem[] => {
    if (known.includes(name)) return [];
    const hint = didYouMean(suggestionsFor(name, known));
    const expected = "the name of an Illinois county as the census spells it, without the word County (such as Coles, De Witt or St. Clair)";
    return [{ ...problemAt(file, keys, JSON.stringify(name), expected), ...(hint ? { hint } : {}) }];
  };
  const problems: DataProblem[] = [];
  if (site) {
    const counties = (site.value as SiteData).counties;
    problems.push(...counties.flatMap((county, i) => unknown(site, ["counties", i], county)));
    problems.push(...duplicates(site, counties.map((county, i) => ({ keys: ["counties", i], value: county })), "county (each once)"));
  }
  if (towns) problems.push(...townRows(towns).flatMap(({ town, keys }) => unknown(towns, [...keys, "county"], town.county)));
  return problems;
}

function slugsAndKeys(services: ParsedFile, towns: ParsedFile): DataProblem[] {
  const townEntries = townRows(towns).map(({ town, keys }) => ({ keys: [...keys, "slug"], value: town.slug }));
  const slugs = new Set(townEntries.map((entry) => entry.value));
  const serviceList = servicesOf(services);
  return [
    ...duplicates(towns, townEntries, "town slug"),
    ...duplicates(services, serviceList.map((service, i) => ({ keys: ["services", i, "key"], value: service.key })), "service key"),
    ...serviceList.flatMap((service, i) =>
      service.areaServed.flatMap((slug, j) =>
        slugs.has(slug) ? [] : [problemAt(services, ["services", i, "areaServed", j], JSON.stringify(slug), "the slug of a town in towns.yaml")],
      ),
    ),
  ];
}

/**
 * The ways a text can promise how soon an estimate comes: "within 24 hours", "within a day",
 * "within one business day". (Projects that start "within a few days" are another matter.)
 */
const PROMISED_TIME = /\bwithin (?:(?:an?|one|\d+|twenty-four|forty-eight) (?:business |working )?hours?|(?:a|one|1) (?:business |working )?day)\b/gi;

/** Every promise of time in the prose is site.yaml's estimate promise, word for word. */
function onePromise(site: ParsedFile, others: ParsedFile[]): DataProblem[] {
  const promise = (site.value as SiteData).estimatePromise;
  return others.flatMap((file) =>
    proseIn(file.value, []).flatMap(({ text, keys }) =>
      [...text.matchAll(PROMISED_TIME)]
        .filter((match) => match[0].toLowerCase() !== promise.toLowerCase())
        .map((match) =>
          problemAt(file, keys, `"${match[0]}"`, `the estimate promise of site.yaml, "${promise}" (one promise on every page)`),
        ),
    ),
  );
}

/** A number of miles: "13 miles", "about five miles", "a mile", "a 2-mile lane". */
const TYPED_MILES =
  /\b(?:\d[\d,.]*|an?|half an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)[\s-]+miles?\b/gi;

/** A count of counties: "the seven counties", "7 counties". */
const COUNTED_COUNTIES = /\b(?:[3-9]|1\d|three|four|five|six|seven|eight|nine|ten|eleven|twelve) counties\b/gi;

/** A US phone number written in a text, in any of the forms site.yaml takes. */
const TYPED_PHONE = /\(?\b[2-9]\d{2}\)?[ .-]?[2-9]\d{2}[ .-]\d{4}\b/g;

/**
 * Figures and lists the pages compute from the data are never typed into prose, where they would
 * go stale or disagree with the figure beside them: a distance (the town pages compute each from
 * the map points), the counties of the service area or their count (site.yaml's counties, which
 * the home, service and town pages show), a phone number (site.yaml's, on every page). A text may
 * name two counties (a town on a county line); three or more of site.yaml's is its list again.
 */
function typedFigures(site: ParsedFile, others: ParsedFile[]): DataProblem[] {
  const counties = [...new Set((site.value as SiteData).counties)];
  const named = (text: string) => counties.filter((county) => wordIn(county, text));
  return others.flatMap((file) =>
    proseIn(file.value, []).flatMap(({ text, keys }) => [
      ...[...text.matchAll(TYPED_MILES)].map((match) =>
        problemAt(
          file,
          keys,
          `the distance "${match[0]}"`,
          "no distance typed in prose: each town page shows its distance from the base and from its nearest towns, computed from the map points; say where the place lies without the miles",
        ),
      ),
      ...[...text.matchAll(COUNTED_COUNTIES)].map((match) =>
        problemAt(
          file,
          keys,
          `the count "${match[0]}"`,
          "no count of the service area's counties in prose: the pages count site.yaml's counties themselves",
        ),
      ),
      ...(named(text).length >= 3
        ? [
            problemAt(
              file,
              keys,
              `the counties ${joinNames(named(text))}`,
              "no list of the service area's counties in prose: the pages show site.yaml's counties themselves",
            ),
          ]
        : []),
      ...[...text.matchAll(TYPED_PHONE)].map((match) =>
        problemAt(file, keys, `the number "${match[0]}"`, "no phone number in prose: every page shows site.yaml's numbers"),
      ),
    ]),
  );
}

const joinNames = (names: string[]) => names.join(", ");

/** Whether a name stands in a text as words of its own ("Mt. Zion", "St. Clair" as they are written), followed as `after` says. */
function wordIn(name: string, text: string, after = ""): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.])${escaped}(?![\\w])${after}`).test(text);
}

/**
 * The towns beyond the counties are offered only the services whose areaServed names them (a town
 * page lists those, model.ts's servicesIn): a service's own words may not name another such town,
 * and every such town is named by one service at least, or its page would offer nothing.
 */
function townsBeyondServed(site: ParsedFile, services: ParsedFile, towns: ParsedFile): DataProblem[] {
  const counties = (site.value as SiteData).counties;
  // A county of site.yaml that Illinois does not have is a typo, refused as such (countiesExist):
  // the towns of the county meant are not beyond the area.
  const known = countyNames();
  if (!counties.every((county) => known.includes(county))) return [];
  const beyond = townRows(towns).filter(({ town }) => !counties.includes(town.county));
  const serviceList = servicesOf(services);
  const problems: DataProblem[] = [];
  for (const { town, keys } of beyond) {
    if (!serviceList.some((service) => service.areaServed.includes(town.slug)))
      problems.push(
        problemAt(
          towns,
          [...keys, "name"],
          `${town.name}, in ${town.county} County, named by no service's areaServed`,
          `a town beyond the counties of site.yaml named in the areaServed of the services its page offers (services.yaml)`,
        ),
      );
  }
  serviceList.forEach((service, i) => {
    for (const { text, keys } of proseIn(service, ["services", i])) {
      for (const { town } of beyond) {
        if (service.areaServed.includes(town.slug) || !wordIn(town.name, text, "(?! County)")) continue;
        problems.push(
          problemAt(
            services,
            keys,
            `"${town.name}", whose page does not offer ${service.name} (not in its areaServed)`,
            `the town in areaServed, or no word of ${town.name}: beyond the counties, a service reaches only the towns its areaServed names`,
          ),
        );
      }
    }
  });
  return problems;
}

/** Words that say a place is inside the regular service area. */
const REGULAR_AREA_CLAIM =
  /\b(?:(?:part of|in|inside|within) our (?:regular )?(?:service )?area|(?:part of|in|inside|within) the (?:regular )?area we serve|our regular (?:service )?area)\b/i;

/** A town page may say it lies in the regular service area only when its county is one of site.yaml's. */
function regularAreaClaims(site: ParsedFile, towns: ParsedFile): DataProblem[] {
  const counties = (site.value as SiteData).counties;
  // A county Illinois does not have is a typo, refused as such (countiesExist), not a town beyond the area.
  const known = countyNames();
  return townRows(towns)
    .filter(({ town }) => !counties.includes(town.county) && known.includes(town.county))
    .flatMap(({ town, keys }) =>
      proseIn(town, [...keys])
        .filter(({ text }) => REGULAR_AREA_CLAIM.test(text))
        .map(({ text, keys: at }) =>
          problemAt(
            towns,
            at,
            `"${REGULAR_AREA_CLAIM.exec(text)![0]}" on the page of ${town.name}, in ${town.county} County`,
            `no claim of the regular service area outside its counties (${counties.join(", ")}): say that ${town.name} lies beyond them`,
          ),
        ),
    );
}

/** Each town page's four tiles are its own: no two pages share a highlight. */
function uniqueHighlights(towns: ParsedFile): DataProblem[] {
  return duplicates(
    towns,
    townRows(towns).flatMap(({ town, keys }) =>
      town.highlights.map((highlight, h) => ({ keys: [...keys, "highlights", h, "text"], value: highlight.text.toLowerCase() })),
    ),
    "highlight (each town page's tiles are its own)",
  );
}


/**
 * Each town page's wording is its own (near-duplicates.ts): a page too close to an earlier one is
 * a problem at its name, one close to it a warning; the message names the other page and its line.
 */
function ownWording(towns: ParsedFile): Findings {
  const found: Findings = { problems: [], warnings: [] };
  for (const duplicate of nearDuplicateTowns(towns.value)) {
    const other = problemAt(towns, [duplicate.other.list, duplicate.other.index, "name"], "", "");
    const { found: what, expected } = nearDuplicateWording(duplicate, `line ${other.line}`);
    const at = problemAt(towns, [duplicate.page.list, duplicate.page.index, "name"], what, expected);
    (duplicate.refused ? found.problems : found.warnings).push(at);
  }
  return found;
}



/** The privacy page's date is a day that has come: a later one would say words took effect that have not. */
function privacyDateProblems(site: ParsedFile, today: Date): DataProblem[] {
  const updated = (site.value as SiteData).privacyUpdated;
  const day = businessDay(today);
  return updated > day ? [problemAt(site, ["privacyUpdated"], `"${updated}"`, `a date no later than today, ${day}`)] : [];
}

/** The rules across rows and files, for the files that passed their schema: problems, and warnings. */
export function checkRules(files: CheckedFiles, today: Date = new Date()): Findings {
  const { site, services, towns, faq } = files;
  const problems: DataProblem[] = [];
  const wording = towns ? ownWording(towns) : { problems: [], warnings: [] };
  // The features' own rules (features/fields.ts): reviews', closures', the jobs'.
  const features = (FEATURE_FIELDS as readonly FeatureFields[]).map(
    (fields) => fields.rules?.(files, today) ?? { problems: [], warnings: [] },
  );
  problems.push(...features.flatMap((found) => found.problems));
  problems.push(...countiesExist(site, towns));
  if (towns) problems.push(...pointsInIllinois(towns), ...uniqueHighlights(towns), ...wording.problems);
  if (services && towns) problems.push(...slugsAndKeys(services, towns));
  // Not the jobs: a story's "drained within a day" tells what happened, it promises nothing.
  if (site) problems.push(...onePromise(site, [services, towns, faq].filter((file): file is ParsedFile => !!file)));
  if (site && towns) problems.push(...regularAreaClaims(site, towns));
  if (site) problems.push(...typedFigures(site, [services, towns, faq].filter((file): file is ParsedFile => !!file)));
  if (site && services && towns) problems.push(...townsBeyondServed(site, services, towns));
  if (site) problems.push(...privacyDateProblems(site, today));
  return {
    problems,
    warnings: [...wording.warnings, ...features.flatMap((found) => found.warnings)],
  };
}


