// The service-area map, drawn once per build and shared: inline on the Service Area page, and as a
// picture of its own (dist/service-area-map.svg) on the home page.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SiteModel } from "../data/model.ts";
import { buildServiceAreaMap, type ServiceAreaMapData } from "../map/service-area.ts";
import { MapPictureDocument } from "../../templates/parts/ServiceAreaMap.tsx";
import { buildMapPictureStylesheet } from "./assets.ts";

const drawn = new WeakMap<SiteModel, ServiceAreaMapData>();

/** The map of the model's service area, drawn the first time a page or the picture asks for it. */
export function serviceAreaMapOf(model: SiteModel): ServiceAreaMapData {
  let map = drawn.get(model);
  if (!map) {
    map = buildServiceAreaMap(model);
    drawn.set(model, map);
  }
  return map;
}

/** The picture's file: an SVG document, read as XML, so its stylesheet may hold no "<" or "&". */
export async function renderMapPicture(model: SiteModel): Promise<string> {
  const css = await buildMapPictureStylesheet();
  if (/[<&]/.test(css)) throw new Error("the map picture's stylesheet holds < or &, which XML would misread");
  return `${renderToStaticMarkup(createElement(MapPictureDocument, { map: serviceAreaMapOf(model), css }))}\n`;
}
