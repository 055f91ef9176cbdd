// Illinois' outline and county boundaries from us-atlas (U.S. Census Bureau cartographic
// boundaries, 1:10,000,000, public domain), read from the npm package: no network at build time.
// The file is read when this module is first imported, and what is derived from it is a constant of
// the installed package, the same for every build.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoContains } from "d3-geo";
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon } from "geojson";
import { feature, merge, mesh } from "topojson-client";
import type {
  GeometryCollection,
  GeometryObject,
  MultiPolygon as TopoMultiPolygon,
  Polygon as TopoPolygon,
  Topology,
} from "topojson-specification";

/** Illinois' FIPS state code; its county codes are "17" followed by three digits. */
const ILLINOIS_FIPS = "17";

type NamedGeometry = GeometryObject<{ name: string }>;
type CountyTopology = Topology<{
  counties: GeometryCollection<{ name: string }>;
  states: GeometryCollection<{ name: string }>;
}>;

export type AreaFeature = Feature<Polygon | MultiPolygon, { name: string }>;

export interface IllinoisAtlas {
  topology: CountyTopology;
  /** Illinois as one shape. */
  state: AreaFeature;
  /** Illinois' 102 counties, keyed by name ("Coles"). */
  counties: Map<string, AreaFeature>;
  countyGeometries: Map<string, NamedGeometry>;
  /** Every boundary between two Illinois counties, each drawn once. */
  countyLines: MultiLineString;
  /** Illinois' own border. */
  stateLine: MultiLineString;
}

function collection(geometries: NamedGeometry[]): GeometryCollection<{ name: string }> {
  return { type: "GeometryCollection", geometries };
}

function readAtlas(): IllinoisAtlas {
  const file = createRequire(import.meta.url).resolve("us-atlas/counties-10m.json");
  const topology = JSON.parse(readFileSync(file, "utf8")) as CountyTopology;
  const countyGeometries = new Map<string, NamedGeometry>();
  for (const geometry of topology.objects.counties.geometries) {
    const name = (geometry.properties as { name?: string } | undefined)?.name;
    if (String(geometry.id).startsWith(ILLINOIS_FIPS) && name) countyGeometries.set(name, geometry);
  }
  const stateGeometry = topology.objects.states.geometries.find((g) => String(g.id) === ILLINOIS_FIPS);
  if (!stateGeometry) throw new Error("us-atlas has no Illinois (FIPS 17)");
  const counties = new Map<string, AreaFeature>();
  for (const [name, geometry] of countyGeometries) {
    counties.set(name, feature(topology, geometry) as AreaFeature);
  }
  const allCounties = collection([...countyGeometries.values()]);
  return {
    topology,
    state: feature(topology, stateGeometry) as AreaFeature,
    counties,
    countyGeometries,
    countyLines: mesh(topology, allCounties, (a, b) => a !== b),
    stateLine: mesh(topology, collection([stateGeometry]), (a, b) => a === b),
  };
}

const ATLAS = readAtlas();

export function illinoisAtlas(): IllinoisAtlas {
  return ATLAS;
}

/** The counties as one collection, e.g. for fitting a projection around them. */
export function countyCollection(
  names: readonly string[],
): FeatureCollection<Polygon | MultiPolygon, { name: string }> {
  const { counties } = illinoisAtlas();
  return {
    type: "FeatureCollection",
    features: names.map((name) => countyIn(name, counties)),
  };
}

/** The entry for a county by name, in any of the atlas's maps keyed by county name. */
function countyIn<T>(name: string, byName: Map<string, T>): T {
  const county = byName.get(name);
  if (county === undefined) throw new Error(`Illinois has no county named ${name}`);
  return county;
}

/** A group of counties as one shape, without the boundaries between them. */
export function mergedCounties(names: readonly string[]): MultiPolygon {
  const { topology, countyGeometries } = illinoisAtlas();
  // merge() takes the geometries as a list (its typings also allow a collection, which it rejects).
  const polygons = names.map((name) => countyIn(name, countyGeometries)) as (TopoPolygon | TopoMultiPolygon)[];
  return merge(topology, polygons);
}

/** The outer border of a group of counties: shared boundaries inside the group are left out. */
export function outerBorder(names: readonly string[]): MultiLineString {
  const { topology, countyGeometries } = illinoisAtlas();
  const geometries = names.map((name) => countyIn(name, countyGeometries));
  return mesh(topology, collection(geometries), (a, b) => a === b);
}

/** The names of Illinois' 102 counties, as the census spells them ("Coles", "De Witt", "St. Clair"). */
export function countyNames(): string[] {
  return [...illinoisAtlas().counties.keys()];
}

/** An Illinois county's shape by its name ("Coles"); throws for a name that is not one. */
export function countyNamed(name: string): AreaFeature {
  return countyIn(name, illinoisAtlas().counties);
}

/** Whether a point lies inside Illinois' border (at the atlas' 1:10,000,000 detail). */
export function isInIllinois(point: { lat: number; lon: number }): boolean {
  return geoContains(illinoisAtlas().state, [point.lon, point.lat]);
}

/** The name of the Illinois county containing a point, if any. */
export function countyAt(point: { lat: number; lon: number }): string | undefined {
  for (const [name, county] of illinoisAtlas().counties) {
    if (geoContains(county, [point.lon, point.lat])) return name;
  }
  return undefined;
}
