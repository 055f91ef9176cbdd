import { joinList, type Business, type SiteModel } from "../../scripts/data/model.ts";
import { CONTACT_PATH, SERVICE_AREA_MAP_PATH, townPath, TOWNS_PATH } from "../../scripts/site/urls.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { Layout } from "../Layout.tsx";
import { ContactSection } from "../parts/ContactSection.tsx";
import { FaqList } from "../parts/FaqList.tsx";
import { Icon } from "../parts/Icon.tsx";
import type { ServiceAreaMapData } from "../../scripts/map/service-area.ts";
import { ServiceAreaMapPicture } from "../parts/ServiceAreaMap.tsx";
import { ServiceCard } from "../parts/ServiceCard.tsx";
import { TownLinks } from "../parts/TownLinks.tsx";
import { EstimateButtons } from "../parts/EstimateButtons.tsx";
import { PageTop } from "../parts/PageTop.tsx";
import { Section } from "../parts/Section.tsx";

/** The claims under the hero: the owner's (site.yaml), then the estimate's time, site.yaml's one promise. */
function promises(business: Business) {
  return [...business.claims, { icon: "clock", text: `Estimate ${business.estimatePromise} of an online request` }];
}

export function HomePage({ shell, model, map }: { shell: PageShell; model: SiteModel; map: ServiceAreaMapData }) {
  const { business } = model;
  return (
    <Layout shell={shell}>
      <PageTop kind="hero" hero={shell.hero} labelledBy="hero-heading">
        <p className="eyebrow">
          {business.address.city}, {business.address.region} · Central Illinois
        </p>
        <h1 id="hero-heading">Excavation, drainage and site work, locally owned and operated</h1>
        <p className="lead">
          {business.name} digs, grades, drains and hauls for homeowners, farms and builders across{" "}
          {joinList(business.counties)} counties.
        </p>
        <EstimateButtons
          href={CONTACT_PATH}
          label="Get a Free Estimate"
          phone={business.phone}
          tone="ghost"
          large
          phoneIcon
          text={business.text}
        />
        <ul className="promises">
          {promises(business).map((promise) => (
            <li key={promise.text}>
              <Icon name={promise.icon} size={22} />
              {promise.text}
            </li>
          ))}
        </ul>
      </PageTop>

      <Section labelledBy="services-heading">
        <h2 id="services-heading">Excavation services</h2>
        <p className="section-intro">
          From a single French drain to preparing a building site: choose a service to see what the work involves.
        </p>
        <ul className="card-grid">
          {model.services.map((service) => (
            <ServiceCard key={service.key} service={service} headingLevel="h3" />
          ))}
        </ul>
      </Section>

      {/* Right after what we do, what customers say of it (the reviews feature's section, when site.yaml
          has reviews). The map below is a picture so that three of the longest fit the page's first
          round trip. */}
      {shell.sections?.voices}

      {/* Then what the crew did lately (the jobs feature's section, when jobs.yaml has jobs). */}
      {shell.sections?.work}

      <Section variant="section-tinted" labelledBy="towns-heading">
        <h2 id="towns-heading">Towns we serve</h2>
        <p className="section-intro">
          Based in {business.address.city}, we work across Central Illinois. Find your town, or{" "}
          <a href={TOWNS_PATH}>see the whole service area</a>.
        </p>
        <ServiceAreaMapPicture map={map} src={SERVICE_AREA_MAP_PATH} href={TOWNS_PATH} />
        <TownLinks towns={model.towns} label="Towns we serve" />
        {model.alsoServing.length > 0 ? (
          <div className="also-serving">
            <h3 className="also-serving-heading">Also serving</h3>
            <ul className="area-list">
              {model.alsoServing.map((town) => (
                <li key={town.slug}>
                  <a href={townPath(town)}>{town.name}</a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Section>

      <Section inner="narrow">
        <FaqList id="faq-heading" heading="Frequently asked questions" faqs={model.homeFaqs} />
      </Section>

      <ContactSection business={business} hours={shell.sections?.hours} />
    </Layout>
  );
}
