import type { Phone } from "../../scripts/data/model.ts";
import { Icon } from "./Icon.tsx";

/**
 * The call within reach on phones: a bar fixed to the bottom of the screen wherever the header's
 * menu is collapsed (styles.css, "Call bar"), with the page's number and the way to an estimate.
 * Plain links, no script. On the contact page the estimate link goes to the form itself.
 */
export function CallBar({ phone, estimateHref }: { phone: Phone; estimateHref: string }) {
  return (
    <nav className="call-bar" aria-label="Call or get an estimate">
      <a className="call-bar-call" href={phone.href}>
        <Icon name="phone" size={20} />
        Call<span className="visually-hidden"> {phone.display}</span>
      </a>
      <a className="call-bar-estimate" href={estimateHref}>
        Free Estimate
      </a>
    </nav>
  );
}
