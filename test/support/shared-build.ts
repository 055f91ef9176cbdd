// Vitest's global setup (vitest.config.ts): a folder for the one build of the real data that the
// tests which only read the site share (support/site.ts, sharedBuild()). Nothing is built here:
// the first test file that asks builds it, so that a run of files that never ask builds nothing.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder that holds the shared build, made for this run and removed after it. */
    sharedBuildRoot: string;
  }
}

export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), "site-shared-"));
  provide("sharedBuildRoot", root);
  return () => rm(root, { recursive: true, force: true });
}
