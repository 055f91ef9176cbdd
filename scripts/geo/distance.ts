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
 * The distance sentence of a town page: "Charleston is about 10 miles from our base in Mattoon, in a
 * straight line." The base's own town says so instead.
 */
export function distanceFromYard(town: { name: string; coordinates: LatLon }, yard: LatLon, yardCity: string): string {
  if (town.name === yardCity) return `Our base is right here in ${yardCity}.`;
  return `${town.name} is ${roughMiles(milesBetween(town.coordinates, yard))} from our base in ${yardCity}, in a straight line.`;
}

export interface Neighbour<T> {
  town: T;
  miles: number;
}

/**
 * The `count` towns closest to `town` in a straight line, nearest first; a tie keeps the data's
 * order. The town itself (same slug) is never its own neighbour.
 */
export function nearestTowns<T extends { slug: string; coordinates: LatLon }>(
  town: T,
  towns: readonly T[],
  count = 4,
): Neighbour<T>[] {
  return towns
    .filter((other) => other.slug !== town.slug)
    .map((other) => ({ town: other, miles: milesBetween(town.coordinates, other.coordinates) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, count);
}
