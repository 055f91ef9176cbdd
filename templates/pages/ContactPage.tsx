import type { SiteModel } from "../../scripts/data/model.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { Layout } from "../Layout.tsx";
import { ContactFacts } from "../parts/ContactFacts.tsx";
import { LEAD_FORM_ID, LeadForm } from "../parts/LeadForm.tsx";
import { PageTop } from "../parts/PageTop.tsx";
import { Section } from "../parts/Section.tsx";

export function ContactPage({ shell, model }: { shell: PageShell; model: SiteModel }) {
  const { business } = model;
  return (
    <Layout shell={shell} estimateHref={`#${LEAD_FORM_ID}`}>
      <PageTop kind="page-head">
        <h1>Get Your Free Estimate</h1>
        <p className="lead">
          Proudly serving Mattoon, Charleston, Effingham and all of Central Illinois. Send the form and we will reply
          with a free, no-obligation estimate {business.estimatePromise}.
        </p>
      </PageTop>
      <Section inner="contact-layout">
        <LeadForm business={business} />
        <aside className="contact-aside" aria-labelledby="call-heading">
          <h2 id="call-heading">Rather talk it through?</h2>
          <p>
            Call <a href={business.phone.href}>{business.phone.display}</a> during the hours below.
          </p>
          {business.text ? (
            <p>
              Or <a href={business.text.href}>text us at {business.text.display}</a> with the address, the job and a
              photo.
            </p>
          ) : null}
          <ContactFacts business={business} hours={shell.sections?.hours} />
        </aside>
      </Section>
      {shell.sections?.voices}
    </Layout>
  );
}
