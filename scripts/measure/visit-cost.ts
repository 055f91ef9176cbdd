// `npm run visit-cost`: what a visit costs the host, as a host bills it, in requests and bytes sent.
// A fresh build is served by `sitegen serve`, which sends each file Brotli-compressed (at Brotli's
// best, where a host compressing on the fly may send a few bytes more) behind a proxy that counts every request and every byte the server sends back,
// headers included. Chromium visits it as a new visitor would: the home page, then a town page, then
// the contact page, and waits until the service worker has kept its copies; then the same visitor
// comes back another day and opens the home page and the contact page again. Requests to the
// estimate form's provider go elsewhere and are left out, as is /admin/ (the owner's, not a visitor's).
// Last, the daily rebuild's own check of the live site (`sitegen check-deploy`), which runs every day.
// The table turns the figures into Netlify's credits per 1,000 visits (docs/deploying.md, "What the
// site costs"). The figures are deterministic for a build: the same files, the same requests.
import { createServer as createNetServer, connect, type AddressInfo, type Server as NetServer } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { checkDeploy } from "../deploy-check/check-deploy.ts";
import { generate } from "../pipeline/generate.ts";
import { serve } from "../serve/server.ts";
import { DATA_DIR } from "../lib/paths.ts";
import { CHROMIUM_FLAGS, chromiumExecutable } from "./chromium.ts";
import { formatTable } from "./table.ts";

/** Netlify's credit-based plans (docs.netlify.com, "How credits work", read 2026-11-28). */
export const NETLIFY_CREDITS = { perGB: 20, per10kRequests: 2 } as const;

interface Tally {
  requests: number;
  bytes: number;
}

/** A TCP proxy to `target` that counts the requests it forwards and the bytes the server sends back. */
async function countingProxy(target: number): Promise<{ port: number; tally: Tally; server: NetServer }> {
  const tally: Tally = { requests: 0, bytes: 0 };
  const server = createNetServer((client) => {
    const upstream = connect(target, "127.0.0.1");
    client.on("data", (chunk: Buffer) => {
      // One request per request line: GET, HEAD and the rest, each at the start of a line.
      tally.requests += chunk.toString("latin1").match(/^(GET|HEAD|POST) \S+ HTTP\/1\.1\r$/gm)?.length ?? 0;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      tally.bytes += chunk.length;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, tally, server };
}

/** Opens each path in turn, as a visitor follows links, and waits until nothing more is loading. */
async function visit(context: BrowserContext, origin: string, paths: readonly string[]): Promise<void> {
  const page = await context.newPage();
  for (const urlPath of paths) {
    await page.goto(`${origin}${urlPath}`, { waitUntil: "load" });
    // The service worker keeps its copies after the first page: wait until it is active and idle.
    await page.evaluate(() => navigator.serviceWorker?.ready.then(() => undefined));
    await page.waitForLoadState("networkidle");
  }
  await page.close();
}

export interface VisitCost {
  visit: string;
  requests: number;
  bytes: number;
}

export async function measureVisitCost(dataDir = DATA_DIR): Promise<VisitCost[]> {
  const outDir = path.join(await mkdtemp(path.join(tmpdir(), "visit-cost-")), "dist");
  await generate({ dataDir, outDir });
  const site = await serve({ dir: outDir, port: 0 });
  const proxy = await countingProxy(Number(new URL(site.url).port));
  const origin = `http://127.0.0.1:${proxy.port}`;
  const profile = await mkdtemp(path.join(tmpdir(), "visit-cost-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable(),
    args: CHROMIUM_FLAGS.filter((flag) => flag !== "--headless"),
    headless: true,
  });
  // Only the site's own host is billed: the form's provider is left out.
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
  const costs: VisitCost[] = [];
  const measured = async (label: string, paths: readonly string[]) => {
    const before = { ...proxy.tally };
    await visit(context, origin, paths);
    costs.push({
      visit: label,
      requests: proxy.tally.requests - before.requests,
      bytes: proxy.tally.bytes - before.bytes,
    });
  };
  try {
    await measured("first visit: home, a town, contact", ["/", "/towns/charleston", "/contact"]);
    await measured("repeat visit: home, contact", ["/", "/contact"]);
    const before = { ...proxy.tally };
    // The form's provider is not reachable from here, and not the host's to bill: a short wait for it.
    await checkDeploy({ address: origin, distDir: outDir, dataDir, timeoutMs: 2_000 });
    costs.push({
      visit: "the daily check (check-deploy)",
      requests: proxy.tally.requests - before.requests,
      bytes: proxy.tally.bytes - before.bytes,
    });
  } finally {
    await context.close();
    proxy.server.close();
    await new Promise((resolve) => site.server.close(resolve));
    await rm(path.dirname(outDir), { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  }
  return costs;
}

/** Netlify's credits for 1,000 visits like this one: its bandwidth and its requests. */
export function creditsPerThousand({ requests, bytes }: Pick<VisitCost, "requests" | "bytes">): number {
  return (bytes * 1000 * NETLIFY_CREDITS.perGB) / 1e9 + (requests * 1000 * NETLIFY_CREDITS.per10kRequests) / 10_000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const costs = await measureVisitCost();
  const rows = costs.map((cost) => [
    cost.visit,
    cost.requests,
    `${(cost.bytes / 1024).toFixed(1)} KiB`,
    creditsPerThousand(cost).toFixed(2),
  ]);
  console.log(formatTable(["visit", "requests", "bytes sent", "Netlify credits per 1,000"], rows));
}
