import type { Town } from "../../scripts/data/schema.ts";

const numberFormat = new Intl.NumberFormat("en-US");

/** The About {town} block: local facts, or a plain note when none are recorded yet. */
export function TownFacts({ town }: { town: Town }) {
  const { facts } = town;
  return (
    <section className="box town-facts" aria-labelledby="about-town-heading">
      <h2 id="about-town-heading">About {town.name}</h2>
      {facts ? (
        <>
          <dl className="facts-list">
            <div>
              <dt>Population (2020 census)</dt>
              <dd>{numberFormat.format(facts.population)}</dd>
            </div>
            <div>
              <dt>
                {facts.foundedAs === "founded"
                  ? "Founded"
                  : `${facts.foundedAs[0]?.toUpperCase()}${facts.foundedAs.slice(1)}`}
              </dt>
              <dd>{facts.founded}</dd>
            </div>
            <div>
              <dt>County</dt>
              <dd>{town.county} County</dd>
            </div>
          </dl>
          <p>{facts.unique}</p>
        </>
      ) : (
        <p>More info coming soon.</p>
      )}
    </section>
  );
}
