import type { Phone } from "../../scripts/data/model.ts";
import { EstimateButtons } from "./EstimateButtons.tsx";

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
        <EstimateButtons href="/#contact" label={buttonLabel} phone={phone} tone="ghost" />
        {children}
      </div>
    </section>
  );
}
