import type { Business } from "../../scripts/data/model.ts";

export const LEAD_FORM_HEIGHT = 916;
/** The form's place on the contact page: the call bar's estimate link points here. */
export const LEAD_FORM_ID = "estimate-form";

/**
 * The provider's estimate form. Its box reserves the frame's 916 px, so nothing moves whether the
 * frame loads or not, and the phone number stays right above it.
 */
export function LeadForm({ business }: { business: Business }) {
  const { leadForm, phone } = business;
  const frame = (
    <iframe src={leadForm.frameUrl} title={leadForm.title} width="600" height={LEAD_FORM_HEIGHT} loading="lazy" />
  );
  return (
    <div className="lead-form" id={LEAD_FORM_ID}>
      <p className="lead-form-note">
        If the form below does not load, call us at <a href={phone.href}>{phone.display}</a> and we will take your
        details by phone.
      </p>
      {/* The frame and the provider's helper script wait in an inert <template> until the page has
          loaded (scripts/browser/site.ts): on a slow connection the provider's page and script
          never compete with this page's first paint. Inserted by script, the helper runs
          asynchronously; the form in the frame works without it. Without JavaScript, the
          <noscript> copy of the frame loads as soon as it is laid out. */}
      <div className="lead-form-frame">
        <template data-after-load="">
          {frame}
          <script src={leadForm.scriptUrl} />
        </template>
        <noscript>{frame}</noscript>
      </div>
    </div>
  );
}
