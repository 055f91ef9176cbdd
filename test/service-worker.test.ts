// The service worker as built (scripts/pages/service-worker.ts, scripts/browser/service-worker.ts): what /sw.js
// holds, the policy that lets the pages register it and nothing more, its weight, and the worker
// the dev server sends in its place. What it does in a browser: test/offline.browser.test.ts.
import { brotliCompressSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDevServiceWorker } from "../scripts/dev/live-reload.ts";
import { createDevServer } from "../scripts/dev/dev-server.ts";
import { LiveReload } from "../scripts/dev/live-reload.ts";
import { plainHttpPolicy } from "../scripts/headers/plain-http.ts";
import { HEADERS_FILE, parseHeadersFile } from "../scripts/headers/headers-file.ts";
import { headersForPath, type HeaderRule } from "../scripts/headers/rules.ts";
import { outputText } from "../scripts/lib/output.ts";
import { KEEP_FROM_START, LEFT_ALONE, NETWORK_TIMEOUT_MS, providerMarkup } from "../scripts/pages/service-worker.ts";
import { renderSite, type RenderedSite } from "../scripts/pipeline/generate.ts";
import {
  ADMIN_PATH,
  pathForFile,
  SERVICE_AREA_MAP_PATH,
  SERVICE_WORKER_FILE,
  SERVICE_WORKER_PATH,
} from "../scripts/site/urls.ts";
import { closeServer } from "./support/site.ts";
import { DATA_DIR } from "./support/paths.ts";
import { listen } from "../scripts/serve/server.ts";

let site: RenderedSite;
let rules: HeaderRule[];
let worker: string;

const policyAt = (urlPath: string) => headersForPath(rules, urlPath)["Content-Security-Policy"] ?? "";
const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.split(/\s+/)[0] === name);

beforeAll(async () => {
  site = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
  rules = parseHeadersFile(outputText(site.files.get(HEADERS_FILE)!));
  worker = outputText(site.files.get(SERVICE_WORKER_FILE)!);
});

describe("/sw.js", () => {
  it("is written at the site's root, so that it sees every page", () => {
    expect(SERVICE_WORKER_PATH).toBe("/sw.js");
    expect(site.files.has(SERVICE_WORKER_FILE)).toBe(true);
  });

  it("holds the form provider's frame and helper exactly as the contact page does, to leave out of a copy shown offline", () => {
    const markup = providerMarkup(site.model.business);
    const contact = outputText(site.files.get("contact.html")!);
    expect(markup).toMatch(
      /^<div class="lead-form-frame"><iframe [^>]*data-layout=[^>]*><\/iframe><script src="https:[^"]+" defer=""><\/script><\/div>$/,
    );
    expect(contact.split(markup)).toHaveLength(2);
    expect(worker).toContain(markup.slice(0, markup.indexOf("</iframe>")));
    for (const [file, contents] of site.files) {
      if (file.endsWith(".html") && file !== "contact.html")
        expect(outputText(contents), file).not.toContain("<iframe");
    }
  });

  it("holds the offline page: how to call and text, and the hours, in the site's layout", () => {
    const { business } = site.model;
    // The bundler writes the page as a string of its own quoting; its markup is unchanged.
    expect(worker).toContain("<h1>You are offline</h1>");
    expect(worker).toContain(`href="${business.phone.href}"`);
    expect(site.offlineHtml).toContain(`href="${business.phone.href}"`);
    expect(site.offlineHtml).toContain(`href="${business.text!.href.replaceAll("&", "&amp;")}"`);
    for (const hours of business.hours) expect(site.offlineHtml).toContain(`${hours.dayRange}: ${hours.timeRange}`);
    expect(site.offlineHtml).toContain('<meta name="robots" content="noindex"/>');
    expect(site.offlineHtml).not.toContain('rel="canonical"');
  });

  it("sends the offline page with the site's own policy, without the upgrade on plain HTTP", () => {
    const policy = policyAt("/*");
    expect(worker).toContain(JSON.stringify(policy));
    expect(worker).toContain(JSON.stringify(plainHttpPolicy(policy)));
    expect(plainHttpPolicy(policy)).not.toContain("upgrade-insecure-requests");
  });

  it("keeps the home page with its map picture and the contact page from the start, waits 3 s for a kept page, and leaves the editor and the icon alone", () => {
    expect(KEEP_FROM_START).toEqual(["/", SERVICE_AREA_MAP_PATH, "/contact"]);
    expect(site.routes.map((route) => route.path)).toEqual(expect.arrayContaining(["/", "/contact"]));
    expect(site.files.has(SERVICE_AREA_MAP_PATH.slice(1)), "the home page's map picture").toBe(true);
    expect(worker).toContain(JSON.stringify(KEEP_FROM_START));
    expect(NETWORK_TIMEOUT_MS).toBe(3000);
    expect(LEFT_ALONE).toEqual([ADMIN_PATH.slice(0, -1), "/favicon.svg"]);
    expect(worker).toContain(JSON.stringify(LEFT_ALONE));
  });

  it("changes with the phone number, so that browsers install the new build's worker", async () => {
    const { copyData, replaceInFile } = await import("./support/data-copy.ts");
    const data = await copyData();
    await replaceInFile(data, "site.yaml", "primary: (217) 555-0142", "primary: (217) 555-0199");
    const next = await renderSite({ dataDir: data, outDir: "unused" });
    const nextWorker = outputText(next.files.get(SERVICE_WORKER_FILE)!);
    expect(nextWorker).not.toBe(worker);
    expect(nextWorker).toContain("tel:+12175550199");
  });

  it("weighs at most 12 KB brotli: it is fetched again after each new build", () => {
    expect(brotliCompressSync(worker).length).toBeLessThanOrEqual(12 * 1000);
  });

  it("is revalidated on every visit, like the pages", () => {
    expect(headersForPath(rules, SERVICE_WORKER_PATH)["Cache-Control"]).toBe("no-cache");
  });
});

describe("the Content-Security-Policy", () => {
  it("lets every page register a worker of the site's own, and nothing else", () => {
    const pages = [...site.routes.map((route) => route.path), pathForFile("404.html")];
    for (const page of pages) expect(directive(policyAt(page), "worker-src"), page).toBe("worker-src 'self'");
  });

  it("lets the site editor register none", () => {
    expect(directive(policyAt(ADMIN_PATH), "worker-src")).toBeUndefined();
    expect(directive(policyAt(ADMIN_PATH), "default-src")).toBe("default-src 'none'");
  });
});

describe("npm run dev", () => {
  it("answers /sw.js with a worker that answers nothing, forgets every kept page and removes itself", async () => {
    const devWorker = await buildDevServiceWorker();
    expect(devWorker).toContain("unregister()");
    expect(devWorker).toContain("caches.delete");
    expect(devWorker).not.toMatch(/["']fetch["']/);
    const dev = createDevServer({
      dir: "unused",
      outDirLabel: "dist/",
      live: new LiveReload(() => 1),
      reloadScript: "",
      serviceWorker: devWorker,
      state: () => ({ build: 1 }),
    });
    const url = await listen(dev.server, "127.0.0.1", 0);
    try {
      const response = await fetch(`${url}${SERVICE_WORKER_PATH}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(await response.text()).toBe(devWorker);
    } finally {
      await closeServer(dev.server);
    }
  });
});
