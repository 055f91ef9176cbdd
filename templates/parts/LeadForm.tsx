import type { Business } from "../../scripts/data/model.ts";

/** The form's place on the contact page: the call bar's estimate link points here. */
export const LEAD_FORM_ID = "estimate-form";

/**
 * The provider's estimate form, embedded as its own snippet embeds it (data/lead-form.ts): the
 * frame with its id and data-* attributes, then the provider's helper script. Both are in the
 * page's HTML, so the helper finds the frame when it runs and has run before the page's load
 * event, as with the provider's own tag; `defer` keeps it from holding up the rest of the page.
 * The frame's height attribute is the dashboard's data-height, and its box keeps that height too
 * (pages/assets.ts dataStyles): the helper takes the frame out of the page while it adopts it, and
 * nothing below moves. The phone number stays right above it.
 */
export function LeadForm({ business }: { business: Business }) {
  const { phone } = business;
  return (
    <div className="lead-form" id={LEAD_FORM_ID}>
      <p className="lead-form-note">
        If the form below does not load, call us at <a href={phone.href}>{phone.display}</a> and we will take your
        details by phone.
      </p>
      <LeadFormEmbed business={business} />
    </div>
  );
}

/**
 * The frame and the helper in their box: what a kept copy of the page shown offline goes without
 * (browser/service-worker.ts), so that no browser error fills the frame.
 */
export function LeadFormEmbed({ business: { leadForm } }: { business: Pick<Business, "leadForm"> }) {
  return (
    <div className="lead-form-frame">
      <iframe
        src={leadForm.frameUrl}
        title={leadForm.title}
        width="600"
        height={leadForm.height}
        {...Object.fromEntries(leadForm.frameAttributes)}
      />
      <script src={leadForm.scriptUrl} defer />
    </div>
  );
}
