// Straight-line distances between points on the map, and the sentences town pages print about
// them. Pure functions: the coordinates come from data/site.yaml and data/towns.yaml.

/** Mean radius of the Earth in statute miles. */
const EARTH_RADIUS_MILES = 3958.8;

export interface LatLon {
  lat: number;
  lon: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles: as the crow flies, not by road. */
export function milesBetween(a: LatLon, b: LatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "about 11 miles", "about 1 mile", "less than a mile": whole miles, since the line is straight. */
export function roughMiles(miles: number): string {
  const whole = Math.round(miles);
  if (whole < 1) return "less than a mile";
  return `about ${whole} mile${whole === 1 ? "" : "s"}`;
}

/**
 * The distance sentence of a town page: "Charleston is about 10 miles from our Mattoon yard, in a
 * straight line." The yard's own town says so instead.
 */
export function distanceFromYard(town: { name: string; coordinates: LatLon }, yard: LatLon, yardCity: string): string {
  if (town.name === yardCity) return `Our ${yardCity} yard is right here in town.`;
  return `${town.name} is ${roughMiles(milesBetween(town.coordinates, yard))} from our ${yardCity} yard, in a straight line.`;
}

/**
 * True when `b` is certainly farther from `a` than `miles`, from their latitudes alone: a radian of
 * latitude is the Earth's radius along a meridian, and no path between them is shorter. The margin
 * covers the rounding of milesBetween(), so a town this skips is one it would never have kept.
 */
function alwaysFarther(a: LatLon, b: LatLon, miles: number): boolean {
  return EARTH_RADIUS_MILES * Math.abs(radians(b.lat - a.lat)) > miles * (1 + 1e-9) + 1e-9;
}

export interface Neighbour<T> {
  town: T;
  miles: number;
}

/**
 * The `count` towns closest to `town` in a straight line, nearest first; a tie keeps the data's
 * order. The town itself (same slug) is never its own neighbour. One pass that keeps only the best
 * `count` so far, so every town page of a large data set costs O(towns), not a full sort; and a
 * town farther north or south than the farthest of those by itself (no two points are closer than
 * their difference in latitude) is passed over without the trigonometry, which took 0.7 s of a
 * build with 2,700 town pages.
 */
export function nearestTowns<T extends { slug: string; coordinates: LatLon }>(
  town: T,
  towns: readonly T[],
  count = 4,
): Neighbour<T>[] {
  const best: Neighbour<T>[] = [];
  for (const other of towns) {
    if (other.slug === town.slug) continue;
    if (best.length === count && alwaysFarther(town.coordinates, other.coordinates, best[count - 1]!.miles)) continue;
    const miles = milesBetween(town.coordinates, other.coordinates);
    if (best.length === count && miles >= best[count - 1]!.miles) continue;
    // Insert after every neighbour at the same distance or nearer, so ties keep the data's order.
    let at = best.length;
    while (at > 0 && best[at - 1]!.miles > miles) at -= 1;
    best.splice(at, 0, { town: other, miles });
    if (best.length > count) best.pop();
  }
  return best;
}
