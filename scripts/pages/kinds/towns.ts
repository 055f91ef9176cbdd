// The service-area index: the map and every town with a page.
import { createElement } from "react";
import { joinList } from "../../data/model.ts";
import { TownsPage } from "../../../templates/pages/TownsPage.tsx";
import type { Crumb } from "../../site/page.ts";
import { TOWNS_PATH } from "../../site/urls.ts";
import { HOME_CRUMB, pageRoute, pageTitle, type PageKindModule } from "../kind.ts";

/** The service-area index's crumb, on each town's page too. */
export const TOWNS_CRUMB: Crumb = { name: "Service Area", path: TOWNS_PATH };

export const townsKind: PageKindModule = {
  kind: "towns",
  routes: ({ model, areaMap }) => {
    const { business } = model;
    return [
      pageRoute({
        path: TOWNS_PATH,
        meta: {
          title: pageTitle("Excavation Service Area in Central IL", business.name),
          description: `Towns we serve from ${business.address.city}: ${joinList(business.counties)} counties and nearby Central Illinois communities.`,
        },
        breadcrumbs: [HOME_CRUMB, TOWNS_CRUMB],
        render: (shell) => createElement(TownsPage, { shell, model, map: areaMap() }),
        linkText: "Service area: every town we serve",
      }),
    ];
  },
};
