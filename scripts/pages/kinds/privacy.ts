// The privacy policy, linked from every page's footer.
import { createElement } from "react";
import { PrivacyPage } from "../../../templates/pages/PrivacyPage.tsx";
import { PRIVACY_PATH } from "../../site/urls.ts";
import { HOME_CRUMB, pageRoute, pageTitle, type PageKindModule } from "../kind.ts";

export const privacyKind: PageKindModule = {
  kind: "privacy",
  routes: ({ model }) => [
    pageRoute({
      path: PRIVACY_PATH,
      meta: {
        title: pageTitle("Privacy Policy", model.business.name),
        description: `How ${model.business.name}'s website, estimate form, calls and texts handle your information, and how to stop texts.`,
      },
      breadcrumbs: [HOME_CRUMB, { name: "Privacy Policy", path: PRIVACY_PATH }],
      render: (shell) =>
        createElement(PrivacyPage, { shell, facts: model.privacy.facts, updated: model.privacy.updated }),
    }),
  ],
};
