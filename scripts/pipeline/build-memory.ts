// What a process keeps between builds, in one object. The dev server's build process makes one and
// hands it to every build, so that a save does not make again what it did not change; `sitegen
// changed-since` makes one for its two builds (day-change.ts); a build from the command line gets a
// fresh one, and starts from nothing. No module keeps anything between builds of its own: what is
// kept is here, and what a build may reuse from disk is in the build's cache (lib/cache.ts).
import type { KeptEditorFiles } from "../admin/files.ts";
import type { KeptBundles } from "../lib/bundle.ts";

export class BuildMemory {
  /**
   * esbuild's bundles, each with the files it was made from (lib/bundle.ts): the pages' stylesheet
   * and scripts, the map picture's stylesheet and the service worker.
   */
  readonly bundles: KeptBundles = new Map();
  /** The site editor's configuration and scripts, by what they are made from (admin/files.ts). */
  readonly editor: KeptEditorFiles = {};
}
