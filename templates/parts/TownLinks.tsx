import type { Town } from "../../scripts/data/schema.ts";
import { townPath } from "../../scripts/site/urls.ts";

/** A grid of links to town pages, each with its county. */
export function TownLinks({ towns, label }: { towns: Town[]; label: string }) {
  return (
    <ul className="town-grid" aria-label={label}>
      {towns.map((town) => (
        <li key={town.slug}>
          <a href={townPath(town)}>
            <span className="town-name">{town.name}</span>
            <span className="town-county">{town.county} County</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
