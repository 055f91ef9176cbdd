import { joinList, otherServices, townsByArea, type SiteModel } from "../../scripts/data/model.ts";
import type { SiteService } from "../../scripts/data/site-rows.ts";
import { CONTACT_SECTION_HREF, servicePath, SERVICES_PATH, townPath } from "../../scripts/site/urls.ts";
import type { Town } from "../../scripts/data/schema.ts";
import type { PageShell } from "../../scripts/site/page.ts";
import { Layout } from "../Layout.tsx";
import { CallToAction, estimateInvitation } from "../parts/CallToAction.tsx";
import { Highlights } from "../parts/Highlights.tsx";
import { Icon } from "../parts/Icon.tsx";
import { EstimateButtons } from "../parts/EstimateButtons.tsx";
import { Gallery } from "../parts/Gallery.tsx";
import { PageTop } from "../parts/PageTop.tsx";
import { galleryOf } from "../../scripts/site/photos.ts";
import { Section } from "../parts/Section.tsx";

export function ServicePage({ shell, model, service }: { shell: PageShell; model: SiteModel; service: SiteService }) {
  const { business } = model;
  const area = townsByArea(business, service.servedTowns);
  const quote = `Get a Free ${service.label} Quote`;
  return (
    <Layout shell={shell}>
      <PageTop kind="page-head" hero={shell.hero}>
        <div className="title-with-icon">
          <Icon name={service.icon} size={40} className="icon title-icon" />
          <h1>{service.name}</h1>
        </div>
        <p className="lead">{service.summary}</p>
        <EstimateButtons href={CONTACT_SECTION_HREF} label={quote} phone={business.phone} text={business.text} />
      </PageTop>

      <Section>
        <Highlights items={service.highlights} label={`${service.name} at a glance`} />
      </Section>

      <Section variant="section-flush" inner="prose-grid">
        <div className="prose">
          <h2>{service.intro.heading}</h2>
          {service.intro.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}

          <aside className="box box-why" aria-labelledby="why-heading">
            <h2 id="why-heading">{service.why.heading}</h2>
            <p>{service.why.text}</p>
          </aside>

          <h2>{service.offerings.heading}</h2>
          <ul className="offerings">
            {service.offerings.items.map((item) => (
              <li key={item.name}>
                <Icon name="circle-check" size={22} />
                <div>
                  <strong>{item.name}.</strong> {item.text}
                </div>
              </li>
            ))}
          </ul>

          <aside className="box box-tip" aria-labelledby="tip-heading">
            <h2 id="tip-heading">
              <Icon name="lightbulb" size={22} />
              {service.tip.heading}
            </h2>
            <p>{service.tip.text}</p>
          </aside>

          <h2>Service area</h2>
          <p>
            We offer it throughout {joinList(business.counties)} counties
            {area.inArea.length > 0 ? ", including:" : "."}
          </p>
          <TownList towns={area.inArea} />
          {area.beyond.length > 0 ? (
            <>
              <p>Beyond those counties, we take on projects in:</p>
              <TownList towns={area.beyond} />
            </>
          ) : null}
        </div>

        <nav className="side-links" aria-labelledby="other-services-heading">
          <h2 id="other-services-heading">Other services</h2>
          <ul>
            {otherServices(model.services, service.key).map((other) => (
              <li key={other.key}>
                <a href={servicePath(other)}>
                  <Icon name={other.icon} size={22} />
                  {other.name}
                </a>
              </li>
            ))}
          </ul>
          <a href={SERVICES_PATH}>All services</a>
        </nav>
      </Section>

      {shell.sections?.work}
      <Gallery photos={galleryOf(service)} heading={`${service.name}: photos of our work`} />
      {shell.sections?.voices}

      <CallToAction
        heading="Have a job in mind?"
        text={estimateInvitation(business, "the job")}
        buttonLabel={quote}
        phone={business.phone}
        textLink={business.text}
      >
        <p className="small">
          Questions first? <a href={CONTACT_SECTION_HREF}>Contact us</a>.
        </p>
      </CallToAction>
    </Layout>
  );
}

/** Links to town pages, as a list of places. */
function TownList({ towns }: { towns: readonly Town[] }) {
  return towns.length > 0 ? (
    <ul className="area-list">
      {towns.map((town) => (
        <li key={town.slug}>
          <a href={townPath(town)}>{town.name}</a>
        </li>
      ))}
    </ul>
  ) : null;
}
