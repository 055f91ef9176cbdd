// The drawing inside a Lucide icon (its paths, circles and lines), without the <svg> element
// around it. Pages wrap it in a lean <svg> of their own: the stroke settings every icon shares
// are set once in the stylesheet (section "Icons") instead of on each of the many icons a page
// carries, which keeps the home page inside its first-round-trip byte budget.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { iconComponent } from "../../scripts/data/icons.ts";

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

const drawings = new Map<string, string>();

export function iconDrawing(name: string): string {
  let drawing = drawings.get(name);
  if (drawing === undefined) {
    const svg = renderToStaticMarkup(createElement(iconComponent(name)));
    const match = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg);
    if (!match) throw new Error(`Icon "${name}" did not render as one <svg> element`);
    drawing = match[1]!;
    drawings.set(name, drawing);
  }
  return drawing;
}
