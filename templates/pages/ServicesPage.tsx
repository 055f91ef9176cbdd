import type { SiteModel } from "../../scripts/data/model.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { Layout } from "../Layout.tsx";
import { CallToAction } from "../parts/CallToAction.tsx";
import { ServiceCard } from "../parts/ServiceCard.tsx";
import { PageTop } from "../parts/PageTop.tsx";
import { Section } from "../parts/Section.tsx";

export function ServicesPage({ shell, model }: { shell: PageShell; model: SiteModel }) {
  return (
    <Layout shell={shell}>
      <PageTop kind="page-head">
        <h1>Our Services</h1>
        <p className="lead">
          We handle the dirt work that comes before, under and around everything else: drainage that keeps water moving,
          ground prepared for buildings, and the roads and ponds that make rural property work. Every job starts with a
          free, no-obligation estimate.
        </p>
      </PageTop>
      <Section>
        <ul className="card-grid">
          {model.services.map((service) => (
            <ServiceCard key={service.key} service={service} headingLevel="h2" />
          ))}
        </ul>
      </Section>
      <CallToAction
        heading="Not sure which service you need?"
        text="Describe the problem or the project in the estimate form: you need not know what the work is called."
        buttonLabel="Get a Free Estimate"
        phone={model.business.phone}
        textLink={model.business.text}
      />
    </Layout>
  );
}
