import type { SiteModel } from "../../scripts/data/model.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { Layout } from "../Layout.tsx";
import { EstimateButtons } from "../parts/EstimateButtons.tsx";
import { HOME_PATH, SERVICES_PATH, TOWNS_PATH } from "../../scripts/site/urls.ts";
import { Section } from "../parts/Section.tsx";

export function NotFoundPage({ shell, model }: { shell: PageShell; model: SiteModel }) {
  const { business } = model;
  return (
    <Layout shell={shell} notFound>
      <Section variant="not-found" inner="narrow">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>
          <span className="visually-hidden">404: </span>Oops! Page not found
        </h1>
        <p className="lead">
          The page you are looking for is not here. It may have moved, or the address may have a typo.
        </p>
        <EstimateButtons href={HOME_PATH} label="Return to Home" phone={business.phone} text={business.text} />
        <p>
          You can also browse <a href={SERVICES_PATH}>our services</a> or <a href={TOWNS_PATH}>the towns we serve</a>.
        </p>
      </Section>
    </Layout>
  );
}
