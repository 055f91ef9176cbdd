import { distanceFromYard } from "../../scripts/geo/distance.ts";
import {
  allTowns,
  secondLineSentence,
  serviceAreaSentence,
  servicesIn,
  townPhone,
  type SiteModel,
} from "../../scripts/data/model.ts";
import type { SiteTown } from "../../scripts/data/site-rows.ts";
import { CONTACT_SECTION_HREF, servicePath } from "../../scripts/site/urls.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { Layout } from "../Layout.tsx";
import { FaqList } from "../parts/FaqList.tsx";
import { Highlights } from "../parts/Highlights.tsx";
import { Icon } from "../parts/Icon.tsx";
import { NearbyTowns } from "../parts/NearbyTowns.tsx";
import { TownFacts } from "../parts/TownFacts.tsx";
import { EstimateButtons } from "../parts/EstimateButtons.tsx";
import { Gallery } from "../parts/Gallery.tsx";
import { PageTop } from "../parts/PageTop.tsx";
import { galleryOf } from "../../scripts/site/photos.ts";
import { Section } from "../parts/Section.tsx";

export function TownPage({ shell, model, town }: { shell: PageShell; model: SiteModel; town: SiteTown }) {
  const phone = townPhone(model.business, town);
  const secondLine = secondLineSentence(model, town);
  return (
    <Layout shell={shell} callPhone={phone}>
      <PageTop kind="page-head" hero={shell.hero}>
        <p className="eyebrow">
          <Icon name="map-pin" size={18} />
          {town.name}, IL
        </p>
        <h1>Excavation Services in {town.name}</h1>
        <p className="lead">{town.description}</p>
        <p className="town-distance">
          {distanceFromYard(town, model.business.geo, model.business.address.city)}{" "}
          {serviceAreaSentence(model.business, town)}
        </p>
        <EstimateButtons
          href={CONTACT_SECTION_HREF}
          label="Get a Free Estimate"
          phone={phone}
          phoneIcon
          text={model.business.text}
          callLabel={
            <>
              Call {town.name} Team
              <span className="visually-hidden"> at {phone.display}</span>
            </>
          }
        />
        {secondLine ? <p className="small">{secondLine}</p> : null}
      </PageTop>

      <Section>
        <Highlights items={town.highlights} label={`${town.name} at a glance`} />
      </Section>

      <Section variant="section-flush" inner="prose-grid">
        <div className="prose">
          <h2>Excavation work in {town.name}</h2>
          {town.body.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
          <FaqList id="town-faq-heading" heading={`${town.name} excavation questions`} faqs={town.faqs} />
        </div>
        <div className="side-column">
          <TownFacts town={town} />
          <NearbyTowns town={town} towns={allTowns(model)} />
          <nav className="side-links" aria-labelledby="town-services-heading">
            <h2 id="town-services-heading">Services in {town.name}</h2>
            <ul className="compact-list">
              {servicesIn(model, town).map((service) => (
                <li key={service.key}>
                  <a href={servicePath(service)}>{service.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </Section>
      {shell.sections?.work}
      <Gallery photos={galleryOf(town)} heading={`Our work in and around ${town.name}`} />
      {shell.sections?.voices}
    </Layout>
  );
}
