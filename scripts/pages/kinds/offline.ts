// The offline page: what the service worker shows for a page it has not kept when there is no
// network. It has no address and no file of its own; it is written into the worker (SERVICE_WORKER_FILE).
import { createElement } from "react";
import type { SiteModel } from "../../data/model.ts";
import { OfflinePage } from "../../../templates/pages/OfflinePage.tsx";
import type { Route } from "../../site/page.ts";
import { SERVICE_WORKER_FILE } from "../../site/urls.ts";
import { hiddenRoute, pageTitle } from "../kind.ts";

export function offlineRoute(model: SiteModel): Route {
  return hiddenRoute({
    path: "/offline",
    file: SERVICE_WORKER_FILE,
    kind: "offline",
    meta: {
      title: pageTitle("You Are Offline", model.business.name),
      description: `No connection: call or text ${model.business.name} for a free excavation estimate in Central Illinois.`,
    },
    render: (shell) => createElement(OfflinePage, { shell, model }),
  });
}
