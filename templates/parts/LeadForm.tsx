import type { Business } from "../../scripts/model.ts";

export const LEAD_FORM_HEIGHT = 916;

/**
 * The provider's estimate form. The stylesheet reserves its 916 px, so nothing moves whether
 * the frame loads or not, and the phone number stays right above it.
 */
export function LeadForm({ business }: { business: Business }) {
  const { leadForm, phone } = business;
  return (
    <div className="lead-form">
      <p className="lead-form-note">
        If the form below does not load, call us at <a href={phone.href}>{phone.display}</a> and
        we will take your details by phone.
      </p>
      {/* loading="lazy": the frame starts loading once the page has laid itself out (at once when
          it is near the screen), so the provider's page never delays this one's first paint. */}
      <iframe src={leadForm.frameUrl} title={leadForm.title} width="600" height={LEAD_FORM_HEIGHT} loading="lazy" />
      {/* The provider's helper script waits in an inert <template> until the page has loaded
          (scripts/browser/site.ts), so it never competes with the first paint; the form in the
          frame works without it. Inserted by script, it runs asynchronously. */}
      <template data-after-load="">
        <script src={leadForm.scriptUrl} />
      </template>
    </div>
  );
}
