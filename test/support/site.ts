// Builds the real data into a temporary folder and serves it with the same server `npm start` uses.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Server } from "node:http";
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

export async function buildAndServe(): Promise<BuiltSite> {
  const tmp = await mkdtemp(path.join(tmpdir(), "site-test-"));
  const dir = path.join(tmp, "dist");
  await generate({ dataDir: DATA_DIR, outDir: dir });
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
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
