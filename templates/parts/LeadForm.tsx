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
      <iframe src={leadForm.frameUrl} title={leadForm.title} width="600" height={LEAD_FORM_HEIGHT} />
      <script src={leadForm.scriptUrl} async />
    </div>
  );
}
