// The validated data turned into what the templates need: phone numbers ready for tel: links,
// the other-services rule, opening hours as text. Pure functions, no I/O.
import type { RawData } from "./load.ts";
import { DAYS, US_PHONE, type Service, type SiteData, type Town } from "./schema.ts";

export interface Phone {
  /** As typed in site.yaml, e.g. "(217) 555-0142". */
  display: string;
  /** E.164 form for tel: links, e.g. "+12175550142". */
  e164: string;
  href: string;
}

interface OpeningHours {
  days: string[];
  /** "Monday–Friday" */
  dayRange: string;
  opens: string;
  closes: string;
  /** "7:00 a.m. – 5:00 p.m." */
  timeRange: string;
}

export interface Business extends Omit<SiteData, "phones" | "hours"> {
  phone: Phone;
  secondPhone: Phone;
  hours: OpeningHours[];
  /** Days with no opening hours, in week order. */
  closedDays: string[];
}

export interface SiteModel {
  business: Business;
  services: Service[];
  /** The towns of the grids, in the data's order. */
  towns: Town[];
  /** Further town pages listed under "Also serving". */
  alsoServing: Town[];
  homeFaqs: RawData["homeFaqs"];
  photos: RawData["photos"];
}

export function toPhone(display: string): Phone {
  const match = US_PHONE.exec(display);
  if (!match) throw new Error(`Not a US phone number: ${display}`);
  const [, areaInParens, area, exchange, line] = match;
  const e164 = `+1${areaInParens ?? area}${exchange}${line}`;
  return { display, e164, href: `tel:${e164}` };
}

/** "07:00" → "7:00 a.m."; "12:00" → "noon". */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  if (hours === 12 && minutes === 0) return "noon";
  const suffix = hours < 12 ? "a.m." : "p.m.";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

function dayRange(days: string[]): string {
  const sorted = [...days].sort(
    (a, b) => DAYS.indexOf(a as (typeof DAYS)[number]) - DAYS.indexOf(b as (typeof DAYS)[number]),
  );
  const indexes = sorted.map((day) => DAYS.indexOf(day as (typeof DAYS)[number]));
  const consecutive = indexes.every((value, i) => i === 0 || value === (indexes[i - 1] ?? 0) + 1);
  if (sorted.length > 2 && consecutive) return `${sorted[0]}–${sorted[sorted.length - 1]}`;
  return sorted.join(", ");
}

function toOpeningHours(hours: SiteData["hours"]): OpeningHours[] {
  return hours.map(({ days, opens, closes }) => ({
    days,
    dayRange: dayRange(days),
    opens,
    closes,
    timeRange: `${formatTime(opens)} – ${formatTime(closes)}`,
  }));
}

export function buildModel(raw: RawData): SiteModel {
  const { phones, hours, ...rest } = raw.site;
  return {
    business: {
      ...rest,
      phone: toPhone(phones.primary),
      secondPhone: toPhone(phones.secondary),
      hours: toOpeningHours(hours),
      closedDays: DAYS.filter((day) => !hours.some((entry) => entry.days.includes(day))),
    },
    services: raw.services,
    towns: raw.towns,
    alsoServing: raw.alsoServing,
    homeFaqs: raw.homeFaqs,
    photos: raw.photos,
  };
}

/** ["a", "b", "c"] → "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The first `count` services other than the current one, in the data's order. */
export function otherServices(services: Service[], currentKey: string, count = 4): Service[] {
  return services.filter((service) => service.key !== currentKey).slice(0, count);
}

/** The number a town page's "Call {town} Team" link dials. */
export function townPhone(business: Business, town: Town): Phone {
  return town.ctaPhone === "secondary" ? business.secondPhone : business.phone;
}

/** Whether a town lies in the regular service area: in one of site.yaml's counties. */
export function inRegularArea(business: Pick<Business, "counties">, town: Pick<Town, "county">): boolean {
  return business.counties.includes(town.county);
}

const SMALL_NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/**
 * The town page's sentence about the service area, from the one model of it (the counties in
 * site.yaml, each town's county): "Paris is in Edgar County, beyond the seven counties of our
 * service area; we take on projects here too."
 */
export function serviceAreaSentence(business: Pick<Business, "counties">, town: Pick<Town, "name" | "county">): string {
  const count = SMALL_NUMBERS[business.counties.length] ?? String(business.counties.length);
  const counties = business.counties.length === 1 ? "the county" : `the ${count} counties`;
  return inRegularArea(business, town)
    ? `${town.name} is in ${town.county} County, one of ${counties} of our service area.`
    : `${town.name} is in ${town.county} County, beyond ${counties} of our service area; we take on projects here too.`;
}

export function allTowns(model: SiteModel): Town[] {
  return [...model.towns, ...model.alsoServing];
}
