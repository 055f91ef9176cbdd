import type { ReactElement } from "react";
import type { Business } from "../../scripts/data/model.ts";
import { CONTACT_PATH, PRIVACY_PATH, SERVICES_PATH, TOWNS_PATH } from "../../scripts/site/urls.ts";
import { ContactFacts } from "./ContactFacts.tsx";

export function Footer({
  business,
  year,
  hours,
}: {
  business: Business;
  year: number;
  hours?: ReactElement | undefined;
}) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-name">{business.name}</p>
          <p>
            {business.claims.map((claim) => `${claim.text}. `).join("")}Serving Central Illinois from{" "}
            {business.address.city}.
          </p>
          <ul className="footer-links">
            <li>
              <a href={SERVICES_PATH}>Services</a>
            </li>
            <li>
              <a href={TOWNS_PATH}>Service Area</a>
            </li>
            <li>
              <a href={CONTACT_PATH}>Free Estimate</a>
            </li>
            <li>
              <a href={PRIVACY_PATH}>Privacy</a>
            </li>
          </ul>
        </div>
        <ContactFacts business={business} hours={hours} />
      </div>
      <div className="container footer-bottom">
        <p>
          © <span data-current-year="">{year}</span> {business.name}. Serving Central Illinois.
        </p>
        {business.social.length > 0 ? (
          <ul className="social-links">
            {business.social.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
