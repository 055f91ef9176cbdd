// Every icon a build draws: the templates' own and the ones the data names.
import { allTowns, type SiteModel } from "../data/model.ts";
import { TEMPLATE_ICONS } from "../../templates/icons.ts";

export function iconsUsed(model: SiteModel): string[] {
  return [
    ...TEMPLATE_ICONS,
    ...model.business.claims.map((claim) => claim.icon),
    ...model.services.flatMap((service) => [service.icon, ...service.highlights.map((h) => h.icon)]),
    ...allTowns(model).flatMap((town) => town.highlights.map((h) => h.icon)),
  ];
}
