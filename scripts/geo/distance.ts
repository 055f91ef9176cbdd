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

/** The towns of one list in order of latitude, made once per list. */
interface LatitudeIndex {
  /** Positions in the list, southernmost first; equal latitudes in list order. */
  order: number[];
  /** Their latitudes, in the same order. */
  lats: Float64Array;
}

const indexes = new WeakMap<readonly { coordinates: LatLon }[], LatitudeIndex>();

function latitudeIndex(towns: readonly { coordinates: LatLon }[]): LatitudeIndex {
  let index = indexes.get(towns);
  if (!index) {
    const order = towns.map((_, i) => i).sort((a, b) => towns[a]!.coordinates.lat - towns[b]!.coordinates.lat || a - b);
    index = { order, lats: Float64Array.from(order, (i) => towns[i]!.coordinates.lat) };
    indexes.set(towns, index);
  }
  return index;
}

/** The first position in sorted `lats` at or above `lat`. */
function firstAtOrAbove(lats: Float64Array, lat: number): number {
  let [low, high] = [0, lats.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lats[middle]! < lat) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The `count` towns closest to `town` in a straight line, nearest first; a tie keeps the data's
 * order. The town itself (same slug) is never its own neighbour. Towns are visited outward from
 * `town`'s latitude (the list's index is made once, so pass the same list for every town), and
 * each direction stops at the first town farther north or south than the farthest kept: no two
 * points are closer than their difference in latitude. Walking the whole list for every town page
 * took 0.7 s of a build with 2,700 town pages.
 */
export function nearestTowns<T extends { slug: string; coordinates: LatLon }>(
  town: T,
  towns: readonly T[],
  count = 4,
): Neighbour<T>[] {
  const { order, lats } = latitudeIndex(towns);
  // Kept with each one's place in the list, which settles ties: the same as a visit in list order.
  const best: (Neighbour<T> & { at: number })[] = [];
  const worse = (miles: number, at: number, than: { miles: number; at: number }) =>
    miles > than.miles || (miles === than.miles && at > than.at);
  const consider = (at: number) => {
    const other = towns[at]!;
    if (other.slug === town.slug) return;
    const miles = milesBetween(town.coordinates, other.coordinates);
    if (best.length === count && worse(miles, at, best[count - 1]!)) return;
    let place = best.length;
    while (place > 0 && worse(best[place - 1]!.miles, best[place - 1]!.at, { miles, at })) place -= 1;
    best.splice(place, 0, { town: other, miles, at });
    if (best.length > count) best.pop();
  };
  const beyondReach = (at: number) =>
    best.length === count && alwaysFarther(town.coordinates, towns[at]!.coordinates, best[count - 1]!.miles);
  let north = firstAtOrAbove(lats, town.coordinates.lat);
  let south = north - 1;
  while (north < order.length || south >= 0) {
    const goNorth =
      south < 0 || (north < order.length && lats[north]! - town.coordinates.lat <= town.coordinates.lat - lats[south]!);
    const at = order[goNorth ? north : south]!;
    if (beyondReach(at)) {
      // Every town further this way is farther still.
      if (goNorth) north = order.length;
      else south = -1;
      continue;
    }
    consider(at);
    if (goNorth) north += 1;
    else south -= 1;
  }
  return best.map(({ town: other, miles }) => ({ town: other, miles }));
}
