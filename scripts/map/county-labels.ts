// Where each served county's name goes on the service-area map: inside the county, clear of the
// town names and dots, near the county's middle. Pure functions over projected geometry.
import { geoPath, type GeoProjection } from "d3-geo";
import type { AreaFeature } from "../geo/atlas.ts";
import { textWidthEm, type Box } from "./labels.ts";

const COUNTY_LETTER_SPACING_EM = 0.08;
/** Spacing of the points tried for a county's name, in map units (about half a mile). */
const GRID_STEP = 5;

const round = (value: number) => Math.round(value);

export function countyLabelSize(name: string, fontSize: number): { width: number; height: number } {
  const text = name.toUpperCase();
  return {
    width: (textWidthEm(text) + COUNTY_LETTER_SPACING_EM * text.length) * fontSize,
    // Capitals centred on the point (dy=".35em"), in a box of the font's ascent and descent.
    height: 1.17 * fontSize,
  };
}

export function boxAround(x: number, y: number, width: number, height: number): Box {
  return {
    x0: x - width / 2,
    y0: y - height / 2,
    x1: x + width / 2,
    y1: y + height / 2,
  };
}

/** The county's outline rings in map units, for quick point-in-county tests. */
function projectedRings(projection: GeoProjection, county: AreaFeature): [number, number][][] {
  const polygons = county.geometry.type === "Polygon" ? [county.geometry.coordinates] : county.geometry.coordinates;
  return polygons.flatMap((rings) =>
    rings.map((ring) => ring.map(([lon = 0, lat = 0]): [number, number] => projection([lon, lat]) ?? [0, 0])),
  );
}

/** Where the horizontal line at `y` crosses the outline: the x of each crossing. */
function crossingsAt(y: number, rings: [number, number][][]): number[] {
  const crossings: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y) crossings.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
    }
  }
  return crossings;
}

/**
 * The even-odd rule for the county: a point is inside when a ray from it crosses the outline an odd
 * number of times. The crossings of each horizontal line are worked out once, since the search
 * below tests many points on few lines.
 */
function insideTest(rings: [number, number][][]): (x: number, y: number) => boolean {
  const lines = new Map<number, number[]>();
  return (x, y) => {
    let crossings = lines.get(y);
    if (crossings === undefined) lines.set(y, (crossings = crossingsAt(y, rings)));
    let toTheRight = 0;
    for (const crossing of crossings) if (x < crossing) toTheRight += 1;
    return toTheRight % 2 === 1;
  };
}

/**
 * A point for the county's name: clear of every town label and dot at both sizes, as far from the
 * dots as it can be, near the middle of the county on a tie, and inside the county. A long name in
 * a narrow county may reach a little past its edges, never onto a dot or another label.
 */
export function countyLabelPoint(
  projection: GeoProjection,
  county: AreaFeature,
  dots: { x: number; y: number }[],
  isFree: (x: number, y: number) => boolean,
  /** The name's largest text size, and the distance from the dots beyond which more is no better. */
  sizes: { fontSize: number; enoughClearance: number },
): { x: number; y: number } {
  const path = geoPath(projection);
  const [[bx0, by0], [bx1, by1]] = path.bounds(county);
  const [cx, cy] = path.centroid(county);
  const { width, height } = countyLabelSize(county.properties.name, sizes.fontSize);
  const isInside = insideTest(projectedRings(projection, county));
  const score = (x: number, y: number) => {
    const box = boxAround(x, y, width, height);
    const clearance = Math.min(
      sizes.enoughClearance,
      ...dots.map((dot) => {
        const dx = Math.max(box.x0 - dot.x, 0, dot.x - box.x1);
        const dy = Math.max(box.y0 - dot.y, 0, dot.y - box.y1);
        return Math.hypot(dx, dy);
      }),
    );
    return clearance * 2 - Math.hypot(x - cx, y - cy) * 0.5;
  };
  // The share of the name's width that must lie inside the county: all of it if possible.
  for (const share of [1, 0.85, 0.7, 0.5, 0]) {
    const halfWidth = (width * share) / 2 + 4;
    let best: { x: number; y: number; score: number } | undefined;
    for (let y = by0; y <= by1; y += GRID_STEP) {
      for (let x = bx0; x <= bx1; x += GRID_STEP) {
        if (!isInside(x, y)) continue;
        // The name's corners, the middles of its top and bottom, and its ends, with a margin.
        const [left, right, top, bottom] = [x - halfWidth, x + halfWidth, y - height / 2 - 3, y + height / 2 + 3];
        const nameInside =
          isInside(left, top) &&
          isInside(right, top) &&
          isInside(left, bottom) &&
          isInside(right, bottom) &&
          isInside(x, top) &&
          isInside(x, bottom) &&
          isInside(left, y) &&
          isInside(right, y);
        if (!nameInside) continue;
        if (!isFree(round(x), round(y))) continue;
        const value = score(x, y);
        if (!best || value > best.score) best = { x, y, score: value };
      }
    }
    if (best) return { x: round(best.x), y: round(best.y) };
  }
  return { x: round(cx), y: round(cy) };
}
