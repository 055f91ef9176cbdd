import { nearestTowns, roughMiles } from "../../scripts/geo/distance.ts";
import { townPath } from "../../scripts/site/urls.ts";
import type { Town } from "../../scripts/data/schema.ts";

/** Links to the town pages closest to this town, nearest first, with the straight-line distance. */
export function NearbyTowns({ town, towns }: { town: Town; towns: readonly Town[] }) {
  const neighbours = nearestTowns(town, towns);
  if (neighbours.length === 0) return null;
  return (
    <nav className="side-links nearby-towns" aria-labelledby="nearby-towns-heading">
      <h2 id="nearby-towns-heading">Nearby towns</h2>
      <ul>
        {neighbours.map(({ town: other, miles }) => (
          <li key={other.slug}>
            <a href={townPath(other)}>Excavation in {other.name}</a>
            <span className="nearby-distance">{roughMiles(miles)} away</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
