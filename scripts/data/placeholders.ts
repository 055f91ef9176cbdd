// What a placeholder is, defined once: a value the shipped data holds in place of the owner's own
// (the street "100 Example Street", the numbers of the 555-01xx range, the example social links,
// the .example address, the example form and the example editor repository). `sitegen check` lists
// every one still there; a build for a host, or one told `--production`, refuses them
// (pipeline/generate.ts); any other build on this computer shows them with a band that says so
// (templates/Layout.tsx); the JSON-LD never states one (seo/structured-data.ts). Pure: the checked
// site.yaml in, the places and what goes there out.
import type { PathKey } from "./problems.ts";

/**
 * An address no one can own or that points at no one: on an example host (RFC 2606's example TLD,
 * example.com and the like), with an "example" part in its path (facebook.com/example, a form
 * example-form-id), or with a "your-…" part such as the guide's your-review-link. As a pattern's
 * source, so that the schema (schema.ts) refuses it where a placeholder is never allowed.
 */
export const PLACEHOLDER_ADDRESS = String.raw`https://(?:[^/?#]+\.)?example(?:\.[a-z]+)?(?:[/:?#]|$)|https://[^?#]*/(?:your-|example(?:[-/?#]|$))`;

const PLACEHOLDER_ADDRESS_PATTERN = new RegExp(`^(?:${PLACEHOLDER_ADDRESS})`, "i");

/** Whether an https address is a placeholder (PLACEHOLDER_ADDRESS). */
export function isPlaceholderAddress(address: string): boolean {
  return PLACEHOLDER_ADDRESS_PATTERN.test(address);
}

/**
 * Whether a US number is in 555-0100 to 555-0199, the numbers the North American Numbering Plan
 * keeps for fiction: they reach no one.
 */
export function isPlaceholderPhone(display: string): boolean {
  return /55501\d\d$/.test(display.replace(/\D/g, ""));
}

/** A word "example" in a street or a repository's name: "100 Example Street", "example-owner/site". */
const EXAMPLE_WORD = /\bexample\b/i;

export const isPlaceholderStreet = (street: string): boolean => EXAMPLE_WORD.test(street);

export const isPlaceholderRepository = (repository: string): boolean => EXAMPLE_WORD.test(repository);

/** Of site.yaml, what the placeholders can stand in: the fields each rule reads. */
export interface PlaceholderFields {
  url: string;
  phones: { primary: string; secondary: string; text?: string | undefined };
  address: { street: string; city: string };
  social: readonly { name: string; url: string }[];
  leadForm: { embed: { frameUrl: string } };
  editor: { repository: string };
}

/** A placeholder still in site.yaml: where, the value, and what goes there instead. */
export interface Placeholder {
  keys: PathKey[];
  value: string;
  /** What the owner puts there, in the owner's words. */
  replaceWith: string;
  /** What it is, as the band of a local build names it: "the main phone number (217) 555-0142". */
  what: string;
}

/** Every placeholder in site.yaml, in the file's order. */
export function placeholdersIn(site: PlaceholderFields): Placeholder[] {
  const found: Placeholder[] = [];
  const add = (is: boolean, keys: PathKey[], value: string, what: string, replaceWith: string) => {
    if (is) found.push({ keys, value, what, replaceWith });
  };
  add(
    isPlaceholderAddress(site.url),
    ["url"],
    site.url,
    "the site's address",
    "the site's address on its own domain: https://, then the domain, with no slash at the end",
  );
  add(
    isPlaceholderPhone(site.phones.primary),
    ["phones", "primary"],
    site.phones.primary,
    `the main phone number ${site.phones.primary}`,
    "the business's main phone number, which every page shows",
  );
  add(
    isPlaceholderPhone(site.phones.secondary),
    ["phones", "secondary"],
    site.phones.secondary,
    `the second phone number ${site.phones.secondary}`,
    "the second line's number, which the town pages marked ctaPhone: secondary show (the main number again, and no ctaPhone in towns.yaml, if there is no second line)",
  );
  const text = site.phones.text;
  if (text !== undefined)
    add(
      isPlaceholderPhone(text),
      ["phones", "text"],
      text,
      `the number for texts ${text}`,
      "a mobile number that receives texts, or no text line at all, so that no page offers texting",
    );
  add(
    isPlaceholderStreet(site.address.street),
    ["address", "street"],
    site.address.street,
    `the street ${site.address.street}`,
    `the street and number of the business's address in ${site.address.city}`,
  );
  site.social.forEach((link, i) =>
    add(
      isPlaceholderAddress(link.url),
      ["social", i, "url"],
      link.url,
      `the ${link.name} link`,
      `the address of the business's own ${link.name} page, or no ${link.name} entry at all`,
    ),
  );
  add(
    isPlaceholderAddress(site.leadForm.embed.frameUrl),
    ["leadForm", "embed"],
    site.leadForm.embed.frameUrl,
    "the estimate form",
    "the embed code of the business's own form, from the provider's dashboard (Sites, Forms, Integrate)",
  );
  add(
    isPlaceholderRepository(site.editor.repository),
    ["editor", "repository"],
    site.editor.repository,
    "the editor's repository",
    "the GitHub repository that holds the site's files, as owner/name",
  );
  return found;
}
