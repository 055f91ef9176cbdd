// The service-area map in the generated pages, the lists that repeat its links, and the town
// pages' distance and nearby towns; checked on renderSite's output, not on the templates.
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { geoIdentity } from "d3-geo";
import { describe, expect, it } from "vitest";
import { STYLESHEET } from "../scripts/pages/assets.ts";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { outputText } from "../scripts/lib/output.ts";
import { distanceFromYard, nearestTowns } from "../scripts/geo/distance.ts";
import {
  labelBox,
  LabelPlacer,
  markBox,
  overlaps,
  type Box,
  type LabelRequest,
  type LabelTier,
} from "../scripts/map/labels.ts";
import { DOT_EM, HOME_MARK_EM, MAP_TEXT, buildServiceAreaMap } from "../scripts/map/service-area.ts";
import { allTowns } from "../scripts/data/model.ts";
import { townPath } from "../scripts/site/urls.ts";
import { compactPath } from "../scripts/map/svg-path.ts";
import { DATA_DIR } from "./support/paths.ts";

const site = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
const { model } = site;
const towns = allTowns(model);
const routePaths = new Set(site.routes.map((route) => route.path));
const townPagePaths = site.routes.filter((route) => route.kind === "town").map((route) => route.path);

const html = (file: string) => {
  const contents = site.files.get(file);
  if (contents === undefined) throw new Error(`no ${file}`);
  return outputText(contents);
};

/** The map's <svg> element: it holds a nested <svg> (the home star), so it ends before the legend. */
const mapSvg = (page: string) => {
  const svg = /<svg class="area-map-svg"[\s\S]*?<\/svg>(?=<ul class="map-legend")/.exec(page)?.[0];
  if (!svg) throw new Error("no map on the page");
  return svg;
};

const hrefs = (markup: string) => [...markup.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]!);

const MAP_BUDGET = 20 * 1024;

describe("the service-area map", () => {
  it.each(["index.html", "towns.html"])("is on %s with one link per town page, each to a route", (file) => {
    const links = hrefs(mapSvg(html(file)));
    expect(links).toHaveLength(27);
    expect([...links].sort()).toEqual([...townPagePaths].sort());
    for (const link of links) expect(routePaths.has(link), link).toBe(true);
  });

  it("draws and names the 7 served counties", () => {
    const svg = mapSvg(html("towns.html"));
    expect(model.business.counties).toHaveLength(7);
    expect(svg.match(/<path class="map-served" d="M[^"]+"/g)).toHaveLength(1);
    for (const county of model.business.counties) {
      expect(svg, county).toContain(`>${county.toUpperCase()}</text>`);
    }
  });

  it("has a title and a description naming the area, and is a group since it holds links", () => {
    const svg = mapSvg(html("towns.html"));
    expect(svg).toMatch(
      /^<svg [^>]*role="group"[^>]*aria-labelledby="area-map-title"[^>]*aria-describedby="area-map-desc"/,
    );
    expect(svg).toContain('<title id="area-map-title">Map of our service area around Mattoon, Illinois</title>');
    const description = /<desc id="area-map-desc">([^<]+)<\/desc>/.exec(svg)?.[1] ?? "";
    for (const county of model.business.counties) expect(description).toContain(county);
    expect(description).toContain("27 towns");
    expect(description).toContain("home base in Mattoon");
  });

  it("gives every dot's link an accessible name, and marks the home base with a star and words", () => {
    const svg = mapSvg(html("towns.html"));
    const links = [...svg.matchAll(/<a href="([^"]+)" class="map-town"><title>([^<]+)<\/title>([\s\S]*?)<\/a>/g)];
    expect(links).toHaveLength(27);
    for (const [, href, name] of links) {
      const town = towns.find((candidate) => townPath(candidate) === href);
      expect(name, href).toContain(town?.name);
    }
    const mattoon = links.find(([, href]) => href === "/towns/mattoon");
    expect(mattoon?.[2]).toBe("Mattoon, our home base");
    expect(mattoon?.[3]).toContain('class="map-home"');
    expect(mattoon?.[3]).toContain(">Home base</tspan>");
    expect(links.filter(([, , , inner]) => inner!.includes('class="map-home"'))).toHaveLength(1);
  });

  it(`stays within ${MAP_BUDGET / 1024} KB compressed`, () => {
    const svg = mapSvg(html("towns.html"));
    const compressed = gzipSync(svg, { level: 9 }).length;
    console.log(`service-area map: ${svg.length} bytes, ${compressed} bytes with gzip -9`);
    expect(compressed).toBeLessThanOrEqual(MAP_BUDGET);
  });

  it("sizes itself up front and uses no inline style", () => {
    const svg = mapSvg(html("towns.html"));
    const { width, height } = buildServiceAreaMap(model);
    expect(svg).toContain(`viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"`);
    expect(svg).not.toMatch(/\sstyle=/);
  });

  it("is drawn the same on both pages", () => {
    expect(mapSvg(html("index.html"))).toBe(mapSvg(html("towns.html")));
  });
});

describe("the lists beside the map", () => {
  it.each(["index.html", "towns.html"])("%s links every town page from an ordinary list too", (file) => {
    const outsideMap = html(file).replace(mapSvg(html(file)), "");
    for (const townPage of townPagePaths) {
      expect(outsideMap, townPage).toMatch(new RegExp(`<li[^>]*><a href="${townPage}"`));
    }
  });
});

describe("town pages", () => {
  const townPages = towns.map((town) => ({ town, page: html(`towns/${town.slug}.html`) }));

  it("say how far the town is from the Mattoon yard", () => {
    for (const { town, page } of townPages) {
      expect(page, town.slug).toContain(distanceFromYard(town, model.business.geo, model.business.address.city));
    }
    expect(html("towns/charleston.html")).toContain(
      "Charleston is about 10 miles from our Mattoon yard, in a straight line.",
    );
    expect(html("towns/mattoon.html")).toContain("Our Mattoon yard is right here in town.");
  });

  it("link the 4 nearest other town pages", () => {
    for (const { town, page } of townPages) {
      const nearby = /<nav class="side-links nearby-towns"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? "";
      const links = hrefs(nearby);
      expect(links, town.slug).toEqual(nearestTowns(town, towns).map(({ town: other }) => townPath(other)));
      expect(links, town.slug).toHaveLength(4);
      expect(links).not.toContain(townPath(town));
      for (const link of links) expect(routePaths.has(link), link).toBe(true);
    }
    expect(html("towns/mattoon.html")).toContain('<a href="/towns/lerna-seo">Excavation in Lerna</a>');
  });
});

describe("label placement", () => {
  const tiers: [LabelTier, LabelTier] = [
    { name: "narrow", fontSize: 30 },
    { name: "wide", fontSize: 15 },
  ];
  const request = (id: string, x: number, y: number, text = "Town"): LabelRequest => ({
    id,
    x,
    y,
    markEm: 0.4,
    lines: [{ text, scale: 1 }],
  });
  const placer = (marks: LabelRequest[], obstacles: Box[] = []) =>
    new LabelPlacer({
      tiers,
      bounds: { x0: 0, y0: 0, x1: 1000, y1: 600 },
      marks,
      obstacles: () => obstacles,
    });

  it("puts a lone label right of its dot, at both sizes", () => {
    const lone = request("lone", 500, 300);
    expect(placer([lone]).place(lone)?.variants).toMatchObject([{ side: "right", tiers: ["narrow", "wide"] }]);
  });

  it("moves a label away from a dot in its way and from the map's edge", () => {
    const town = request("town", 500, 300);
    const neighbour = request("neighbour", 560, 300);
    expect(placer([town, neighbour]).place(town)?.variants[0]?.side).toBe("left");
    const atEdge = request("edge", 980, 300);
    expect(placer([atEdge]).place(atEdge)?.variants[0]?.side).toBe("left");
  });

  it("gives a label a place per size when no one place fits both, and none when nothing fits", () => {
    const town = request("town", 500, 300, "Longername");
    // Dots in a ring too far for the small text to reach, close enough to block the large text.
    const ring = [0, 45, 90, 135, 180, 225, 270, 315].map((angle, i) =>
      request(`ring${i}`, 500 + 110 * Math.cos((angle * Math.PI) / 180), 300 + 40 * Math.sin((angle * Math.PI) / 180)),
    );
    const variants = placer([town, ...ring]).place(town)?.variants ?? [];
    expect(variants.map((variant) => variant.tiers)).toEqual([["wide"]]);
    const boxed = placer(
      [town],
      [
        { x0: 0, y0: 0, x1: 1000, y1: 290 },
        { x0: 0, y0: 310, x1: 1000, y1: 600 },
        { x0: 0, y0: 0, x1: 495, y1: 600 },
        { x0: 505, y0: 0, x1: 1000, y1: 600 },
      ],
    );
    expect(boxed.place(town)).toBeUndefined();
  });

  it("leaves no two labels of the real map overlapping, and no label on another town's dot, at either size", () => {
    const map = buildServiceAreaMap(model);
    const mapTiers: LabelTier[] = [
      { name: "narrow", fontSize: MAP_TEXT.town.narrow },
      { name: "wide", fontSize: MAP_TEXT.town.wide },
    ];
    for (const tier of mapTiers) {
      const marks = map.towns.map((town) => ({
        id: town.slug,
        x: town.x,
        y: town.y,
        markEm: town.isHome ? HOME_MARK_EM : DOT_EM,
      }));
      const labels = map.towns.flatMap((town) =>
        (town.label?.variants ?? [])
          .filter((variant) => variant.tiers.includes(tier.name))
          .map((variant) => ({
            id: town.slug,
            box: labelBox(
              { ...marks.find((mark) => mark.id === town.slug)!, lines: variant.lines },
              variant.side,
              tier,
            ),
          })),
      );
      labels.forEach((label, i) => {
        expect(label.box.x0, label.id).toBeGreaterThanOrEqual(0);
        expect(label.box.x1, label.id).toBeLessThanOrEqual(map.width);
        expect(label.box.y0, label.id).toBeGreaterThanOrEqual(0);
        expect(label.box.y1, label.id).toBeLessThanOrEqual(map.height);
        for (const other of labels.slice(i + 1)) {
          expect(overlaps(label.box, other.box), `${tier.name}: ${label.id} and ${other.id}`).toBe(false);
        }
        for (const mark of marks.filter((candidate) => candidate.id !== label.id)) {
          expect(overlaps(label.box, markBox(mark, tier.fontSize)), `${tier.name}: ${label.id} on ${mark.id}`).toBe(
            false,
          );
        }
      });
    }
  });

  it("names the home base and every grid town on the wide map, and the home base on phones", () => {
    const map = buildServiceAreaMap(model);
    const shownAt = (slug: string, tier: LabelTier["name"]) =>
      map.towns.find((town) => town.slug === slug)?.label?.variants.some((variant) => variant.tiers.includes(tier));
    for (const town of model.towns) expect(shownAt(town.slug, "wide"), town.slug).toBe(true);
    expect(shownAt("mattoon", "narrow")).toBe(true);
  });

  it("uses the phone text sizes of scripts/map/service-area.ts in styles.css", async () => {
    const css = await readFile(STYLESHEET, "utf8");
    const phoneRules =
      css.slice(css.indexOf("/* Service-area map */")).match(/@media \(max-width: 47\.99rem\) \{[\s\S]*$/)?.[0] ?? "";
    expect(phoneRules).toMatch(
      new RegExp(`\\.map-towns,\\s*\\.map-scale \\{\\s*font-size: ${MAP_TEXT.town.narrow}px;`),
    );
    expect(phoneRules).toMatch(new RegExp(`\\.map-county-names \\{\\s*font-size: ${MAP_TEXT.county.narrow}px;`));
  });
});

describe("compactPath", () => {
  const identity = geoIdentity();
  const line = (...points: [number, number][]) => ({ type: "LineString" as const, coordinates: points });

  it("writes whole units as relative steps and drops repeated points", () => {
    expect(compactPath(identity, line([10.4, 20.6], [12.2, 20.9], [12.4, 21.2], [9, 30]))).toBe("M10 21l2 0l-3 9");
  });

  it("leaves out rings clipped down to a point, and drops short steps when asked", () => {
    const dot = {
      type: "Polygon" as const,
      coordinates: [
        [
          [5.1, 5.1],
          [5.2, 5.2],
          [5.3, 5.1],
          [5.1, 5.1],
        ],
      ],
    };
    expect(compactPath(identity, dot)).toBe("");
    expect(compactPath(identity, line([0, 0], [1, 1], [2, 2], [3, 3]), 3)).toBe("M0 0l2 2");
  });
});
