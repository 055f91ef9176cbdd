// The service-area map: an inline SVG drawn from scripts/map/service-area.ts, with a dot linking to every town
// page, and a legend in words and shapes. Colours and the phone text size live in styles.css.
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
 * areas come after the name, so that the focus ring on the first of them is drawn over it.
 */
function TownMark({ town }: { town: MapTown }) {
  return (
    <g transform={`translate(${town.x} ${town.y})`}>
      <a href={townPath(town)} className="map-town">
        <title>{town.linkName}</title>
        {town.label?.variants.map((variant) => (
          <Label key={variant.tiers.join()} variant={variant} />
        ))}
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
        {town.isHome ? <HomeMark /> : <circle className="map-dot" r={em(DOT_EM)} />}
      </a>
    </g>
  );
}

export function ServiceAreaMap({ map }: { map: ServiceAreaMapData }) {
  const home = map.towns.find((town) => town.isHome);
  const { inset, scaleBar } = map;
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
        <g aria-hidden="true">
          <rect className="map-outside" width={map.width} height={map.height} />
          <path className="map-land" d={map.land} />
          <path className="map-served" d={map.servedArea} />
          {/* vector-effect and paint-order are attributes, not CSS: the W3C checker's CSS
              profile does not know them as properties. */}
          <path className="map-county-lines" d={map.countyLines} vectorEffect="non-scaling-stroke" />
          <path className="map-state-line" d={map.stateLine} vectorEffect="non-scaling-stroke" />
          <path className="map-served-border" d={map.servedBorder} vectorEffect="non-scaling-stroke" />
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
            <TownMark key={town.slug} town={town} />
          ))}
        </g>
      </svg>
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
          A town with its own page: select its dot or name
        </li>
        <li>
          <svg className="legend-mark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <rect className="map-outside legend-outside" x="2" y="4" width="20" height="16" />
          </svg>
          Indiana, across the state line
        </li>
      </ul>
    </div>
  );
}
