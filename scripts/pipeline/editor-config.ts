// `sitegen cms-config`: the site editor's configuration as generate writes it (/admin/config.yml),
// from the data and what the features that are on give it: the tab's icon is the editor's logo.
import { cmsConfig, cmsConfigText } from "../admin/cms-config.ts";
import { loadData } from "../data/load.ts";
import { allTowns, buildModel } from "../data/model.ts";
import { siteParts } from "../features/index.ts";

/** /admin/config.yml for the data in `dataDir`. */
export async function editorConfigText(dataDir: string): Promise<string> {
  const model = buildModel(await loadData(dataDir));
  const parts = await siteParts({ model, today: new Date() });
  const lists = { towns: allTowns(model), services: model.services };
  return cmsConfigText(cmsConfig(model.business, lists, parts.favicon?.icon));
}
