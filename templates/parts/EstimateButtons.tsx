import type { ReactNode } from "react";
import type { Phone, TextLink } from "../../scripts/data/model.ts";
import { Icon } from "./Icon.tsx";
import { TextUsLink } from "./TextUsLink.tsx";

/**
 * The row of two buttons that closes most sections: the way to the estimate form (or another
 * page) in the accent colour, and the phone number to call. `tone` suits the background: outline
 * on light sections, ghost on dark ones. Wherever the call button is, a "Text us" button follows
 * it, in its style, when site.yaml names a number for texts: `text` is required, so no page can
 * leave it out.
 */
export function EstimateButtons({
  href,
  label,
  phone,
  callLabel,
  tone = "outline",
  large = false,
  phoneIcon = false,
  text,
}: {
  href: string;
  label: ReactNode;
  phone: Phone;
  /** What the call button says; "Call (217) 555-0142" unless given. */
  callLabel?: ReactNode;
  tone?: "outline" | "ghost";
  large?: boolean;
  phoneIcon?: boolean;
  /** The number for texts (business.text); undefined when site.yaml names none. */
  text: TextLink | undefined;
}) {
  const size = large ? " button-large" : "";
  return (
    <div className="button-row">
      <a className={`button button-accent${size}`} href={href}>
        {label}
      </a>
      <a className={`button button-${tone}${size}`} href={phone.href}>
        {phoneIcon ? <Icon name="phone" size={20} /> : null}
        {callLabel ?? <>Call {phone.display}</>}
      </a>
      {text ? <TextUsLink text={text} className={`button button-${tone}${size}`} /> : null}
    </div>
  );
}
