// The pages the site editor's preview links open (site/urls.ts editedPath): one for each data
// file, which sends the browser on to the page a change to that file is on. Not public pages: no
// address in the sitemap, noindex.
import { createElement } from "react";
import type { SiteModel } from "../../data/model.ts";
import { DATA_FILES, type DataFileName } from "../../data/schema.ts";
import { EditedPage } from "../../../templates/pages/EditedPage.tsx";
import type { Route } from "../../site/page.ts";
import { editedPath, fileForPath } from "../../site/urls.ts";
import { hiddenRoute, pageTitle } from "../kind.ts";

/** One page per data file, each sending the browser to `pages[file]`. */
export function editedRoutes(model: SiteModel, pages: Record<DataFileName, string>): Route[] {
  return (Object.keys(DATA_FILES) as DataFileName[]).map((name) => {
    const path = editedPath(name);
    const target = pages[name];
    return hiddenRoute({
      path,
      file: fileForPath(path),
      kind: "edited",
      meta: {
        title: pageTitle("Opening the changed page", model.business.name),
        description: `Opens the page of ${model.business.name}'s site that a change to ${DATA_FILES[name].file} is on.`,
        refreshTo: target,
      },
      render: (shell) => createElement(EditedPage, { shell, target }),
    });
  });
}
