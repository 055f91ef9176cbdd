import type { Phone, TextLink } from "../../scripts/data/model.ts";
import { Icon } from "./Icon.tsx";
import { TextUsLink } from "./TextUsLink.tsx";

/**
 * The call within reach on phones: a bar fixed to the bottom of the screen wherever the header's
 * menu is collapsed (styles.css, "Call bar"), with the page's number and the way to an estimate.
 * Plain links, no script. On the contact page the estimate link goes to the form itself. Given the
 * number for texts, a Text link stands between the two (three targets: "call-bar-three").
 */
export function CallBar({ phone, estimateHref, text }: { phone: Phone; estimateHref: string; text?: TextLink }) {
  return (
    <nav className={text ? "call-bar call-bar-three" : "call-bar"} aria-label="Call or get an estimate">
      <a className="call-bar-call" href={phone.href}>
        <Icon name="phone" size={20} />
        Call<span className="visually-hidden"> {phone.display}</span>
      </a>
      {text ? <TextUsLink text={text} className="call-bar-call" short icon /> : null}
      <a className="call-bar-estimate" href={estimateHref}>
        Free Estimate
      </a>
    </nav>
  );
}
