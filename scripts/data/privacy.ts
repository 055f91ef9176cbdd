// What the privacy page says of the data: the business's name, address and numbers, the estimate
// form's provider and hosts, what the provider's helper keeps in the browser, and the host the
// build is for. What it says of an optional feature that is on, the feature says (features/). The
// page's "last updated" date is site.yaml's privacyUpdated, set when its words change
// (features/counting/data/privacy-date.ts holds it to the day counting was turned on).
import { FORM_PROVIDER, type LeadFormEmbed } from "./lead-form.ts";
import type { SiteData } from "./schema.ts";

/** The static host a build is for, as /privacy names it: its name and its own privacy policy. */
export interface ServedBy {
  name: string;
  privacyPolicy: string;
}

/** Everything of data/ the privacy page shows. */
export interface PrivacyFacts {
  business: string;
  address: string;
  phone: string;
  /** The second line's number, which the pages of some towns show, when it is not the main one. */
  secondPhone?: string;
  /** The number for texts, when there is one. */
  text?: string;
  /** Whose the estimate form is (lead-form.ts). */
  formProvider: typeof FORM_PROVIDER;
  /** The hosts the estimate form's frame and helper come from, in that order, each once. */
  formHosts: string[];
  /** What the provider's helper keeps in the browser's local storage on the site's origin. */
  formStorage: { key: string; holds: string }[];
  /**
   * The static host the build is for (pipeline/generate.ts); none for a build the local server or
   * nginx serves, whose server the build cannot name.
   */
  servedBy?: ServedBy;
}

/**
 * What the form provider's helper script (form_embed.js) keeps in the site's local storage, as
 * dated copies of it show (2023 to 2025): a record per form frame, by the frame's id, of how often
 * the browser has opened the form and whether it was sent, written on every visit; and, once the
 * form is sent, what the visitor typed, with no expiry.
 */
function providerStorage(frameId: string): PrivacyFacts["formStorage"] {
  return [
    { key: `embedded_iframe_${frameId}`, holds: "how many times this browser has opened the form, and whether it has sent it" },
    { key: "_ud", holds: "the name, e-mail address and phone number you sent" },
  ];
}

/**
 * The facts from the checked site.yaml, its estimate form as the model read it, and the host the
 * build is for, if any.
 */
export function privacyFacts(site: SiteData, read: LeadFormEmbed, servedBy?: ServedBy): PrivacyFacts {
  const { name, address, phones } = site;
  const formHosts = [...new Set([read.frameUrl, read.scriptUrl].map((address) => new URL(address).host))];
  return {
    business: name,
    address: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`,
    phone: phones.primary,
    ...(phones.secondary === phones.primary ? {} : { secondPhone: phones.secondary }),
    formProvider: FORM_PROVIDER,
    formHosts,
    formStorage: providerStorage(Object.fromEntries(read.frameAttributes).id!),
    ...(phones.text === undefined ? {} : { text: phones.text }),
    ...(servedBy ? { servedBy } : {}),
  };
}
