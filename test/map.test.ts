// The service-area map in the generated pages (inline with a link per town on the Service Area
// page, a picture in one link to that page on the home page), the lists that repeat its links, and
// the town pages' distance and nearby towns; checked on renderSite's output, not on the templates.
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { geoIdentity } from "d3-geo";
import { describe, expect, it } from "vitest";
import { MAP_STYLESHEET } from "../scripts/pages/assets.ts";
import { inlineHash } from "../scripts/headers/csp.ts";
import { HEADERS_FILE, parseHeadersFile } from "../scripts/headers/headers-file.ts";
import { picturePolicy } from "../scripts/headers/policy.ts";
import { headersForPath } from "../scripts/headers/rules.ts";
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
import { SERVICE_AREA_MAP_FILE, SERVICE_AREA_MAP_PATH, townPath } from "../scripts/site/urls.ts";
import { compactPath } from "../scripts/map/svg-path.ts";
import { DATA_DIR } from "./support/paths.ts";

const site = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
const { model } = site;
const towns = allTowns(model);
const routePaths = new Set(site.routes.map((route) => route.path));
const townPagePaths = site.routes.filter((route) => route.subject.kind === "town").map((route) => route.path);

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
  it("is on the Service Area page with one link per town page, each to a route", () => {
    const links = hrefs(mapSvg(html("towns.html")));
    expect(links).toHaveLength(towns.length);
    expect([...links].sort()).toEqual([...townPagePaths].sort());
    for (const link of links) expect(routePaths.has(link), link).toBe(true);
  });

  it("draws and names the served counties", () => {
    const svg = mapSvg(html("towns.html"));
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
    expect(description).toContain(`${towns.length} towns`);
    expect(description).toContain("home base in Mattoon");
  });

  it("gives every dot's link an accessible name, and marks the home base with a star and words", () => {
    const svg = mapSvg(html("towns.html"));
    const links = [...svg.matchAll(/<a href="([^"]+)" class="map-town"><title>([^<]+)<\/title>([\s\S]*?)<\/a>/g)];
    expect(links).toHaveLength(towns.length);
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
});

/** The <img> of the map's picture on a page, and the link around it. */
const pictureOn = (page: string) =>
  /<a href="([^"]+)" class="area-map-link">(<img [^>]*>)<\/a>/.exec(page) ?? undefined;
const attributesOf = (element: string) =>
  Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));

describe("the home page's picture of the map", () => {
  const picture = html(SERVICE_AREA_MAP_FILE);
  const home = html("index.html");
  const inline = mapSvg(html("towns.html"));
  /** The land, counties, inset and scale: everything but the towns. */
  const drawing = (svg: string) => /<g aria-hidden="true">[\s\S]*?<\/g><\/g>(?=<g class="map-towns")/.exec(svg)?.[0];
  /** The names of the towns and the dots, with the links and their hit areas taken away. */
  const towns = (svg: string) =>
    /<g class="map-towns"[\s\S]*$/
      .exec(svg)?.[0]
      .replace(/<a href="[^"]+" class="map-town"><title>[^<]*<\/title>/g, '<g class="map-town">')
      .replace(/<rect class="map-hit[^"]*"[^>]*><\/rect>/g, "")
      .replace(/<\/a>/g, "</g>");

  it("is the home page's map, an <img> sized up front and loaded late, in one link to the Service Area page", () => {
    expect(home).not.toContain('<svg class="area-map-svg"');
    const [, href, img] = pictureOn(home) ?? [];
    expect(href).toBe("/towns");
    expect(routePaths.has(href!)).toBe(true);
    const { width, height } = buildServiceAreaMap(model);
    expect(attributesOf(img!)).toMatchObject({
      class: "area-map-svg",
      src: SERVICE_AREA_MAP_PATH,
      width: String(width),
      height: String(height),
      loading: "lazy",
      decoding: "async",
    });
    expect(SERVICE_AREA_MAP_PATH).toBe(`/${SERVICE_AREA_MAP_FILE}`);
    expect(site.files.has(SERVICE_AREA_MAP_FILE)).toBe(true);
  });

  it("says in words what it shows and where its link goes", () => {
    const alt = attributesOf(pictureOn(home)![2]!).alt ?? "";
    expect(alt).toMatch(/^Map of our service area around Mattoon, Illinois: /);
    for (const county of model.business.counties) expect(alt).toContain(county);
    expect(alt).toContain(`${allTowns(model).length} towns`);
    expect(alt).toContain("home base in Mattoon");
    expect(alt).toMatch(/Open the map with a link to each town\.$/);
    // Its legend does not promise dots to select: they are in the list beside it.
    expect(home).toContain("A town with its own page</li>");
    expect(home).not.toContain("select its dot or name");
    expect(html("towns.html")).toContain("A town with its own page: select its dot or name");
  });

  it("draws what the inline map draws, without its links", () => {
    expect(picture).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" class="area-map-svg" viewBox="0 0 \d+ \d+"/,
    );
    expect(drawing(picture)).toBeDefined();
    // Thin lines at any size: vector-effect, an attribute inline, is in the picture's stylesheet.
    expect(drawing(picture)).toBe(drawing(inline)?.replaceAll(' vector-effect="non-scaling-stroke"', ""));
    expect(drawing(inline)?.match(/ vector-effect="non-scaling-stroke"/g)).toHaveLength(3);
    expect(picture).toContain(
      ".map-county-lines,.map-state-line,.map-served-border{vector-effect:non-scaling-stroke}</style>",
    );
    expect(towns(picture.trimEnd())).toBe(towns(inline));
    expect(picture).not.toMatch(/<a[\s>]|href=|<script|\sstyle=/);
    for (const county of model.business.counties) expect(picture).toContain(`>${county.toUpperCase()}</text>`);
    expect(picture).toContain(">Mattoon</tspan>");
  });

  it("carries its own stylesheet, the palette and the map's, since a picture sees none of the page's", () => {
    const css = /<style>([^<]*)<\/style>/.exec(picture)?.[1] ?? "";
    expect(css).toMatch(/^:root\{--ink: #1b2026;/);
    expect(css).toContain(".map-served{fill:#fbe2a0}");
    expect(css).toContain(
      `@media(max-width:47.99rem){.map-towns,.map-scale{font-size:${MAP_TEXT.town.narrow}px}.map-county-names{font-size:${MAP_TEXT.county.narrow}px}`,
    );
    // Nothing of the page: no layout, no buttons, no focus rings.
    expect(css).not.toMatch(/\.button|\.map-hit|focus-visible|\bbody\b/);
    expect(css).not.toMatch(/[<&]/);
  });

  it("has a header policy of its own: its stylesheet by hash, nothing of the pages', nothing else", () => {
    const rules = parseHeadersFile(html(HEADERS_FILE));
    const policy = headersForPath(rules, SERVICE_AREA_MAP_PATH)["Content-Security-Policy"];
    const css = /<style>([^<]*)<\/style>/.exec(picture)?.[1] ?? "";
    expect(policy).toBe(
      `default-src 'none'; style-src ${inlineHash(css)}; form-action 'none'; base-uri 'none'; frame-ancestors 'none'; upgrade-insecure-requests`,
    );
    expect(headersForPath(rules, "/")["Content-Security-Policy"]).not.toContain(inlineHash(css));
  });

  it("may hold nothing that loads or runs", () => {
    const business = model.business;
    const withImage = picture.replace("</svg>\n", '<image href="/x.png" width="1" height="1"></image></svg>');
    expect(() => picturePolicy(business, SERVICE_AREA_MAP_FILE, withImage)).toThrow(
      /service-area-map\.svg: a picture may hold its own stylesheet and nothing else, not img-src/,
    );
    const withStyle = picture.replace("<title>", '<title style="fill:red">');
    expect(() => picturePolicy(business, SERVICE_AREA_MAP_FILE, withStyle)).toThrow(/inline <title style="…">/);
  });

  it(`stays within ${MAP_BUDGET / 1024} KB compressed, and leaves the home page the room for reviews`, () => {
    const compressed = gzipSync(picture, { level: 9 }).length;
    console.log(`service-area map picture: ${picture.length} bytes, ${compressed} bytes with gzip -9`);
    expect(compressed).toBeLessThanOrEqual(MAP_BUDGET);
    const [whole] = /<div class="area-map">[\s\S]*?<\/ul><\/div>/.exec(home) ?? [""];
    expect(gzipSync(whole, { level: 9 }).length).toBeLessThan(gzipSync(inline, { level: 9 }).length / 3);
  });
});

describe("the lists beside the map", () => {
  it.each(["index.html", "towns.html"])("%s links every town page from an ordinary list too", (file) => {
    // The home page's map is a picture, with no links in the page.
    const outsideMap = file === "towns.html" ? html(file).replace(mapSvg(html(file)), "") : html(file);
    for (const townPage of townPagePaths) {
      expect(outsideMap, townPage).toMatch(new RegExp(`<li[^>]*><a href="${townPage}"`));
    }
  });
});

describe("town pages", () => {
  const townPages = towns.map((town) => ({ town, page: html(`towns/${town.slug}.html`) }));

  it("say how far the town is from the business's base in Mattoon", () => {
    for (const { town, page } of townPages) {
      expect(page, town.slug).toContain(distanceFromYard(town, model.business.geo, model.business.address.city));
    }
    expect(html("towns/charleston.html")).toContain(
      "Charleston is about 10 miles from our base in Mattoon, in a straight line.",
    );
    expect(html("towns/mattoon.html")).toContain("Our base is right here in Mattoon.");
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

  it("uses the phone text sizes of scripts/map/service-area.ts in map.css", async () => {
    const css = await readFile(MAP_STYLESHEET, "utf8");
    const phoneRules = css.match(/@media \(max-width: 47\.99rem\) \{[\s\S]*$/)?.[0] ?? "";
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
