import type { Business, Phone, TextLink } from "../../scripts/data/model.ts";
import { EstimateButtons } from "./EstimateButtons.tsx";
import { CONTACT_SECTION_HREF } from "../../scripts/site/urls.ts";
import { Band } from "./Section.tsx";

/**
 * The closing band's invitation to tell us about `what`: a free estimate, within the owner's promise
 * of a request sent by the form, since the band's call and text buttons come with no such promise.
 */
export function estimateInvitation(business: Pick<Business, "estimatePromise">, what: string): string {
  return `Tell us about ${what} in our estimate form and you will have a free, no-obligation estimate ${business.estimatePromise} of sending it.`;
}

/** The closing band of a page: a button to the estimate form, the phone number and the number for texts. */
export function CallToAction({
  heading,
  text,
  buttonLabel,
  phone,
  textLink,
  children,
}: {
  heading: string;
  text: string;
  buttonLabel: string;
  phone: Phone;
  /** The number for texts (business.text), for a "Text us" button beside the call button. */
  textLink: TextLink | undefined;
  children?: React.ReactNode;
}) {
  return (
    <Band className="cta-band" labelledBy="cta-heading">
      <h2 id="cta-heading">{heading}</h2>
      <p>{text}</p>
      <EstimateButtons href={CONTACT_SECTION_HREF} label={buttonLabel} phone={phone} text={textLink} tone="ghost" />
      {children}
    </Band>
  );
}
