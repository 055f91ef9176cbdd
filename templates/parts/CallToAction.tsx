import type { Phone } from "../../scripts/data/model.ts";

/** The closing band of a page: a button to the estimate form and the phone number. */
export function CallToAction({
  heading,
  text,
  buttonLabel,
  phone,
  children,
}: {
  heading: string;
  text: string;
  buttonLabel: string;
  phone: Phone;
  children?: React.ReactNode;
}) {
  return (
    <section className="cta-band" aria-labelledby="cta-heading">
      <div className="container">
        <h2 id="cta-heading">{heading}</h2>
        <p>{text}</p>
        <div className="button-row">
          <a className="button button-accent" href="/#contact">
            {buttonLabel}
          </a>
          <a className="button button-ghost" href={phone.href}>
            Call {phone.display}
          </a>
        </div>
        {children}
      </div>
    </section>
  );
}
