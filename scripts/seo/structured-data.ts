// JSON-LD for search engines, built from the same data the page shows (data/site.yaml and the
// page's service, town or FAQ rows), so the markup can never disagree with the visible text.
// Pure functions: the route and the model in, a schema.org graph out.
import type {
  AdministrativeArea,
  BreadcrumbList,
  City,
  ContactPoint,
  FAQPage,
  GeneralContractor,
  Graph,
  IdReference,
  OpeningHoursSpecification,
  Service as ServiceNode,
  ServiceChannel,
  Thing,
  WebSite,
} from "schema-dts";
import { allTowns, estimateByForm, townPhone, type Phone, type SiteModel, type TextLink } from "../data/model.ts";
import type { SiteService, SiteTown } from "../data/site-rows.ts";
import type { Crumb, FactPlace, Route } from "../site/page.ts";
import { absoluteUrl, CONTACT_PATH, HOME_PATH, servicePath, townPath } from "../site/urls.ts";
import { isPlaceholderAddress, isPlaceholderPhone, isPlaceholderStreet } from "../data/placeholders.ts";
import type { DAYS, Faq, Town } from "../data/schema.ts";
import { heroVariants } from "../site/photos.ts";
import { socialImageFile } from "./social-meta.ts";

type Day = (typeof DAYS)[number];

/** schema-dts allows a bare string for every type; the builders always return objects. */
export type Node<T> = Exclude<T, string>;

/** Town pages are validated to lie inside Illinois, and their titles say "IL" the same way. */
const STATE = "IL";

function businessId(siteUrl: string): string {
  return absoluteUrl(siteUrl, "/#business");
}

export function websiteId(siteUrl: string): string {
  return absoluteUrl(siteUrl, "/#website");
}

export const businessRef = (model: SiteModel): IdReference => ({ "@id": businessId(model.business.url) });

function countyNodes(model: SiteModel): Node<AdministrativeArea>[] {
  return model.business.counties.map((county) => ({
    "@type": "AdministrativeArea",
    name: `${county} County, ${STATE}`,
  }));
}

/** A town as a place: its name, the county it lies in and its map point. */
export function cityNode(town: Town): Node<City> {
  return {
    "@type": "City",
    name: `${town.name}, ${STATE}`,
    containedInPlace: { "@type": "AdministrativeArea", name: `${town.county} County, ${STATE}` },
    geo: { "@type": "GeoCoordinates", latitude: town.coordinates.lat, longitude: town.coordinates.lon },
  };
}

function openingHours(model: SiteModel): Node<OpeningHoursSpecification>[] {
  return model.business.hours.map((hours) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: hours.days.map((day) => `https://schema.org/${day as Day}` as const),
    opens: hours.opens,
    closes: hours.closes,
  }));
}

/**
 * The number for texts. schema.org's one property for it is a ServiceChannel's serviceSmsNumber
 * ("the number to access the service by text message"), a ContactPoint, used where the page names
 * a service and shows the Text link (the town pages). The business itself has no such property,
 * so on the home and contact pages the number is one of its contactPoint entries, a ContactPoint
 * whose contactType (free text in schema.org) says what the pages offer it for: asking for an
 * estimate, with no time promised (the promise is the form's).
 */
function textContactPoint(text: TextLink): Node<ContactPoint> {
  return { "@type": "ContactPoint", telephone: text.e164, contactType: "estimate requests by text message" };
}

/** The number for texts, unless it is still a placeholder (data/placeholders.ts), which no search engine is told. */
const realText = (text: TextLink | undefined) => (text && !isPlaceholderPhone(text.display) ? text : undefined);

/**
 * The estimate form, on the contact page, with the promise the pages make for it alone: a free
 * estimate within site.yaml's time of sending it.
 */
function formChannel(model: SiteModel): Node<ServiceChannel> {
  const { business } = model;
  return {
    "@type": "ServiceChannel",
    name: business.leadForm.title,
    serviceUrl: absoluteUrl(business.url, CONTACT_PATH),
    description: estimateByForm(business),
  };
}

/**
 * How to ask for the service: the estimate form, and the phone number the page shows with the
 * number for texts, on the page itself; a number that is still a placeholder is left out.
 */
function channels(model: SiteModel, pageUrl: string, phone: Phone, text?: TextLink): Node<ServiceChannel>[] {
  const sms = realText(text);
  const call = isPlaceholderPhone(phone.display) ? undefined : phone;
  return [
    formChannel(model),
    ...(call || sms
      ? [
          {
            "@type": "ServiceChannel" as const,
            serviceUrl: pageUrl,
            ...(call
              ? {
                  servicePhone: {
                    "@type": "ContactPoint" as const,
                    telephone: call.e164,
                    contactType: "estimate requests by phone",
                  },
                }
              : {}),
            ...(sms ? { serviceSmsNumber: textContactPoint(sms) } : {}),
          },
        ]
      : []),
  ];
}

/**
 * Pictures of the business, as Google's LocalBusiness example gives them: the owner's photo at the
 * top of the home page (its largest JPEG), then the home page's preview card, which carries its mark.
 */
function businessImages(model: SiteModel): string | string[] {
  const { business } = model;
  const card = absoluteUrl(business.url, `/${socialImageFile({ kind: "site" })}`);
  if (!business.hero) return card;
  const largest = heroVariants(business.hero.info)
    .filter((variant) => variant.format === "jpeg")
    .at(-1)!;
  return [absoluteUrl(business.url, `/${largest.file}`), card];
}

/** The business: a general contractor, schema.org's LocalBusiness type for construction trades. */
export function businessNode(model: SiteModel): Node<GeneralContractor> {
  const { business } = model;
  // What is still a placeholder (data/placeholders.ts) is not stated: a build for a host refuses it anyway.
  const social = business.social.map((link) => link.url).filter((url) => !isPlaceholderAddress(url));
  return {
    "@type": "GeneralContractor",
    "@id": businessId(business.url),
    name: business.name,
    description: business.tagline,
    url: absoluteUrl(business.url, HOME_PATH),
    ...(isPlaceholderPhone(business.phone.display) ? {} : { telephone: business.phone.e164 }),
    image: businessImages(model),
    address: {
      "@type": "PostalAddress",
      ...(isPlaceholderStreet(business.address.street) ? {} : { streetAddress: business.address.street }),
      addressLocality: business.address.city,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: "US",
    },
    geo: { "@type": "GeoCoordinates", latitude: business.geo.lat, longitude: business.geo.lon },
    openingHoursSpecification: openingHours(model),
    ...(realText(business.text) ? { contactPoint: [textContactPoint(business.text!)] } : {}),
    areaServed: [
      ...countyNodes(model),
      ...allTowns(model).map((town): Node<City> => ({ "@type": "City", name: `${town.name}, ${STATE}` })),
    ],
    ...(social.length > 0 ? { sameAs: social } : {}),
    // No priceRange: the business publishes no prices (every job is quoted after a free
    // estimate), the property is optional, and a made-up range would be a false statement.
  };
}

export function websiteNode(model: SiteModel): Node<WebSite> {
  const { business } = model;
  return {
    "@type": "WebSite",
    "@id": websiteId(business.url),
    name: business.name,
    url: absoluteUrl(business.url, HOME_PATH),
    inLanguage: "en",
    publisher: businessRef(model),
  };
}

export function serviceNode(service: SiteService, model: SiteModel): Node<ServiceNode> {
  const { business } = model;
  const url = absoluteUrl(business.url, servicePath(service));
  return {
    "@type": "Service",
    "@id": `${url}#service`,
    name: service.name,
    serviceType: service.label,
    description: service.description,
    url,
    image: absoluteUrl(business.url, `/${socialImageFile({ kind: "service", service })}`),
    provider: businessRef(model),
    availableChannel: channels(model, url, business.phone, business.text),
    areaServed: [...countyNodes(model), ...service.servedTowns.map(cityNode)],
  };
}

/** A town page offers the contractor's excavation work in that one town. */
export function townServiceNode(town: SiteTown, model: SiteModel): Node<ServiceNode> {
  const { business } = model;
  const url = absoluteUrl(business.url, townPath(town));
  return {
    "@type": "Service",
    "@id": `${url}#service`,
    name: `Excavation Services in ${town.name}, ${STATE}`,
    serviceType: "Excavation",
    description: town.description,
    url,
    image: absoluteUrl(business.url, `/${socialImageFile({ kind: "town", town })}`),
    provider: businessRef(model),
    areaServed: cityNode(town),
    // Some town pages show their own number; the structured data names the one the page shows.
    availableChannel: channels(model, url, townPhone(business, town), business.text),
  };
}

export function faqPageNode(faqs: Faq[], pageUrl: string): Node<FAQPage> {
  return {
    "@type": "FAQPage",
    "@id": `${pageUrl}#faq`,
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

function breadcrumbNode(crumbs: Crumb[], siteUrl: string): Node<BreadcrumbList> {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/**
 * What the features that are on state of the business (features/), such as its logo or the days it
 * keeps other hours: properties of the business's node, by the place each goes (site/page.ts),
 * wherever a page states it.
 */
export type BusinessFacts = Readonly<Partial<Record<FactPlace, Readonly<Record<string, unknown>>>>>;

/** Where each place is among the business node's properties: right before its pictures, and right after its weekly hours. */
const FACT_PLACES: Record<FactPlace, (keys: string[]) => number> = {
  identity: (keys) => keys.indexOf("image"),
  hours: (keys) => keys.indexOf("openingHoursSpecification") + 1,
};

/** The business's node with the features' facts in their places; any other node as it is. */
function withFacts(node: Thing, facts: BusinessFacts): Thing {
  if (typeof node !== "object" || !("openingHoursSpecification" in node)) return node;
  let entries = Object.entries(node);
  for (const [place, placed] of Object.entries(facts) as [FactPlace, Readonly<Record<string, unknown>>][]) {
    const at = FACT_PLACES[place](entries.map(([key]) => key));
    entries = [...entries.slice(0, at), ...Object.entries(placed), ...entries.slice(at)];
  }
  return Object.fromEntries(entries) as Thing;
}

/** The page's graph, or undefined for pages that are not for search engines (the 404 page). */
export function structuredDataFor(route: Route, model: SiteModel, facts: BusinessFacts = {}): Graph | undefined {
  if (route.meta.noindex) return undefined;
  const siteUrl = model.business.url;
  const nodes: Thing[] = route.jsonLd(absoluteUrl(siteUrl, route.path)).map((node) => withFacts(node, facts));
  if (route.breadcrumbs.length > 0) nodes.push(breadcrumbNode(route.breadcrumbs, siteUrl));
  return nodes.length > 0 ? { "@context": "https://schema.org", "@graph": nodes } : undefined;
}

/** JSON for a <script> element: "<" is escaped so no text can close the element early. */
export function serializeJsonLd(data: Graph): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
