// The validated data turned into what the templates need: phone numbers ready for tel: links,
// the number for texts ready for sms: links, the other-services rule, opening hours and their
// dated exceptions as text. Pure functions, no I/O.
import type { LeadFormEmbed } from "./lead-form.ts";
import type { RawData } from "./load.ts";
import type { FeatureFields, FeatureRowsBy, FilesRead } from "./extension.ts";
import { DAYS, US_PHONE, type HeroPhoto, type Photo, type Service, type SiteData, type Town } from "./schema.ts";
import type { PhotoInfo, PhotoRef, ResolvePhoto, SiteService, SiteTown, WithPhotos } from "./site-rows.ts";
import { FEATURE_FIELDS } from "../features/fields.ts";
import { privacyFacts, type PrivacyFacts, type ServedBy } from "./privacy.ts";
import { placeholdersIn, type Placeholder } from "./placeholders.ts";

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

/** The number that takes texts (phones.text in site.yaml), for the "Text us" links. */
export interface TextLink {
  /** As typed in site.yaml, e.g. "(217) 555-0163". */
  display: string;
  /** E.164 form, the same as a tel: link's, e.g. "+12175550163". */
  e164: string;
  /** The sms: link with the estimate request started (textLink). */
  href: string;
}

/** The estimate form as the contact page embeds it (lead-form.ts), with the frame's accessible name. */
interface LeadForm extends LeadFormEmbed {
  title: string;
}

export interface Business extends Omit<SiteData, "phones" | "hours" | "leadForm" | "hero"> {
  leadForm: LeadForm;
  /** The photo at the top of the home page, when site.yaml names one. */
  hero?: PhotoRef<HeroPhoto>;
  /** What the features' fields read of the files they name (data/extension.ts), for the features' build half. */
  filesRead: FilesRead;
  phone: Phone;
  secondPhone: Phone;
  /** Absent when site.yaml names no number for texts: then no page offers texting. */
  text?: TextLink;
  hours: OpeningHours[];
  /** Days with no opening hours, in week order. */
  closedDays: string[];
  /**
   * The placeholders still in site.yaml (placeholders.ts): none in a build for a host, which
   * refuses them; a build on this computer and a draft's preview show them, marked.
   */
  placeholders: Placeholder[];
}

export interface SiteModel {
  business: Business;
  services: SiteService[];
  /** The towns of the grids, in the data's order. */
  towns: SiteTown[];
  /** Further town pages listed under "Also serving". */
  alsoServing: SiteTown[];
  homeFaqs: RawData["homeFaqs"];
  /**
   * Each data feature's rows as its pages read them (features/<name>/fields.ts, `model`), by
   * feature, in the order of the features' fields (features/fields.ts).
   */
  featureRows: FeatureRowsBy;
  /** What the privacy page shows of the data (privacy.ts), and site.yaml's date of its words. */
  privacy: { facts: PrivacyFacts; updated: string };
}

export function toPhone(display: string): Phone {
  const match = US_PHONE.exec(display);
  if (!match) throw new Error(`Not a US phone number: ${display}`);
  const [, areaInParens, area, exchange, line] = match;
  const e164 = `+1${areaInParens ?? area}${exchange}${line}`;
  return { display, e164, href: `tel:${e164}` };
}

/**
 * What a text from a "Text us" link says before the visitor types: what an estimate needs, short
 * and in plain characters (no curly quotes or ellipsis), so it stays one SMS of 160 characters.
 */
export const TEXT_MESSAGE_START = "Hi, I'd like a free estimate.\nAddress: \nJob: \nI can send a photo.";

/**
 * The "Text us" link: sms:+12175550163?&body=Hi%2C%20I%27d%20like…, the one form that opens the
 * messages app with both the number and the message filled in on iPhones and on Android phones.
 *
 * - RFC 5724 (section 2.2) defines sms:<number>?body=<message>, which Android's messaging apps read.
 * - iPhones read the message only after "&body=" since iOS 8 (after ";body=" up to iOS 7): see
 *   https://stackoverflow.com/questions/6480462 ("How to pre-populate the sms body text via an
 *   html link"). Apple's own reference (iPhoneURLScheme_Reference, "SMS Links") documents only
 *   sms:<number>.
 * - "?&body=" serves both: Android reads the query and skips its first, empty field; iOS finds
 *   "&body=". It is the form UAMS Web Communications gives for iOS and Android together
 *   (https://communications.uams.edu/web/kb/creating-an-sms-link). ";body=" is not used: only iOS 7
 *   and older read it.
 * The number is the tel: links' own E.164 form (toPhone), so a number is typed once, in site.yaml.
 * The message is percent-encoded: spaces as %20, never "+", which some messaging apps would keep
 * as a plus sign.
 */
export function textLink(display: string): TextLink {
  const { e164 } = toPhone(display);
  // RFC 3986 percent-encoding: encodeURIComponent, plus the five marks it leaves as they are.
  const body = encodeURIComponent(TEXT_MESSAGE_START).replace(
    /[!'()*]/g,
    (mark) => `%${mark.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return { display, e164, href: `sms:${e164}?&body=${body}` };
}

const DATE_TEXT = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2025-04-12" → "April 12, 2025", as visitors in the US read a date. */
export function dateText(date: string): string {
  return DATE_TEXT.format(new Date(`${date}T00:00:00Z`));
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

/** "7:00 a.m. – 5:00 p.m." */
export function timeRange(opens: string, closes: string): string {
  return `${formatTime(opens)} – ${formatTime(closes)}`;
}

function toOpeningHours(hours: SiteData["hours"]): OpeningHours[] {
  return hours.map(({ days, opens, closes }) => ({
    days,
    dayRange: dayRange(days),
    opens,
    closes,
    timeRange: timeRange(opens, closes),
  }));
}

export interface ModelOptions {
  /** The static host the build is for, which /privacy names; none for the local server and nginx. */
  servedBy?: ServedBy;
}

export function buildModel(raw: RawData, options: ModelOptions = {}): SiteModel {
  const { phones, hours, leadForm, hero, ...rest } = raw.site;
  // Read by the schema (schema.ts), which refused a snippet that cannot be read.
  const form = leadForm.embed;
  const resolve = photoResolver(raw.photos);
  return {
    business: {
      ...rest,
      ...(hero ? { hero: resolve(hero) } : {}),
      filesRead: raw.filesRead,
      leadForm: { title: leadForm.title, ...form },
      phone: toPhone(phones.primary),
      secondPhone: toPhone(phones.secondary),
      ...(phones.text === undefined ? {} : { text: textLink(phones.text) }),
      hours: toOpeningHours(hours),
      closedDays: DAYS.filter((day) => !hours.some((entry) => entry.days.includes(day))),
      placeholders: placeholdersIn(raw.site),
    },
    ...resolvedRows(raw, resolve),
    homeFaqs: raw.homeFaqs,
    privacy: { facts: privacyFacts(raw.site, form, options.servedBy), updated: raw.site.privacyUpdated },
  };
}

/**
 * The one promise the site makes of an estimate, and of the form alone (calls and texts come with
 * none): "A free, no-obligation estimate within 24 hours of sending the estimate form."
 */
export function estimateByForm(business: Pick<Business, "estimatePromise">): string {
  return `A free, no-obligation estimate ${business.estimatePromise} of sending the estimate form.`;
}

/** ["a", "b", "c"] → "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The first `count` services other than the current one, in the data's order. */
export function otherServices<S extends Pick<Service, "key">>(services: S[], currentKey: string, count = 4): S[] {
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

/**
 * Towns split by each one's county: those in site.yaml's counties, then those beyond them, each in
 * the given order; so that a list under "our counties" names only towns in them.
 */
export function townsByArea<T extends Pick<Town, "county">>(
  business: Pick<Business, "counties">,
  towns: readonly T[],
): { inArea: T[]; beyond: T[] } {
  return {
    inArea: towns.filter((town) => inRegularArea(business, town)),
    beyond: towns.filter((town) => !inRegularArea(business, town)),
  };
}

/**
 * The services a town's page offers, in the data's order: every service in a town of the regular
 * service area (a service page says it is offered throughout its counties), and beyond them only
 * the services whose areaServed names the town. So a service page's list of towns beyond the
 * counties and the town pages that offer the service are one list, made by this rule.
 */
export function servicesIn<S extends { servedTowns: readonly Pick<Town, "slug">[] }>(
  model: { business: Pick<Business, "counties">; services: readonly S[] },
  town: Pick<Town, "slug" | "county">,
): S[] {
  if (inRegularArea(model.business, town)) return [...model.services];
  return model.services.filter((service) => service.servedTowns.some((served) => served.slug === town.slug));
}

/**
 * Why a town page shows a number other than the main one, which every page's foot shows: "Calls
 * about Decatur, Urbana, Champaign and Savoy go to our second line, (217) 555-0187; our main
 * number, (217) 555-0142, is at the foot of every page." Undefined on a page that shows the main
 * number only.
 */
export function secondLineSentence(model: Pick<SiteModel, "business" | "towns" | "alsoServing">, town: Town): string | undefined {
  const { business } = model;
  const phone = townPhone(business, town);
  if (phone.e164 === business.phone.e164) return undefined;
  const towns = allTowns(model).filter((other) => townPhone(business, other).e164 === phone.e164);
  return `Calls about ${joinList(towns.map((other) => other.name))} go to our second line, ${phone.display}; our main number, ${business.phone.display}, is at the foot of every page.`;
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

/** Every town with a page, the regular service area first. */
export function allTowns(model: Pick<SiteModel, "towns" | "alsoServing">): readonly SiteTown[] {
  return [...model.towns, ...model.alsoServing];
}

/**
 * A photo reference with the photo it names. The check (photos.ts) read every photo a row names
 * and refused the data when one could not be read, so each is in `photos`.
 */
function photoResolver(photos: RawData["photos"]): ResolvePhoto {
  return (photo) => ({ ...photo, info: photos.get(photo.file)! });
}

function withPhotos<Row extends { photos?: Photo[]; hero?: HeroPhoto }>(row: Row, resolve: ResolvePhoto): WithPhotos<Row> {
  const { photos, hero, ...rest } = row;
  return { ...rest, ...(photos ? { photos: photos.map(resolve) } : {}), ...(hero ? { hero: resolve(hero) } : {}) };
}

/**
 * The rows with what they name: each photo reference with its photo, each service with its towns,
 * each feature's rows with what they name (a job's town and services), looked up once, here. The
 * rules (rules.ts, and each feature's) have refused a town slug without a page and a service key
 * that does not exist.
 */
function resolvedRows(
  raw: Pick<RawData, "towns" | "alsoServing" | "services" | "featureFiles">,
  resolve: ResolvePhoto,
): Pick<SiteModel, "services" | "towns" | "alsoServing" | "featureRows"> {
  const towns = raw.towns.map((town) => withPhotos(town, resolve));
  const alsoServing = raw.alsoServing.map((town) => withPhotos(town, resolve));
  const townPages = [...towns, ...alsoServing];
  const townBySlug = new Map(townPages.map((town) => [town.slug, town]));
  const services = raw.services.map((service) => ({
    ...withPhotos(service, resolve),
    servedTowns: service.areaServed.map((slug) => townBySlug.get(slug)!),
  }));
  const core = { towns: townPages, services, photo: resolve };
  const featureRows = Object.fromEntries(
    (FEATURE_FIELDS as readonly FeatureFields[]).flatMap((fields) =>
      fields.model ? [[fields.feature, fields.model(raw.featureFiles, core)] as const] : [],
    ),
  );
  return { services, towns, alsoServing, featureRows };
}

/** The measured photos of `refs`, once each. */
function photosOf(refs: readonly (PhotoRef<{ file: string }> | undefined)[]): PhotoInfo[] {
  return [...new Map(refs.flatMap((ref) => (ref ? [[ref.info.hash, ref.info] as const] : []))).values()];
}

/** The photos of the town and service rows' own photos (galleries) and of the features' rows (a job's pairs), once each. */
export function galleryPhotos(model: Pick<SiteModel, "services" | "towns" | "alsoServing" | "featureRows">): PhotoInfo[] {
  const rows = [...model.services, ...allTowns(model)];
  return photosOf([
    ...rows.flatMap((row) => row.photos ?? []),
    ...Object.values(model.featureRows).flatMap((rows) => rows.photos),
  ]);
}

/** The photos shown at the top of a page (the home page's, a service's, a town's), once each. */
export function heroPhotos(model: Pick<SiteModel, "business" | "services" | "towns" | "alsoServing">): PhotoInfo[] {
  return photosOf([model.business.hero, ...model.services.map((service) => service.hero), ...allTowns(model).map((town) => town.hero)]);
}
