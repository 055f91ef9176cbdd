// The real data built and served with the same server `npm start` uses: one build shared by every
// test file that only reads the site (sharedBuild, serveSharedSite), or a build of a file's own in
// a temporary folder, for a file that changes what it serves (buildAndServe).
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import { inject } from "vitest";
import { generate } from "../../scripts/pipeline/generate.ts";
import { serve } from "../../scripts/serve/server.ts";
import { DATA_DIR } from "./paths.ts";

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
export async function sharedBuild(): Promise<string> {
  const root = inject("sharedBuildRoot");
  const dir = path.join(root, "dist");
  const [built, failed] = [path.join(root, "built"), path.join(root, "failed")];
  const building = await mkdir(path.join(root, "building")).then(
    () => true,
    () => false,
  );
  if (building) {
    try {
      await generate({ dataDir: DATA_DIR, outDir: dir });
    } catch (error) {
      await writeFile(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
    await writeFile(built, "");
    return dir;
  }
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

export async function buildAndServe(): Promise<BuiltSite> {
  const tmp = await mkdtemp(path.join(tmpdir(), "site-test-"));
  const dir = path.join(tmp, "dist");
  await generate({ dataDir: DATA_DIR, outDir: dir });
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
