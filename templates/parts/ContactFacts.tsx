import type { ReactElement } from "react";
import type { Business, Phone, TextLink } from "../../scripts/data/model.ts";

/** A number to reach the business by, as a large link: to call, or to text. */
function NumberFact({ term, number }: { term: string; number: Phone | TextLink }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        <a className="phone-link" href={number.href}>
          {number.display}
        </a>
      </dd>
    </div>
  );
}

/**
 * Phone (and the number for texts), address and opening hours, with what a feature says under the
 * weekly hours (`hours`: the closed days coming up): the facts a visitor needs to reach the business.
 */
export function ContactFacts({ business, hours }: { business: Business; hours?: ReactElement | undefined }) {
  const { address } = business;
  return (
    <dl className="contact-facts">
      <NumberFact term="Phone" number={business.phone} />
      {business.text ? <NumberFact term="Text" number={business.text} /> : null}
      <div>
        <dt>Address</dt>
        <dd>
          <address>
            {address.street}
            <br />
            {address.city}, {address.region} {address.postalCode}
          </address>
        </dd>
      </div>
      <div>
        <dt>Hours</dt>
        <dd>
          <ul className="hours">
            {business.hours.map((hours) => (
              <li key={hours.dayRange}>
                {hours.dayRange}: {hours.timeRange}
              </li>
            ))}
            {business.closedDays.length > 0 ? <li>{business.closedDays.join(", ")}: closed</li> : null}
          </ul>
          {hours}
          {business.emergencyNote ? <p className="emergency-note">{business.emergencyNote}</p> : null}
        </dd>
      </div>
    </dl>
  );
}
