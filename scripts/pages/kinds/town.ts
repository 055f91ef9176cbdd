// A town's page, one for each row of towns.yaml, the regular service area first.
import { createElement } from "react";
import { allTowns } from "../../data/model.ts";
import { TownPage } from "../../../templates/pages/TownPage.tsx";
import { faqPageNode, townServiceNode } from "../../seo/structured-data.ts";
import { heroImageOf } from "../../site/photos.ts";
import { townPath } from "../../site/urls.ts";
import { HOME_CRUMB, pageRoute, pageTitle, type PageKindModule } from "../kind.ts";
import { TOWNS_CRUMB } from "./towns.ts";

export const townKind: PageKindModule = {
  kind: "town",
  routes: ({ model }) =>
    allTowns(model).map((town) =>
      pageRoute({
        path: townPath(town),
        meta: {
          title: pageTitle(`Excavation Services in ${town.name}, IL`, model.business.name),
          description: town.description,
        },
        breadcrumbs: [HOME_CRUMB, TOWNS_CRUMB, { name: town.name, path: townPath(town) }],
        render: (shell) => createElement(TownPage, { shell, model, town }),
        hero: heroImageOf(town.hero),
        subject: { kind: "town", town },
        jsonLd: (pageUrl) => [townServiceNode(town, model), faqPageNode(town.faqs, pageUrl)],
        linkText: `Excavation in ${town.name}, IL`,
      }),
    ),
};
