// The service-area map, drawn from scripts/map/service-area.ts, in two forms. On the Service Area page
// it is inline, with a dot linking to every town page. On the home page it is a picture, the same
// drawing without links in a file of its own (MapPictureDocument), shown by <img> inside one link to
// the Service Area page. Measured with gzip -9, the inline map and its legend were 2.8 KB of the home
// page's 14.2 KB (its budget is 14,336 bytes); the picture and the legend are 0.4 KB, and the page
// 11.8 KB: room for three reviews (test/reviews.test.ts weighs them). The paths, already in whole
// units, are 0.7 KB of the map: no rounding of them could have found that room. The town links beside
// the picture lead to every town, and the picture is lazy, below the first screen. How the map is
// drawn lives in templates/map.css, its place on the page in styles.css.
import {
  DOT_EM,
  HOME_MARK_EM,
  MAP_TEXT,
  type MapTown,
  type ServiceAreaMapData,
} from "../../scripts/map/service-area.ts";
import type { LabelVariant } from "../../scripts/map/labels.ts";
import { townPath } from "../../scripts/site/urls.ts";

/** A five-pointed star of radius 1 around the origin. */
const STAR = "M0-1L.26-.36L.95-.31L.43.14L.59.81L0 .45L-.59.81L-.43.14L-.95-.31L-.26-.36Z";

/** "0.34em" as ".34em": every byte of the map is sent with the page. */
const em = (value: number) => `${Number(value.toFixed(2))}em`.replace(/^(-?)0\./, "$1.");

function HomeMark() {
  return (
    <svg
      className="map-home"
      x={em(-HOME_MARK_EM)}
      y={em(-HOME_MARK_EM)}
      width={em(2 * HOME_MARK_EM)}
      height={em(2 * HOME_MARK_EM)}
      viewBox="-1 -1 2 2"
      overflow="visible"
      aria-hidden="true"
    >
      <path className="map-home-star" d={STAR} />
    </svg>
  );
}

/** Shown at both text sizes, or only at one (see LabelPlacer). */
const variantClass = (variant: LabelVariant) =>
  variant.tiers.length > 1 ? undefined : `map-label-${variant.tiers[0]}`;

/** A label of one line is a plain <text>; the home base's second line is a <tspan>. */
function Label({ variant }: { variant: LabelVariant }) {
  const anchor = variant.anchor === "start" ? undefined : variant.anchor;
  const [first, ...more] = variant.lines;
  if (!first) return null;
  if (more.length === 0) {
    return (
      <text className={variantClass(variant)} textAnchor={anchor} dx={em(first.dxEm)} dy={em(first.dyEm)}>
        {first.text}
      </text>
    );
  }
  return (
    <text className={variantClass(variant)} textAnchor={anchor}>
      {variant.lines.map((line, index) => (
        <tspan
          key={line.text}
          className={line.wideOnly ? "map-label-sub map-label-wide" : index > 0 ? "map-label-sub" : undefined}
          x={index > 0 ? 0 : undefined}
          dx={em(line.dxEm)}
          dy={em(line.dyEm)}
          fontSize={line.scale === 1 ? undefined : em(line.scale)}
        >
          {line.text}
        </tspan>
      ))}
    </text>
  );
}

/**
 * A town page's dot (the star for the home base) and name, as one link, drawn around 0,0. The hit
 * areas come after the name, so that the focus ring on the first of them is drawn over it. In the
 * picture, the same dot and name without the link.
 */
function TownMark({ town, linked }: { town: MapTown; linked: boolean }) {
  const labels = town.label?.variants.map((variant) => <Label key={variant.tiers.join()} variant={variant} />);
  const mark = town.isHome ? <HomeMark /> : <circle className="map-dot" r={em(DOT_EM)} />;
  return (
    <g transform={`translate(${town.x} ${town.y})`}>
      {linked ? (
        <a href={townPath(town)} className="map-town">
          <title>{town.linkName}</title>
          {labels}
          {town.hitAreas.map((area) => (
            <rect
              key={area.tiers.join()}
              className={area.tiers.length > 1 ? "map-hit" : `map-hit map-label-${area.tiers[0]}`}
              x={em(area.box.x0)}
              y={em(area.box.y0)}
              width={em(area.box.x1 - area.box.x0)}
              height={em(area.box.y1 - area.box.y0)}
            />
          ))}
          {mark}
        </a>
      ) : (
        <g className="map-town">
          {labels}
          {mark}
        </g>
      )}
    </g>
  );
}

/**
 * Everything the map draws, inside its <svg>: the land and counties, then the towns, each a link
 * when the map is inline in a page, not in the picture.
 */
function MapDrawing({ map, inline }: { map: ServiceAreaMapData; inline: boolean }) {
  const { inset, scaleBar } = map;
  const lines = inline ? "non-scaling-stroke" : undefined;
  return (
    <>
      <g aria-hidden="true">
        <rect className="map-outside" width={map.width} height={map.height} />
        <path className="map-land" d={map.land} />
        <path className="map-served" d={map.servedArea} />
        {/* vector-effect and paint-order are attributes, not CSS: the W3C checker's CSS
            profile does not know them as properties. Its SVG schema does not know vector-effect
            as an attribute: the picture says it in its stylesheet (templates/map-picture.css). */}
        <path className="map-county-lines" d={map.countyLines} vectorEffect={lines} />
        <path className="map-state-line" d={map.stateLine} vectorEffect={lines} />
        <path className="map-served-border" d={map.servedBorder} vectorEffect={lines} />
        <g className="map-county-names" fontSize={MAP_TEXT.county.wide} textAnchor="middle" paintOrder="stroke">
          {map.servedCounties.map((county) => (
            <text key={county.name} x={county.labelX} y={county.labelY} dy=".35em">
              {county.name.toUpperCase()}
            </text>
          ))}
        </g>
        <g className="map-inset">
          <rect x={inset.x} y={inset.y} width={inset.width} height={inset.height} rx="6" />
          <path className="map-inset-state" d={inset.state} />
          <path className="map-inset-served" d={inset.served} />
          <path className="map-inset-frame" d={inset.frame} />
        </g>
        <g className="map-scale" fontSize={MAP_TEXT.town.wide}>
          <path d={`M${scaleBar.x} ${scaleBar.y - 8}v8h${scaleBar.length}v-8`} />
          <text x={scaleBar.x} y={scaleBar.y} dy="-.6em">
            {scaleBar.text}
          </text>
        </g>
      </g>
      <g className="map-towns" fontSize={MAP_TEXT.town.wide} paintOrder="stroke">
        {map.towns.map((town) => (
          <TownMark key={town.slug} town={town} linked={inline} />
        ))}
      </g>
    </>
  );
}

/** What the map's marks mean; on the picture, the towns are links in the list beside it, not on the map. */
function MapLegend({ map, linked }: { map: ServiceAreaMapData; linked: boolean }) {
  const home = map.towns.find((town) => town.isHome);
  return (
    <ul className="map-legend" aria-label="Map legend">
      <li>
        <svg className="legend-mark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <rect className="map-served legend-served" x="2" y="4" width="20" height="16" />
        </svg>
        Counties we serve, named in capitals
      </li>
      {home ? (
        <li>
          <svg className="legend-mark" viewBox="-1.2 -1.2 2.4 2.4" width="24" height="24" aria-hidden="true">
            <path className="map-home-star" d={STAR} />
          </svg>
          Our home base in {home.name}
        </li>
      ) : null}
      <li>
        <svg className="legend-mark" viewBox="-12 -12 24 24" width="24" height="24" aria-hidden="true">
          <circle className="map-dot" r="6" />
        </svg>
        {linked ? "A town with its own page: select its dot or name" : "A town with its own page"}
      </li>
      <li>
        <svg className="legend-mark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <rect className="map-outside legend-outside" x="2" y="4" width="20" height="16" />
        </svg>
        Indiana, across the state line
      </li>
    </ul>
  );
}

/** The map inline, every town a link: on the Service Area page. */
export function ServiceAreaMap({ map }: { map: ServiceAreaMapData }) {
  return (
    <div className="area-map">
      <svg
        className="area-map-svg"
        viewBox={`0 0 ${map.width} ${map.height}`}
        width={map.width}
        height={map.height}
        role="group"
        aria-labelledby="area-map-title"
        aria-describedby="area-map-desc"
      >
        <title id="area-map-title">{map.title}</title>
        <desc id="area-map-desc">{map.description}</desc>
        <MapDrawing map={map} inline />
      </svg>
      <MapLegend map={map} linked />
    </div>
  );
}

/**
 * The map as a picture in one link to the page with the inline map (`href`): on the home page. It
 * is loaded lazily, below the first screen, and its box is sized up front.
 */
export function ServiceAreaMapPicture({ map, src, href }: { map: ServiceAreaMapData; src: string; href: string }) {
  return (
    <div className="area-map">
      <a href={href} className="area-map-link">
        <img
          className="area-map-svg"
          src={src}
          width={map.width}
          height={map.height}
          alt={map.pictureAlt}
          loading="lazy"
          decoding="async"
        />
      </a>
      <MapLegend map={map} linked={false} />
    </div>
  );
}

/**
 * The picture's file: a standalone SVG document with the drawing, no links, and its own stylesheet
 * (`css`: templates/palette.css, map.css and map-picture.css), since a picture sees none of the page's. Its text
 * sizes on phones follow the picture's own width.
 */
export function MapPictureDocument({ map, css }: { map: ServiceAreaMapData; css: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className="area-map-svg"
      viewBox={`0 0 ${map.width} ${map.height}`}
      width={map.width}
      height={map.height}
    >
      <title>{map.title}</title>
      <style dangerouslySetInnerHTML={{ __html: css }} />
      <MapDrawing map={map} inline={false} />
    </svg>
  );
}
