// A service's page, one for each row of services.yaml.
import { createElement } from "react";
import { ServicePage } from "../../../templates/pages/ServicePage.tsx";
import { serviceNode } from "../../seo/structured-data.ts";
import { heroImageOf } from "../../site/photos.ts";
import { servicePath } from "../../site/urls.ts";
import { HOME_CRUMB, pageRoute, pageTitle, type PageKindModule } from "../kind.ts";
import { SERVICES_CRUMB } from "./services.ts";

export const serviceKind: PageKindModule = {
  kind: "service",
  routes: ({ model }) =>
    model.services.map((service) =>
      pageRoute({
        path: servicePath(service),
        meta: {
          title: pageTitle(`${service.name} in Central IL`, model.business.name),
          description: service.description,
        },
        breadcrumbs: [HOME_CRUMB, SERVICES_CRUMB, { name: service.name, path: servicePath(service) }],
        render: (shell) => createElement(ServicePage, { shell, model, service }),
        hero: heroImageOf(service.hero),
        subject: { kind: "service", service },
        jsonLd: () => [serviceNode(service, model)],
        linkText: service.name,
      }),
    ),
};
