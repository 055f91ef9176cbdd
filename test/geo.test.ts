// Straight-line distances, the town pages' distance sentence and the nearest-towns rule.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceFromYard, milesBetween, nearestTowns, roughMiles, type LatLon } from "../scripts/geo/distance.ts";
import { loadData } from "../scripts/data/load.ts";
import { allTowns, buildModel } from "../scripts/data/model.ts";
import { DATA_DIR } from "./support/paths.ts";

const model = buildModel(await loadData(DATA_DIR));
const towns = allTowns(model);
const townNamed = (slug: string) => {
  const town = towns.find((candidate) => candidate.slug === slug);
  if (!town) throw new Error(`no town ${slug}`);
  return town;
};

describe("milesBetween", () => {
  it("puts Charleston about 10 miles from Mattoon and Champaign about 45", () => {
    const mattoon = townNamed("mattoon").coordinates;
    expect(Math.abs(milesBetween(mattoon, townNamed("charleston").coordinates) - 10)).toBeLessThanOrEqual(1);
    expect(Math.abs(milesBetween(mattoon, townNamed("champaign").coordinates) - 45)).toBeLessThanOrEqual(1);
  });

  it("measures from the yard too: Charleston is about 10 miles from site.yaml's geo point", () => {
    expect(milesBetween(model.business.geo, townNamed("charleston").coordinates)).toBeCloseTo(10.3, 0);
  });

  it("is zero for a point and itself, and the same both ways", () => {
    const a: LatLon = { lat: 39.479, lon: -88.373 };
    const b: LatLon = { lat: 40.115, lon: -88.273 };
    expect(milesBetween(a, a)).toBe(0);
    expect(milesBetween(a, b)).toBeCloseTo(milesBetween(b, a), 10);
  });

  it("uses the Earth's mean radius: one degree of latitude is about 69.1 miles", () => {
    expect(milesBetween({ lat: 39, lon: -88 }, { lat: 40, lon: -88 })).toBeCloseTo(69.09, 1);
  });
});

describe("roughMiles", () => {
  it("rounds to whole miles and says so", () => {
    expect(roughMiles(10.33)).toBe("about 10 miles");
    expect(roughMiles(10.5)).toBe("about 11 miles");
    expect(roughMiles(1.2)).toBe("about 1 mile");
    expect(roughMiles(0.3)).toBe("less than a mile");
  });
});

describe("distanceFromYard", () => {
  const { geo, address } = model.business;

  it("gives a town page its distance from the business's base in Mattoon", () => {
    expect(distanceFromYard(townNamed("charleston"), geo, address.city)).toBe(
      "Charleston is about 10 miles from our base in Mattoon, in a straight line.",
    );
    expect(distanceFromYard(townNamed("champaign"), geo, address.city)).toBe(
      "Champaign is about 44 miles from our base in Mattoon, in a straight line.",
    );
  });

  it("does not measure the yard's own town", () => {
    expect(distanceFromYard(townNamed("mattoon"), geo, address.city)).toBe("Our base is right here in Mattoon.");
  });
});

describe("nearestTowns", () => {
  const at = (slug: string, lat: number, lon: number) => ({ slug, coordinates: { lat, lon } });

  it("lists the closest others, nearest first, never the town itself", () => {
    const here = at("here", 39.5, -88.4);
    const list = [
      here,
      at("far", 40.5, -88.4),
      at("near", 39.55, -88.4),
      at("mid", 39.7, -88.4),
      at("next", 39.6, -88.4),
      at("farther", 41, -88.4),
    ];
    expect(nearestTowns(here, list).map(({ town }) => town.slug)).toEqual(["near", "next", "mid", "far"]);
    expect(nearestTowns(here, list, 2)).toHaveLength(2);
  });

  it("keeps the data's order on a tie", () => {
    const here = at("here", 39.5, -88);
    const list = [at("east", 39.5, -87.5), at("west", 39.5, -88.5), here];
    expect(nearestTowns(here, list).map(({ town }) => town.slug)).toEqual(["east", "west"]);
  });

  it("agrees with sorting every town by distance, ties included, on a grid of 400 points", () => {
    // A grid puts many towns at exactly the same distance, the hard case for keeping the order.
    const grid = Array.from({ length: 400 }, (_, i) =>
      at(`t${i}`, 39 + Math.floor(i / 20) * 0.05, -89 + (i % 20) * 0.05),
    );
    for (const here of [grid[0]!, grid[210]!, grid[399]!, at("outside", 38.5, -90)]) {
      const sorted = grid
        .filter((other) => other.slug !== here.slug)
        .map((other) => ({ town: other, miles: milesBetween(here.coordinates, other.coordinates) }))
        .sort((a, b) => a.miles - b.miles);
      for (const count of [1, 4, 9]) {
        expect(nearestTowns(here, grid, count), `${here.slug}, ${count}`).toEqual(sorted.slice(0, count));
      }
    }
  });

  it("agrees with sorting every town by distance for any set of places (the latitude shortcut skips only towns it would not keep)", () => {
    const latitude = fc.oneof(fc.double({ min: 36, max: 43, noNaN: true }), fc.constantFrom(39.5, 39.55, 40));
    const longitude = fc.oneof(fc.double({ min: -92, max: -87, noNaN: true }), fc.constantFrom(-88.4, -88.5));
    fc.assert(
      fc.property(
        fc.array(fc.record({ lat: latitude, lon: longitude }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        (points, count) => {
          const places = points.map((point, i) => at(`p${i}`, point.lat, point.lon));
          const here = places[0]!;
          const sorted = places
            .slice(1)
            .map((other) => ({ town: other, miles: milesBetween(here.coordinates, other.coordinates) }))
            .sort((a, b) => a.miles - b.miles);
          expect(nearestTowns(here, places, count)).toEqual(sorted.slice(0, count));
        },
      ),
    );
  });

  it("gives every town page the 4 closest other pages of the real data", () => {
    for (const town of towns) {
      const neighbours = nearestTowns(town, towns);
      expect(neighbours, town.slug).toHaveLength(4);
      const chosen = new Set(neighbours.map(({ town: other }) => other.slug));
      const farthestChosen = Math.max(...neighbours.map(({ miles }) => miles));
      for (const other of towns) {
        if (other.slug === town.slug || chosen.has(other.slug)) continue;
        expect(
          milesBetween(town.coordinates, other.coordinates),
          `${town.slug} → ${other.slug}`,
        ).toBeGreaterThanOrEqual(farthestChosen);
      }
    }
  });

  it("finds Mattoon's neighbours among the small towns around it", () => {
    expect(nearestTowns(townNamed("mattoon"), towns).map(({ town }) => town.name)).toEqual([
      "Lerna",
      "Gays",
      "Humboldt",
      "Charleston",
    ]);
  });
});
