// The contact page: the estimate form, the phone and the number for texts.
import { createElement } from "react";
import { ContactPage } from "../../../templates/pages/ContactPage.tsx";
import { businessNode, websiteNode } from "../../seo/structured-data.ts";
import { CONTACT_PATH } from "../../site/urls.ts";
import { HOME_CRUMB, pageRoute, pageTitle, type PageKindModule } from "../kind.ts";

export const contactKind: PageKindModule = {
  kind: "contact",
  routes: ({ model }) => {
    const { business } = model;
    return [
      pageRoute({
        path: CONTACT_PATH,
        meta: {
          title: pageTitle(`Free Excavation Estimate in ${business.address.city}, IL`, business.name),
          description: `Request a free, no-obligation excavation estimate from ${business.name}. Send the form for an estimate ${business.estimatePromise}, or call ${business.phone.display}.`,
        },
        breadcrumbs: [HOME_CRUMB, { name: "Contact", path: CONTACT_PATH }],
        render: (shell) => createElement(ContactPage, { shell, model }),
        jsonLd: () => [businessNode(model), websiteNode(model)],
        linkText: "Request a free estimate",
      }),
    ];
  },
};
