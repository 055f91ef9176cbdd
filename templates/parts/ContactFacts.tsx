import type { Business } from "../../scripts/data/model.ts";

/** Phone, address and opening hours: the facts a visitor needs to reach the business. */
export function ContactFacts({ business }: { business: Business }) {
  const { address } = business;
  return (
    <dl className="contact-facts">
      <div>
        <dt>Phone</dt>
        <dd>
          <a className="phone-link" href={business.phone.href}>
            {business.phone.display}
          </a>
        </dd>
      </div>
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
        </dd>
      </div>
    </dl>
  );
}
