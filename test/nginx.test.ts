// The generated nginx config on the real nginx: started on 127.0.0.1 over a freshly built dist/,
// with a throwaway certificate, it must answer every route and a few unknown paths with the right
// status, body and headers, exactly the headers dist/_headers gives each path; and over a build with
// the tests' jobs, the jobs' pages and their other names.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentType } from "../scripts/headers/content-types.ts";
import { headersForPath, type HeaderRule } from "../scripts/headers/rules.ts";
import { fileForPath } from "../scripts/site/urls.ts";
import { ADDRESS_CASES, JOB_ADDRESS_CASES, type AddressCase } from "./support/addresses.ts";
import { fetchRaw, type HttpResponse } from "./support/http.ts";
import { startNginx, type NginxSite } from "./support/nginx.ts";
import { JOB_PAGES, loadSitePages, NOT_FOUND_PROBE, type SitePages } from "./support/pages.ts";
import { sharedJobsBuild } from "./support/site.ts";
import { NGINX, toolPath } from "./support/tools.ts";

/** `response` carries exactly the headers dist/_headers gives `policyPath`, each once. */
function expectHeadersOfPath(rules: HeaderRule[], response: HttpResponse, policyPath: string, label: string) {
  const expected = headersForPath(rules, policyPath);
  expect(Object.keys(expected).length).toBeGreaterThan(5);
  for (const [name, value] of Object.entries(expected)) {
    // A string, not an array: each header is sent once.
    expect(response.headers[name.toLowerCase()], `${label} ${name}`).toBe(value);
  }
}

/** Each address of `cases` answered as sitegen serve answers it, a redirect or a 404 with the headers of its path. */
function itAnswersAsServeDoes(cases: readonly AddressCase[], started: () => NginxSite) {
  it.each(cases)("answers $path with $status, as sitegen serve does", async ({ path: urlPath, status, location }) => {
    const { site, rules } = started();
    const response = await fetchRaw(`${site}${urlPath}`, { headers: { "Accept-Encoding": "identity" } });
    expect(response.status).toBe(status);
    expect(response.headers.location).toBe(location);
    if (status === 404) expect(response.body.toString()).toContain("Oops! Page not found");
    if (status !== 200)
      expectHeadersOfPath(rules, response, status === 404 ? "/404.html" : urlPath.split("?")[0]!, urlPath);
  });
}

describe("the generated nginx config on nginx", () => {
  let nginx: NginxSite | undefined;
  let tmp: string;
  let dist: string;
  let pages: SitePages;
  let rules: HeaderRule[];
  let site: string; // the HTTPS address serving the site
  let redirector: string; // the plain-HTTP address that only redirects

  beforeAll(async () => {
    nginx = await startNginx();
    ({ tmp, dist, rules, site, redirector } = nginx);
    pages = await loadSitePages();
  });

  it("is a config nginx tests clean: no warning, on Debian 12's nginx as on 1.25.1 and later", async () => {
    // `listen ... ssl http2` is deprecated from 1.25.1, and `http2 on;` unknown before it (nginx-config.ts).
    expect(await readFile(path.join(tmp, "site.conf"), "utf8")).not.toMatch(/http2/);
    const tested = await promisify(execFile)(toolPath(NGINX), [
      "-t",
      "-p",
      tmp,
      "-c",
      path.join(tmp, "nginx.conf"),
      "-e",
      path.join(tmp, "error.log"),
    ]);
    expect(tested.stderr).toMatch(/test is successful/);
    expect(tested.stderr).not.toMatch(/\[(?:warn|emerg|alert|crit|error)\]/);
  });

  afterAll(async () => {
    await nginx?.close();
  });

  const get = (urlPath: string, headers: Record<string, string> = { "Accept-Encoding": "identity" }) =>
    fetchRaw(`${site}${urlPath}`, { headers });

  const expectPolicyHeaders = (response: HttpResponse, policyPath: string, label: string) =>
    expectHeadersOfPath(rules, response, policyPath, label);

  it("answers every route with its page, status 200 and the headers of its path", async () => {
    for (const page of pages.pages.filter((page) => page.status === 200)) {
      const route = pages.routes.find((route) => route.path === page.path)!;
      const response = await get(page.path);
      expect(response.status, page.path).toBe(200);
      expect(response.headers["content-type"], page.path).toBe("text/html; charset=utf-8");
      expect(response.body.equals(await readFile(path.join(dist, route.file))), page.path).toBe(true);
      expectPolicyHeaders(response, page.path, page.path);
    }
  });

  it("gives the contact page its own policy", async () => {
    const response = await get("/contact");
    expect(response.status).toBe(200);
    expectPolicyHeaders(response, "/contact", "/contact");
    expect(response.headers["content-security-policy"]).toContain("frame-src https://");
  });

  itAnswersAsServeDoes(ADDRESS_CASES, () => nginx!);

  it("answers unknown paths, folders and host files with the 404 page and status 404", async () => {
    const notFound = await readFile(path.join(dist, "404.html"));
    for (const urlPath of [
      NOT_FOUND_PROBE,
      "/services/nope",
      "/towns/nope/",
      "/towns/mattoon/more",
      "/_headers",
      "/.env",
      "/Contact",
    ]) {
      const response = await get(urlPath);
      expect(response.status, urlPath).toBe(404);
      expect(response.headers["content-type"], urlPath).toBe("text/html; charset=utf-8");
      expect(response.body.equals(notFound), urlPath).toBe(true);
      expectPolicyHeaders(response, "/404.html", urlPath);
    }
  });

  it("never serves anything from above the site's folder", async () => {
    await writeFile(path.join(tmp, "secret.txt"), "not for visitors");
    for (const urlPath of ["/../secret.txt", "/%2e%2e/secret.txt", "/towns/..%2f..%2fsecret.txt", "/..%5csecret.txt"]) {
      const response = await get(urlPath);
      expect([400, 404], urlPath).toContain(response.status);
      expect(response.body.toString()).not.toContain("not for visitors");
    }
  });

  it("names the content type of the other files, with the charset of text", async () => {
    const expected: Record<string, string> = {
      "/favicon.svg": "image/svg+xml; charset=utf-8",
      "/robots.txt": "text/plain; charset=utf-8",
      "/sitemap.xml": "text/xml; charset=utf-8",
    };
    for (const [urlPath, type] of Object.entries(expected)) {
      const response = await get(urlPath);
      expect(response.status, urlPath).toBe(200);
      expect(response.headers["content-type"], urlPath).toBe(type);
      expectPolicyHeaders(response, urlPath, urlPath);
    }
  });

  it("sends each kind of file dist/ holds with the Content-Type the local server sends", async () => {
    const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && !/\.(?:html|br|gz)$/.test(entry.name) && !entry.name.startsWith("_"))
      .map((entry) => `/${path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
    const oneOfEachKind = new Map(files.map((file) => [path.posix.extname(file), file]));
    // The editor's configuration is YAML, which the system's mime.types does not know.
    expect([...oneOfEachKind.keys()].sort()).toEqual(
      expect.arrayContaining([".js", ".json", ".png", ".woff2", ".yml"]),
    );
    for (const urlPath of oneOfEachKind.values()) {
      const response = await get(urlPath);
      expect(response.status, urlPath).toBe(200);
      expect(response.headers["content-type"], urlPath).toBe(contentType(urlPath));
    }
  });

  it("sends the precompressed page to a client that accepts gzip", async () => {
    const compressed = path.join(dist, "index.html.gz");
    const response = await get("/", { "Accept-Encoding": "gzip" });
    expect(response.status).toBe(200);
    if (existsSync(compressed)) {
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(response.body.equals(await readFile(compressed))).toBe(true);
    }
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expectPolicyHeaders(response, "/", "/ (gzip)");
  });

  it("sends plain-HTTP visitors to the same address on the site's HTTPS origin", async () => {
    const response = await fetchRaw(`${redirector}/towns/paris?ref=1`);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(`${pages.model.business.url}/towns/paris?ref=1`);
  });

  it("refuses methods other than GET and HEAD, still with the security headers", async () => {
    const head = await fetchRaw(`${site}/towns/paris`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const post = await fetchRaw(`${site}/`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers["content-security-policy"]).toBeTruthy();
  });
});

describe("the generated nginx config on nginx, with the tests' jobs", () => {
  let nginx: NginxSite | undefined;

  beforeAll(async () => {
    nginx = await startNginx({ dist: await sharedJobsBuild() });
  });

  afterAll(async () => {
    await nginx?.close();
  });

  const get = (urlPath: string) => fetchRaw(`${nginx!.site}${urlPath}`, { headers: { "Accept-Encoding": "identity" } });

  itAnswersAsServeDoes(JOB_ADDRESS_CASES, () => nginx!);

  it("answers every page that shows jobs with its file and the headers of its path", async () => {
    for (const page of JOB_PAGES) {
      const response = await get(page.path);
      expect(response.status, page.path).toBe(200);
      expect(response.body.equals(await readFile(path.join(nginx!.dist, fileForPath(page.path)))), page.path).toBe(
        true,
      );
      expectHeadersOfPath(nginx!.rules, response, page.path, page.path);
    }
  });
});
