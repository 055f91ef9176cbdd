// The home page: the hero, the services and towns, the FAQ and the contact section.
import { createElement } from "react";
import { HomePage } from "../../../templates/pages/HomePage.tsx";
import { businessNode, faqPageNode, websiteNode } from "../../seo/structured-data.ts";
import { heroImageOf } from "../../site/photos.ts";
import { HOME_PATH } from "../../site/urls.ts";
import { pageRoute, pageTitle, type PageKindModule } from "../kind.ts";

export const homeKind: PageKindModule = {
  kind: "home",
  routes: ({ model, areaMap }) => {
    const { business } = model;
    return [
      pageRoute({
        path: HOME_PATH,
        meta: {
          title: pageTitle(`Excavation in ${business.address.city}, ${business.address.region}`, business.name),
          description: `Locally owned excavation contractor in ${business.address.city}, IL: drainage, grading, site prep, basements and more across Central Illinois. Free estimates.`,
        },
        breadcrumbs: [],
        render: (shell) => createElement(HomePage, { shell, model, map: areaMap() }),
        hero: heroImageOf(business.hero),
        jsonLd: (pageUrl) => [businessNode(model), websiteNode(model), faqPageNode(model.homeFaqs, pageUrl)],
        linkText: "Home",
      }),
    ];
  },
};
