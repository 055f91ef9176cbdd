// Reading JSON-LD back out of a page: its typed nodes, the properties each type must carry, and
// small parsers for the visible text the structured data is compared with.

export type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The properties each schema.org type must carry on this site: Google's required and
 * recommended properties for the rich results concerned, plus what the site promises to state
 * (hours, area served, social profiles). A type missing here fails the check, so a new type
 * cannot slip in unchecked.
 */
const REQUIRED_PROPERTIES: Record<string, readonly string[]> = {
  GeneralContractor: [
    "@id",
    "name",
    "url",
    "telephone",
    "address",
    "geo",
    "openingHoursSpecification",
    "areaServed",
    "sameAs",
    "image",
  ],
  WebSite: ["@id", "name", "url", "publisher"],
  Service: ["@id", "name", "serviceType", "description", "url", "provider", "areaServed"],
  FAQPage: ["mainEntity"],
  Question: ["name", "acceptedAnswer"],
  Answer: ["text"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name", "item"],
  PostalAddress: ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
  GeoCoordinates: ["latitude", "longitude"],
  OpeningHoursSpecification: ["dayOfWeek", "opens", "closes"],
  City: ["name"],
  AdministrativeArea: ["name"],
  ServiceChannel: ["serviceUrl"],
  ContactPoint: ["telephone"],
  // The jobs: the list of them, and each job as a work of the business's with its photos.
  CollectionPage: ["@id", "url", "name", "mainEntity"],
  ItemList: ["itemListElement", "numberOfItems"],
  CreativeWork: [
    "@id",
    "name",
    "description",
    "text",
    "url",
    "dateCreated",
    "creator",
    "locationCreated",
    "about",
    "image",
  ],
  ImageObject: ["contentUrl", "width", "height", "description"],
};

/**
 * What the JSON-LD leaves out while site.yaml still holds the placeholder it would state
 * (scripts/data/placeholders.ts): the business's number, its street and its social pages. With the
 * shipped data, these are the only properties missing.
 */
export const LEFT_OUT_FOR_PLACEHOLDERS = [
  "GeneralContractor without telephone",
  "GeneralContractor without sameAs",
  "PostalAddress without streetAddress",
] as const;

/** Special hours (specialOpeningHoursSpecification) are dated: they name days, not days of the week. */
const SPECIAL_HOURS_PROPERTIES = ["validFrom", "validThrough", "opens", "closes"] as const;

/** Every object in a JSON-LD value that has an @type, at any depth. */
export function typedNodes(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.flatMap(typedNodes);
  if (!isObject(value)) return [];
  const own = "@type" in value ? [value] : [];
  return [...own, ...Object.values(value).flatMap(typedNodes)];
}

/** Objects that only point at a node elsewhere: {"@id": "..."}. */
export function references(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(references);
  if (!isObject(value)) return [];
  const keys = Object.keys(value);
  if (keys.length === 1 && typeof value["@id"] === "string") return [value["@id"]];
  return Object.values(value).flatMap(references);
}

export function typeOf(node: JsonObject): string {
  return String(node["@type"]);
}

/** Problems of one node: an unknown type, or a required property missing or empty. */
export function missingProperties(node: JsonObject): string[] {
  const dated = typeOf(node) === "OpeningHoursSpecification" && "validFrom" in node;
  const required = dated ? SPECIAL_HOURS_PROPERTIES : REQUIRED_PROPERTIES[typeOf(node)];
  if (!required) return [`unexpected type ${typeOf(node)}`];
  return required
    .filter((key) => {
      const value = node[key];
      return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
    })
    .map((key) => `${typeOf(node)} without ${key}`);
}

export const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** "+12175550142" from "(217) 555-0142" or "tel:+12175550142". */
export function e164(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** Every US phone number written in a text, in E.164 form. */
export function phonesIn(text: string): string[] {
  return [...text.matchAll(/\(?\b[2-9]\d{2}\)?[ .-]?[2-9]\d{2}[ .-]\d{4}\b/g)].map((match) => e164(match[0]));
}

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "7:00 a.m." → "07:00", "5:00 p.m." → "17:00", "noon" → "12:00". */
function to24Hour(text: string): string {
  if (text === "noon") return "12:00";
  const match = /^(\d{1,2}):(\d{2}) ([ap])\.m\.$/.exec(text);
  if (!match) throw new Error(`not a time: ${text}`);
  const hour = (Number(match[1]) % 12) + (match[3] === "p" ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:${match[2]}`;
}

/**
 * The opening hours a visitor reads ("Monday–Friday: 7:00 a.m. – 5:00 p.m.") as one
 * "Day opens-closes" entry per open day, in the form JSON-LD hours are compared in.
 */
export function visibleHours(lines: string[]): string[] {
  return lines.flatMap((line) => {
    const match = /^(.+?): (.+) – (.+)$/.exec(line);
    if (!match) return []; // "Sunday: closed"
    const [, dayText = "", opens = "", closes = ""] = match;
    const range = /^(\w+)–(\w+)$/.exec(dayText);
    const days = range
      ? WEEK.slice(WEEK.indexOf(range[1] ?? ""), WEEK.indexOf(range[2] ?? "") + 1)
      : dayText.split(", ");
    return days.map((day) => `${day} ${to24Hour(opens)}-${to24Hour(closes)}`);
  });
}

/** The same entries from JSON-LD OpeningHoursSpecification nodes. */
export function structuredHours(specs: JsonObject[]): string[] {
  return specs.flatMap((spec) =>
    asArray(spec.dayOfWeek as string | string[]).map(
      (day) => `${day.replace(/^https?:\/\/schema\.org\//, "")} ${String(spec.opens)}-${String(spec.closes)}`,
    ),
  );
}
