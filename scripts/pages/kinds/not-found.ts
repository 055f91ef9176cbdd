// The not-found page, served for every unknown path: not a public page, with no address of its own.
import { createElement } from "react";
import type { SiteModel } from "../../data/model.ts";
import { NotFoundPage } from "../../../templates/pages/NotFoundPage.tsx";
import type { Route } from "../../site/page.ts";
import { NOT_FOUND_FILE } from "../../site/urls.ts";
import { hiddenRoute, pageTitle } from "../kind.ts";

export function notFoundRoute(model: SiteModel): Route {
  return hiddenRoute({
    path: "/404",
    file: NOT_FOUND_FILE,
    kind: "not-found",
    meta: {
      title: pageTitle("Page Not Found", model.business.name),
      description: `The page you asked for does not exist. Find excavation services and the towns ${model.business.name} serves in Central Illinois.`,
    },
    render: (shell) => createElement(NotFoundPage, { shell, model }),
  });
}
