// The drawing inside a Lucide icon (its paths, circles and lines), without the <svg> element
// around it. Pages wrap it in a lean <svg> of their own: the stroke settings every icon shares
// are set once in the stylesheet (section "Icons") instead of on each of the many icons a page
// carries, which keeps the home page inside its first-round-trip byte budget.
import { createContext, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Icons } from "../../scripts/data/icons.ts";

/** The square Lucide draws every icon in. */
export const ICON_VIEW_BOX = "0 0 24 24";

/** Lucide's own drawing attributes; the stylesheet's icon rule repeats exactly these. */
export const ICON_STROKE = {
  fill: "none",
  stroke: "currentColor",
  "stroke-width": "2",
  "stroke-linecap": "round",
  "stroke-linejoin": "round",
} as const;

/** Each icon's drawing, by name. */
export type IconDrawings = ReadonlyMap<string, string>;

/** The drawings of every icon of a build, made once for all its pages. */
export function iconDrawings(icons: Icons): IconDrawings {
  return new Map(
    [...icons].map(([name, component]) => {
      const svg = renderToStaticMarkup(createElement(component));
      const match = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg);
      if (!match) throw new Error(`Icon "${name}" did not render as one <svg> element`);
      return [name, match[1]!];
    }),
  );
}

/** Where <Icon> finds the build's drawings: renderRoute provides them (scripts/pages/render.ts). */
export const IconDrawingsContext = createContext<IconDrawings>(new Map());

export function iconDrawing(drawings: IconDrawings, name: string): string {
  const drawing = drawings.get(name);
  if (drawing === undefined) throw new Error(`Icon "${name}" was not loaded before rendering`);
  return drawing;
}
