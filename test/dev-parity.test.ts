// `sitegen dev` answers every request as `sitegen serve` does: the same statuses, the same headers
// and the same bodies, except that pages carry the reload script and their policy allows it; on
// the shipped data and on a build with the tests' jobs.
import { ADMIN_PATH, SERVICE_WORKER_PATH } from "../scripts/site/urls.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevServer } from "../scripts/dev/dev-server.ts";
import { LiveReload, RELOAD_SCRIPT_PATH, injectReloadScript } from "../scripts/dev/live-reload.ts";
import { listen } from "../scripts/serve/server.ts";
import { ADDRESS_CASES, JOB_ADDRESS_CASES } from "./support/addresses.ts";
import { fetchRaw, type HttpResponse } from "./support/http.ts";
import { buildAndServe, serveSharedJobsSite, serveSharedSite, closeServer, type BuiltSite } from "./support/site.ts";
import { countingData, STAND_IN_EVENTS } from "./support/plausible.ts";
import { readdir } from "node:fs/promises";
import path from "node:path";

let site: BuiltSite;
let devUrl: string;
let closeDev: () => Promise<void>;
/** The same, over the build with the tests' jobs. */
let jobsSite: BuiltSite;
let jobsDevUrl: string;
let closeJobsDev: () => Promise<void>;
const BUILD = 4;

/** Every kind of address: pages, files, other names of pages, unknown paths, the odd and the hostile. */
const PATHS = [
  // The service worker is the one address the dev server answers its own way (test/service-worker.test.ts).
  ...ADDRESS_CASES.map((address) => address.path).filter((urlPath) => urlPath !== SERVICE_WORKER_PATH),
  "/towns/mt-zion",
  "/services/culvert",
  "/robots.txt",
  "/_headers",
  "/.env",
  "/%2e%2e/etc/passwd",
  "/%E0%A4%A",
];

/** Headers that describe the bytes sent: they differ wherever the body differs. */
const BODY_HEADERS = ["content-length", "etag", "last-modified", "accept-ranges", "content-encoding", "vary", "date"];

function comparable(response: HttpResponse): Record<string, unknown> {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(
      ([name]) =>
        !BODY_HEADERS.includes(name) &&
        name !== "content-security-policy" &&
        name !== "connection" &&
        name !== "keep-alive",
    ),
  );
  return { status: response.status, headers };
}

/** The dev server over a build's folder, as `sitegen dev` runs it, on a port of its own. */
async function startDevServer(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const live = new LiveReload(() => BUILD);
  const dev = createDevServer({
    dir,
    outDirLabel: "dist/",
    live,
    reloadScript: "/* reload */",
    serviceWorker: "/* service worker */",
    state: () => ({ build: BUILD }),
  });
  await dev.refresh();
  const url = await listen(dev.server, "127.0.0.1", 0);
  return {
    url,
    close: async () => {
      live.close();
      await closeServer(dev.server);
    },
  };
}

beforeAll(async () => {
  [site, jobsSite] = await Promise.all([serveSharedSite(), serveSharedJobsSite()]);
  ({ url: devUrl, close: closeDev } = await startDevServer(site.dir));
  ({ url: jobsDevUrl, close: closeJobsDev } = await startDevServer(jobsSite.dir));
});

afterAll(async () => {
  await closeDev?.();
  await closeJobsDev?.();
  await site?.close();
  await jobsSite?.close();
});

/** `sitegen dev` at `devUrl` answers `urlPath` as `sitegen serve` at `servedUrl` does, but for the reload script. */
async function expectSameAnswer(servedUrl: string, devUrl: string, urlPath: string): Promise<void> {
  const headers = { "Accept-Encoding": "identity" };
  const [served, dev] = await Promise.all([
    fetchRaw(`${servedUrl}${urlPath}`, { headers }),
    fetchRaw(`${devUrl}${urlPath}`, { headers }),
  ]);
  expect(comparable(dev)).toEqual(comparable(served));
  // Pages get the reload script; the site editor's page does not (a save would reload it).
  const isHtml = String(served.headers["content-type"]).startsWith("text/html") && urlPath !== ADMIN_PATH;
  if (isHtml) {
    expect(dev.body.toString()).toBe(injectReloadScript(served.body.toString(), BUILD));
    const host = new URL(devUrl).host;
    const policy = String(served.headers["content-security-policy"]).replace(
      /script-src ([^;]*)/,
      `script-src $1 http://${host}${RELOAD_SCRIPT_PATH}`,
    );
    expect(dev.headers["content-security-policy"]).toBe(policy);
  } else {
    expect(dev.body.equals(served.body)).toBe(true);
    expect(dev.headers["content-security-policy"]).toBe(served.headers["content-security-policy"]);
  }
}

describe("the dev server", () => {
  it.each(PATHS)("answers %s with the status and headers of `sitegen serve`", (urlPath) =>
    expectSameAnswer(site.url, devUrl, urlPath),
  );

  it.each(JOB_ADDRESS_CASES.map((address) => address.path))(
    "answers %s as `sitegen serve` does, with the tests' jobs",
    (urlPath) => expectSameAnswer(jobsSite.url, jobsDevUrl, urlPath),
  );

  it("answers a HEAD request as `sitegen serve` does", async () => {
    const [served, dev] = await Promise.all([
      fetchRaw(`${site.url}/towns/paris`, { method: "HEAD" }),
      fetchRaw(`${devUrl}/towns/paris`, { method: "HEAD" }),
    ]);
    expect(comparable(dev)).toEqual(comparable(served));
    expect(dev.body.length).toBe(0);
  });

  it("refuses other methods as `sitegen serve` does", async () => {
    const [served, dev] = await Promise.all([
      fetchRaw(`${site.url}/contact`, { method: "POST" }),
      fetchRaw(`${devUrl}/contact`, { method: "POST" }),
    ]);
    expect(dev.status).toBe(405);
    expect(comparable(dev)).toEqual(comparable(served));
  });
});

describe("the dev server, for a site that counts with Plausible", () => {
  let counting: BuiltSite;
  let countingDev: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    counting = await buildAndServe(await countingData());
    countingDev = await startDevServer(counting.dir);
  }, 120_000); // a build of its own, with counting, and its server

  afterAll(async () => {
    await countingDev?.close();
    await counting?.close();
  });

  it("sends the counting script, and pages whose policy lets it send its counts, as `sitegen serve` does", async () => {
    const [script] = (await readdir(path.join(counting.dir, "assets"))).filter((file) => file.endsWith(".js"));
    for (const urlPath of ["/", "/towns/paris", "/contact", "/nope", `/assets/${script}`])
      await expectSameAnswer(counting.url, countingDev.url, urlPath);
    const page = await fetchRaw(`${countingDev.url}/towns/paris`);
    expect(page.headers["content-security-policy"]).toContain(`connect-src 'self' ${STAND_IN_EVENTS}`);
  });
});
