// A worker thread of the render pool (render-pool.ts): it renders pages, with what the security
// policy needs of each, and draws link-preview cards, so that every core does the work the main
// thread used to do alone. The main thread loads and checks the data; a worker rebuilds the same
// model from it once per build, and the same route table, so a page renders here exactly as it
// would there.
import { deserialize } from "node:v8";
import { loadIcons } from "../data/icons.ts";
import type { RawData } from "../data/load.ts";
import { buildModel } from "../data/model.ts";
import { pagePolicy, type PagePolicy } from "../headers/policy.ts";
import { iconsUsed } from "../pages/icons.ts";
import { renderRoute, type RenderContext } from "../pages/render.ts";
import { buildRoutes, notFoundRoute } from "../pages/routes.ts";
import { pageHeadFor } from "../seo/head.ts";
import { socialIconsUsed } from "../seo/social-meta.ts";
import { drawSocialCardHere } from "../seo/social-images.ts";
import type { PageAssets, Route } from "../site/page.ts";
import type { SocialCardData } from "../site/social.ts";

/** What a worker needs to render a build's pages: the checked data, not the files. */
export interface BuildInput {
  raw: Omit<RawData, "warnings">;
  today: Date;
  year: number;
  assets: PageAssets;
}

export type RenderTask =
  | {
      kind: "pages";
      /** Tells one build from the next, so that a worker rebuilds its model once per build. */
      build: number;
      /** The BuildInput, serialized once and shared by every worker rather than copied to each task. */
      input: SharedArrayBuffer;
      /** Routes [from, to) of the route table, the 404 page last. */
      from: number;
      to: number;
    }
  | { kind: "card"; card: SocialCardData };

export interface RenderedPage {
  file: string;
  html: string;
  policy: PagePolicy;
}

interface Build {
  id: number;
  ready: Promise<{ routes: Route[]; context: RenderContext; business: RenderContext["business"] }>;
}

let current: Build | undefined;

async function prepare(input: SharedArrayBuffer) {
  const { raw, today, year, assets } = deserialize(Buffer.from(new Uint8Array(input))) as BuildInput;
  const model = buildModel({ ...raw, warnings: [] }, { today });
  await loadIcons([...iconsUsed(model), ...socialIconsUsed(model)]);
  const context: RenderContext = { business: model.business, assets, year, headFor: pageHeadFor(model) };
  return { routes: [...buildRoutes(model), notFoundRoute(model)], context, business: model.business };
}

export default async function run(task: RenderTask): Promise<RenderedPage[] | Uint8Array> {
  if (task.kind === "card") return drawSocialCardHere(task.card);
  if (current?.id !== task.build) current = { id: task.build, ready: prepare(task.input) };
  const { routes, context, business } = await current.ready;
  return routes.slice(task.from, task.to).map((route) => {
    const html = renderRoute(route, context);
    return { file: route.file, html, policy: pagePolicy(business, route.file, html) };
  });
}
