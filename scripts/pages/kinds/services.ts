// The services index: every service of services.yaml as a card.
import { createElement } from "react";
import { joinList } from "../../data/model.ts";
import type { Service } from "../../data/schema.ts";
import { ServicesPage } from "../../../templates/pages/ServicesPage.tsx";
import type { Crumb } from "../../site/page.ts";
import { SERVICES_PATH } from "../../site/urls.ts";
import { DESCRIPTION_LENGTH, HOME_CRUMB, pageRoute, pageTitle, type PageKindModule } from "../kind.ts";

/** The services index's crumb, on each service's page too. */
export const SERVICES_CRUMB: Crumb = { name: "Services", path: SERVICES_PATH };

/**
 * The services index's meta description, from services.yaml: the services' labels in the data's
 * order, as many whole as fit in the characters results show (DESCRIPTION_LENGTH), then "and more".
 */
function servicesDescription(services: readonly Service[]): string {
  const where = " in Central Illinois.";
  const labels = services.map((service) => service.label);
  for (let count = labels.length; count > 1; count--) {
    const shown = count === labels.length ? labels : [...labels.slice(0, count), "more"];
    const description = `${joinList(shown)}${where}`;
    if (description.length <= DESCRIPTION_LENGTH) return description;
  }
  return `${labels[0]} and more${where}`;
}

export const servicesKind: PageKindModule = {
  kind: "services",
  routes: ({ model }) => [
    pageRoute({
      path: SERVICES_PATH,
      meta: {
        title: pageTitle("Excavation Services in Central IL", model.business.name),
        description: servicesDescription(model.services),
      },
      breadcrumbs: [HOME_CRUMB, SERVICES_CRUMB],
      render: (shell) => createElement(ServicesPage, { shell, model }),
    }),
  ],
};
