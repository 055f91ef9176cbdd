import { joinList, type SiteModel } from "../../scripts/data/model.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { Layout } from "../Layout.tsx";
import { CallToAction } from "../parts/CallToAction.tsx";
import type { ServiceAreaMapData } from "../../scripts/map/service-area.ts";
import { ServiceAreaMap } from "../parts/ServiceAreaMap.tsx";
import { TownLinks } from "../parts/TownLinks.tsx";
import { PageTop } from "../parts/PageTop.tsx";
import { Section } from "../parts/Section.tsx";

export function TownsPage({ shell, model, map }: { shell: PageShell; model: SiteModel; map: ServiceAreaMapData }) {
  const { business } = model;
  return (
    <Layout shell={shell}>
      <PageTop kind="page-head">
        <h1>Central Illinois Excavation Service Area</h1>
        <p className="lead">
          Based in {business.address.city}, we serve {joinList(business.counties)} counties and take on projects in
          towns beyond them. Choose your town to see what we offer there.
        </p>
      </PageTop>
      <Section labelledBy="main-towns-heading">
        <h2 id="main-towns-heading">Towns we serve</h2>
        <ServiceAreaMap map={map} />
        <TownLinks towns={model.towns} label="Towns we serve" />
      </Section>
      {model.alsoServing.length > 0 ? (
        <Section variant="section-tinted" labelledBy="also-serving-heading">
          <h2 id="also-serving-heading">Also serving</h2>
          <p className="section-intro">
            Smaller communities and the farm country between them get the same free estimates.
          </p>
          <TownLinks towns={model.alsoServing} label="Also serving" />
        </Section>
      ) : null}
      <CallToAction
        heading="Don't see your town?"
        text="If your property is anywhere in Central Illinois, ask us whether we can take the job."
        buttonLabel="Get a Free Estimate"
        phone={business.phone}
        textLink={business.text}
      />
    </Layout>
  );
}
