// What the privacy page says of the data: the business's name, address and numbers and the
// estimate form's hosts, and what the form provider's helper keeps in the browser. The page's "last
// updated" date is site.yaml's privacyUpdated, set when its words change.
import type { LeadFormEmbed } from "./lead-form.ts";
import type { SiteData } from "./schema.ts";

/** Everything of data/ the privacy page shows. */
export interface PrivacyFacts {
  business: string;
  address: string;
  phone: string;
  /** The number for texts, when there is one. */
  text?: string;
  /** The hosts the estimate form's frame and helper come from, in that order, each once. */
  formHosts: string[];
  /** What the provider's helper keeps in the browser's local storage on the site's origin. */
  formStorage: { key: string; holds: string }[];
  /** Where the pages send their counts (site.yaml's plausible), when the site counts. */
  counting?: { endpoint: string; host: string };
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

/** The facts from the checked site.yaml, and its estimate form as the model read it. */
export function privacyFacts(site: SiteData, read: LeadFormEmbed): PrivacyFacts {
  const { name, address, phones, plausible } = site;
  const formHosts = [...new Set([read.frameUrl, read.scriptUrl].map((address) => new URL(address).host))];
  return {
    business: name,
    address: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`,
    phone: phones.primary,
    formHosts,
    formStorage: providerStorage(Object.fromEntries(read.frameAttributes).id!),
    ...(phones.text === undefined ? {} : { text: phones.text }),
    ...(plausible ? { counting: { endpoint: plausible.endpoint, host: new URL(plausible.endpoint).host } } : {}),
  };
}
