import type { ReactElement } from "react";
import type { Business } from "../../scripts/data/model.ts";
import { ContactFacts } from "./ContactFacts.tsx";
import { EstimateButtons } from "./EstimateButtons.tsx";
import { CONTACT_PATH } from "../../scripts/site/urls.ts";
import { Section } from "../parts/Section.tsx";

/** The home page's contact section, the target of every /#contact link. */
export function ContactSection({ business, hours }: { business: Business; hours?: ReactElement | undefined }) {
  return (
    <Section id="contact" variant="contact-section" inner="contact-grid" labelledBy="contact-heading">
      <div>
        <h2 id="contact-heading">Get a Free Estimate</h2>
        <p>
          Tell us about your project in the online form and you will have a free, no-obligation estimate{" "}
          {business.estimatePromise} of sending it.
        </p>
        <EstimateButtons
          href={CONTACT_PATH}
          label="Request an Estimate Online"
          phone={business.phone}
          text={business.text}
        />
        <p className="small">
          If the online form does not load for you, call us at{" "}
          <a href={business.phone.href}>{business.phone.display}</a> during business hours.
        </p>
      </div>
      <ContactFacts business={business} hours={hours} />
    </Section>
  );
}
