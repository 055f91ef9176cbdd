// The service-area map, drawn once per build and shared: inline on the Service Area page, and as a
// picture of its own (dist/service-area-map.svg) on the home page.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SiteModel } from "../data/model.ts";
import type { KeptBundles } from "../lib/bundle.ts";
import { buildServiceAreaMap, type ServiceAreaMapData } from "../map/service-area.ts";
import { MapPictureDocument } from "../../templates/parts/ServiceAreaMap.tsx";
import { buildMapPictureStylesheet } from "./assets.ts";

/** The model's service-area map, drawn the first time it is asked for, then the same one each time. */
export function serviceAreaMapOf(model: SiteModel): () => ServiceAreaMapData {
  let map: ServiceAreaMapData | undefined;
  return () => (map ??= buildServiceAreaMap(model));
}

/** The picture's file: an SVG document, read as XML, so its stylesheet may hold no "<" or "&". */
export async function renderMapPicture(map: ServiceAreaMapData, kept?: KeptBundles): Promise<string> {
  const css = await buildMapPictureStylesheet(kept);
  if (/[<&]/.test(css)) throw new Error("the map picture's stylesheet holds < or &, which XML would misread");
  return `${renderToStaticMarkup(createElement(MapPictureDocument, { map, css }))}\n`;
}
