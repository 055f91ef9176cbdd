import type { SiteModel } from "../../scripts/data/model.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { Layout } from "../Layout.tsx";
import { ContactFacts } from "../parts/ContactFacts.tsx";
import { EstimateButtons } from "../parts/EstimateButtons.tsx";
import { HOME_PATH } from "../../scripts/site/urls.ts";
import { Section } from "../parts/Section.tsx";

/**
 * What a page not yet kept on the visitor's phone shows when there is no network (the service
 * worker sends it): how to reach the business without one, and that the pages opened before
 * still open.
 */
export function OfflinePage({ shell, model }: { shell: PageShell; model: SiteModel }) {
  const { business } = model;
  return (
    <Layout shell={shell}>
      <Section inner="narrow">
        <h1>You are offline</h1>
        <p className="lead">
          This page has not been saved on this device yet, and there is no connection to load it. A call or a text still
          gets through on one bar of signal.
        </p>
        <EstimateButtons href={HOME_PATH} label="Home page" phone={business.phone} text={business.text} phoneIcon />
        <ContactFacts business={business} hours={shell.sections?.hours} />
        <p>
          The pages you have opened before, the home page and the estimate page open without a connection. Try this page
          again when you have signal.
        </p>
      </Section>
    </Layout>
  );
}
