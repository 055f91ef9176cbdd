// The real data built and served with the same server `npm start` uses: one build shared by every
// test file that only reads the site (sharedBuild, serveSharedSite), one of the spec's data with
// the tests' jobs shared the same way (sharedJobsBuild, serveSharedJobsSite), or a build of a
// file's own in a temporary folder, for a file that changes what it serves (buildAndServe).
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import { inject } from "vitest";
import { generate } from "../../scripts/pipeline/generate.ts";
import { serve } from "../../scripts/serve/server.ts";
import { addJobs, JOBS_TODAY } from "./job-fixtures.ts";
import { DATA_DIR, SPEC_DATA_DIR } from "./paths.ts";

export interface BuiltSite {
  dir: string;
  url: string;
  /**
   * Stops the server, so that every request to the site fails as with no network (`up` false), or
   * starts it again at the same address (`up` true).
   */
  network(up: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * The dist/ of the real data that the whole run shares, built by the first test file that asks
 * (in the folder support/shared-build.ts made); the others wait for it. Read it, serve it, never
 * write to it: a file that changes the site builds its own (buildAndServe).
 */
export function sharedBuild(): Promise<string> {
  return sharedBuildIn(inject("sharedBuildRoot"), (dir) => generate({ dataDir: DATA_DIR, outDir: dir }));
}

/**
 * The spec's data with the tests' jobs (support/job-fixtures.ts), built once for the run as
 * sharedBuild() is: the site whose job pages the whole-site suites visit (support/pages.ts,
 * JOB_PAGES), the shipped data having no job. Its data folder is `jobsDataDir(dist)`.
 */
export async function sharedJobsBuild(): Promise<string> {
  const root = path.join(inject("sharedBuildRoot"), "jobs");
  await mkdir(root, { recursive: true });
  return sharedBuildIn(root, async (dir) => {
    const data = jobsDataDir(dir);
    await cp(SPEC_DATA_DIR, data, { recursive: true });
    await addJobs(data);
    await generate({ dataDir: data, outDir: dir, today: JOBS_TODAY });
  });
}

/** The data folder the build of sharedJobsBuild() was made from. */
export function jobsDataDir(dist: string): string {
  return path.join(path.dirname(dist), "data");
}

/** Builds into `root`/dist once for the run: the first caller builds, the others wait for it. */
async function sharedBuildIn(root: string, build: (dir: string) => Promise<unknown>): Promise<string> {
  const dir = path.join(root, "dist");
  const [built, failed] = [path.join(root, "built"), path.join(root, "failed")];
  const building = await mkdir(path.join(root, "building")).then(
    () => true,
    () => false,
  );
  if (building) {
    try {
      await build(dir);
    } catch (error) {
      await writeFile(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
    await writeFile(built, "");
    return dir;
  }
  // The first file to ask builds with nothing cached on a fresh clone, beside other files' work.
  const deadline = Date.now() + 240_000;
  while (!existsSync(built)) {
    if (existsSync(failed)) throw new Error(`the shared build failed:\n${await readFile(failed, "utf8")}`);
    if (Date.now() > deadline) throw new Error(`the shared build in ${root} did not finish in 4 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return dir;
}

/** The shared build, served by a server of this file's own: stopping it stops no one else's. */
export async function serveSharedSite(): Promise<BuiltSite> {
  return serveFolder(await sharedBuild());
}

/** The shared build with the tests' jobs, served by a server of this file's own. */
export async function serveSharedJobsSite(): Promise<BuiltSite> {
  return serveFolder(await sharedJobsBuild());
}

export async function buildAndServe(dataDir: string = DATA_DIR): Promise<BuiltSite> {
  const tmp = await mkdtemp(path.join(tmpdir(), "site-test-"));
  const dir = path.join(tmp, "dist");
  await generate({ dataDir, outDir: dir });
  const site = await serveFolder(dir);
  return {
    ...site,
    close: async () => {
      await site.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

async function serveFolder(dir: string): Promise<BuiltSite> {
  let { server, url } = await serve({ dir, port: 0 });
  const port = Number(new URL(url).port);
  let up = true;
  return {
    dir,
    url,
    async network(wanted) {
      if (wanted === up) return;
      if (wanted) ({ server } = await serve({ dir, port }));
      else await closeServer(server);
      up = wanted;
    },
    close: async () => {
      if (up) await closeServer(server);
    },
  };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
