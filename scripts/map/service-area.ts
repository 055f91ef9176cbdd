// The service-area map as plain data for the template: county shapes as SVG path data, a dot and a
// label position for every town page, an Illinois locator inset and a scale bar. Projected from
// the us-atlas census geography at generate time, once per build (pages/routes.ts).
import { geoConicEqualArea, geoPath, type GeoProjection } from "d3-geo";
import type { Feature, FeatureCollection, MultiPoint } from "geojson";
import { countyCollection, countyNamed, illinoisAtlas, mergedCounties, outerBorder } from "../geo/atlas.ts";
import { milesBetween } from "../geo/distance.ts";
import { boxAround, countyLabelPoint, countyLabelSize } from "./county-labels.ts";
import {
  LabelPlacer,
  labelBoxEm,
  textWidthEm,
  union,
  type Box,
  type LabelRequest,
  type LabelTier,
  type PlacedLabel,
} from "./labels.ts";
import { allTowns, joinList, type SiteModel } from "../data/model.ts";
import type { Town } from "../data/schema.ts";
import { compactPath } from "./svg-path.ts";

/** Width of the map in user units; the height follows from the region's shape. */
const MAP_WIDTH = 1000;

/**
 * Text sizes in user units. The wide size is written into the SVG; the narrow one (phones, where
 * the map is drawn at about a third of its width) is set by styles.css, which must use these numbers.
 */
export const MAP_TEXT = {
  town: { narrow: 32, wide: 18 },
  county: { narrow: 27, wide: 15 },
} as const;

/** Marks are sized in ems of the town label size, so they grow with it on phones. */
export const DOT_EM = 0.34;
export const HOME_MARK_EM = 0.65;
/** Half the side of the square around each dot that takes clicks, in ems (about 24 px on a phone). */
const HIT_EM = 0.9;

const MARGIN = 24;
const SCALE_BAR_MILES = 20;
const INSET = { x: 16, y: 16, width: 118, height: 196 };
const INSET_STEP = 3;

interface MapCounty {
  name: string;
  labelX: number;
  labelY: number;
}

export interface MapTown {
  slug: string;
  name: string;
  x: number;
  y: number;
  isHome: boolean;
  /** Accessible name of the dot's link. */
  linkName: string;
  label: PlacedLabel | undefined;
  /**
   * The invisible boxes that take clicks for the link, in ems around the dot, each shown at one or
   * both text sizes. The link's focus ring is drawn around them and the name.
   */
  hitAreas: { tiers: LabelTier["name"][]; box: Box }[];
}

export interface ServiceAreaMapData {
  width: number;
  height: number;
  title: string;
  description: string;
  /** The text of the map as a picture in a link to the inline map (the home page's <img>). */
  pictureAlt: string;
  /** Illinois' land inside the frame; outside it is the neighbouring state. */
  land: string;
  countyLines: string;
  stateLine: string;
  /** The served counties as one shape; the county lines divide it. */
  servedArea: string;
  servedCounties: MapCounty[];
  servedBorder: string;
  towns: MapTown[];
  inset: {
    x: number;
    y: number;
    width: number;
    height: number;
    state: string;
    served: string;
    frame: string;
  };
  scaleBar: { x: number; y: number; length: number; text: string };
}

const round = (value: number) => Math.round(value);

/** The town page of the business' own city, shown as the home base. */
function homeTown(model: SiteModel): Town | undefined {
  return allTowns(model).find((town) => town.name === model.business.address.city);
}

function townPoints(towns: readonly Town[], model: SiteModel): Feature<MultiPoint> {
  return {
    type: "Feature",
    properties: {},
    geometry: {
      type: "MultiPoint",
      coordinates: [
        ...towns.map((town) => [town.coordinates.lon, town.coordinates.lat]),
        [model.business.geo.lon, model.business.geo.lat],
      ],
    },
  };
}

/** A conic projection centred on the region and fitted around the served counties and the towns. */
function fitProjection(model: SiteModel, towns: readonly Town[]): { projection: GeoProjection; height: number } {
  const region: FeatureCollection = {
    type: "FeatureCollection",
    features: [...countyCollection(model.business.counties).features, townPoints(towns, model)],
  };
  const centreLon = -(towns.reduce((sum, town) => sum - town.coordinates.lon, 0) / Math.max(1, towns.length));
  const projection = geoConicEqualArea().parallels([38.5, 40.5]).rotate([-centreLon, 0]);
  projection.fitWidth(MAP_WIDTH - 2 * MARGIN, region);
  const [[x0, y0], [x1, y1]] = geoPath(projection).bounds(region);
  const height = round(y1 - y0 + 2 * MARGIN);
  const [tx, ty] = projection.translate();
  projection.translate([tx + MARGIN - x0 + (MAP_WIDTH - 2 * MARGIN - (x1 - x0)) / 2, ty + MARGIN - y0]);
  projection.clipExtent([
    [0, 0],
    [MAP_WIDTH, height],
  ]);
  return { projection, height };
}

function insetOf(projection: GeoProjection, width: number, height: number, model: SiteModel) {
  const { state } = illinoisAtlas();
  const inset = geoConicEqualArea().parallels([37.5, 41.5]).rotate([89.2, 0]);
  inset.fitExtent(
    [
      [INSET.x + 8, INSET.y + 8],
      [INSET.x + INSET.width - 8, INSET.y + INSET.height - 8],
    ],
    state,
  );
  const corners: [number, number][] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const frame = corners
    .map((corner, i) => {
      const [x = 0, y = 0] = inset(projection.invert?.(corner) ?? [0, 0]) ?? [];
      return `${i === 0 ? "M" : "L"}${round(x)} ${round(y)}`;
    })
    .join("");
  return {
    ...INSET,
    // The inset is a few dozen pixels tall: a point every few units is all it can show.
    state: compactPath(inset, state, INSET_STEP),
    served: compactPath(inset, mergedCounties(model.business.counties), INSET_STEP),
    frame: `${frame}z`,
  };
}

function scaleBarOf(projection: GeoProjection, height: number, model: SiteModel) {
  // Measured along the parallel through the yard, where the map's scale is what the region shows.
  const from = model.business.geo;
  const to = { lat: from.lat, lon: from.lon + 1 };
  const [ax = 0, ay = 0] = projection([from.lon, from.lat]) ?? [];
  const [bx = 0, by = 0] = projection([to.lon, to.lat]) ?? [];
  const unitsPerMile = Math.hypot(bx - ax, by - ay) / milesBetween(from, to);
  return {
    x: MARGIN,
    y: height - MARGIN,
    length: round(unitsPerMile * SCALE_BAR_MILES),
    text: `${SCALE_BAR_MILES} miles`,
  };
}

/**
 * The square around the dot takes clicks for every town. A name beside its dot is clickable
 * itself; a name above or below it gets a box joining it to the dot, so that the middle of the
 * link is on the link (where browsers and tests look for what a focused link shows).
 */
function hitAreasOf(request: LabelRequest, label: PlacedLabel | undefined): MapTown["hitAreas"] {
  const square: Box = { x0: -HIT_EM, y0: -HIT_EM, x1: HIT_EM, y1: HIT_EM };
  const areas: MapTown["hitAreas"] = [{ tiers: ["narrow", "wide"], box: square }];
  const joined = (tier: LabelTier["name"]) => {
    const variant = label?.variants.find((candidate) => candidate.tiers.includes(tier));
    if (!variant || variant.side === "right" || variant.side === "left") return undefined;
    const box = union([square, labelBoxEm(request, variant.side, tier)]);
    // Tenths of an em are plenty for a box nobody sees.
    return { x0: floorTenth(box.x0), y0: floorTenth(box.y0), x1: ceilTenth(box.x1), y1: ceilTenth(box.y1) };
  };
  const [narrow, wide] = [joined("narrow"), joined("wide")];
  if (narrow && wide && JSON.stringify(narrow) === JSON.stringify(wide)) {
    areas.push({ tiers: ["narrow", "wide"], box: narrow });
  } else {
    if (narrow) areas.push({ tiers: ["narrow"], box: narrow });
    if (wide) areas.push({ tiers: ["wide"], box: wide });
  }
  return areas;
}

const floorTenth = (value: number) => Math.floor(value * 10) / 10;
const ceilTenth = (value: number) => Math.ceil(value * 10) / 10;

/** The map of the model's service area. The route table computes it once and hands it to the pages that show it. */
export function buildServiceAreaMap(model: SiteModel): ServiceAreaMapData {
  const { business } = model;
  const towns = allTowns(model);
  const home = homeTown(model);
  const { projection, height } = fitProjection(model, towns);
  const atlas = illinoisAtlas();

  const dots = towns.map((town) => {
    const [x, y] = projection([town.coordinates.lon, town.coordinates.lat]) ?? [0, 0];
    return { town, x: round(x), y: round(y), isHome: town === home };
  });

  const inset = insetOf(projection, MAP_WIDTH, height, model);
  const scaleBar = scaleBarOf(projection, height, model);

  const tiers: [LabelTier, LabelTier] = [
    { name: "narrow", fontSize: MAP_TEXT.town.narrow },
    { name: "wide", fontSize: MAP_TEXT.town.wide },
  ];
  const requests: LabelRequest[] = dots.map((dot) => ({
    id: dot.town.slug,
    x: dot.x,
    y: dot.y,
    markEm: dot.isHome ? HOME_MARK_EM : DOT_EM,
    lines: dot.isHome
      ? [
          { text: dot.town.name, scale: 1.1 },
          { text: "Home base", scale: 0.8, wideOnly: true },
        ]
      : [{ text: dot.town.name, scale: 1 }],
  }));
  const placer = new LabelPlacer({
    tiers,
    bounds: { x0: 4, y0: 4, x1: MAP_WIDTH - 4, y1: height - 4 },
    marks: requests,
    obstacles: (tier) => [
      { x0: inset.x, y0: inset.y, x1: inset.x + inset.width, y1: inset.y + inset.height },
      {
        x0: scaleBar.x,
        y0: scaleBar.y - tier.fontSize * 1.4,
        x1: scaleBar.x + Math.max(scaleBar.length, textWidthEm(scaleBar.text) * tier.fontSize),
        y1: scaleBar.y + 4,
      },
    ],
  });
  const labels = new Map<string, PlacedLabel>();
  const placeTownLabels = (chosen: LabelRequest[]) => {
    for (const request of chosen) {
      const label = placer.place(request);
      if (label) labels.set(request.id, label);
    }
  };

  // Who gets the space first: the home base, then the grid towns in the data's order, then the
  // county names (which can move within their county), then the further town pages.
  const isGridTown = new Set(model.towns.map((town) => town.slug));
  const homeSlug = home?.slug;
  placeTownLabels(requests.filter((request) => request.id === homeSlug));
  placeTownLabels(requests.filter((request) => request.id !== homeSlug && isGridTown.has(request.id)));

  const countyBox = (county: { name: string; labelX: number; labelY: number }, tier: LabelTier) => {
    const size = countyLabelSize(county.name, MAP_TEXT.county[tier.name]);
    return boxAround(county.labelX, county.labelY, size.width, size.height);
  };
  const servedCounties: MapCounty[] = business.counties.map((name) => {
    const county = countyNamed(name);
    const sizes = tiers.map((tier) => ({ tier, ...countyLabelSize(name, MAP_TEXT.county[tier.name]) }));
    const point = countyLabelPoint(
      projection,
      county,
      dots,
      (labelX, labelY) =>
        sizes.every(({ tier, width, height }) => placer.isFree(boxAround(labelX, labelY, width, height), tier)),
      { fontSize: MAP_TEXT.county.narrow, enoughClearance: MAP_TEXT.town.narrow * 1.6 },
    );
    const placed = { name, labelX: point.x, labelY: point.y };
    for (const tier of tiers) placer.occupy(countyBox(placed, tier), tier);
    return placed;
  });

  placeTownLabels(requests.filter((request) => request.id !== homeSlug && !isGridTown.has(request.id)));

  const servedNames = joinList(business.counties);
  const title = `Map of our service area around ${business.address.city}, Illinois`;
  return {
    width: MAP_WIDTH,
    height,
    title,
    description:
      `The ${business.counties.length} counties we serve, ${servedNames}, are shaded and named in capitals. ` +
      `Each of the ${towns.length} towns with its own page is a dot that links to the page` +
      (home ? `; the star is our home base in ${home.name}.` : "."),
    pictureAlt:
      `${title}: the ${business.counties.length} counties we serve, ${servedNames}, and the ${towns.length} towns ` +
      `with a page of their own${home ? ` around our home base in ${home.name}` : ""}. Open the map with a link to each town.`,
    land: compactPath(projection, atlas.state),
    countyLines: compactPath(projection, atlas.countyLines),
    stateLine: compactPath(projection, atlas.stateLine),
    servedArea: compactPath(projection, mergedCounties(business.counties)),
    servedCounties,
    servedBorder: compactPath(projection, outerBorder(business.counties)),
    towns: dots.map(({ town, x, y, isHome }) => ({
      slug: town.slug,
      name: town.name,
      x,
      y,
      isHome,
      linkName: isHome ? `${town.name}, our home base` : town.name,
      label: labels.get(town.slug),
      hitAreas: hitAreasOf(
        requests.find((request) => request.id === town.slug)!,
        labels.get(town.slug),
      ),
    })),
    inset,
    scaleBar,
  };
}
