// The checks every static host's runtime is held to (test/cloudflare.test.ts, test/netlify.test.ts):
// the table of addresses, the headers of each answer, and no warning about the site's files; and,
// on a build with the tests' jobs, the jobs' addresses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostHeaderValues } from "../../scripts/deploy-check/address-table.ts";
import { headersForPath } from "../../scripts/headers/rules.ts";
import { ADDRESS_CASES, expectedOn, isTypeOf, JOB_ADDRESS_CASES, type AddressCase } from "./addresses.ts";
import { fetchRaw, type HttpResponse } from "./http.ts";
import type { HostRuntime } from "./host-runtime.ts";

/** Path and query of a Location header, which a runtime may send as a full URL. */
function locationPath(location: string | string[] | undefined, base: string): string | undefined {
  if (typeof location !== "string") return undefined;
  const url = new URL(location, base);
  return `${url.pathname}${url.search}`;
}

/** Every value a header was sent with: one entry per header line, or per comma-joined value of a repeated one. */
function sentValues(response: HttpResponse, name: string): string[] {
  const value = response.headers[name.toLowerCase()];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The path whose header rules an answer follows: the 404 page's for a 404, the page's own address otherwise. */
function policyPath(address: AddressCase, status: number): string {
  if (status === 404) return "/404.html";
  const bare = address.path.split("?")[0]!;
  return status === 200 && address.status === 301 ? address.location!.split("?")[0]! : bare;
}

/** Asking a runtime for a path, and holding an answer to the headers its build gives that path. */
function checksOf(runtime: () => HostRuntime) {
  const get = (urlPath: string) =>
    fetchRaw(`${runtime().url}${urlPath}`, { headers: { "Accept-Encoding": "identity" } });

  function expectSiteHeaders(response: HttpResponse, rulePath: string, label: string) {
    const expected = headersForPath(runtime().rules, rulePath);
    expect(Object.keys(expected).length, label).toBeGreaterThan(5);
    for (const [name, value] of Object.entries(expected)) {
      // Exactly one value: a second copy of a policy would block what the first allows. The rule's,
      // or the one the host sends in its place (address-table.ts, HOST_HEADERS).
      const sent = sentValues(response, name);
      expect(sent, `${label}: ${name}`).toHaveLength(1);
      expect([value, ...hostHeaderValues(runtime().host, name, response.status)], `${label}: ${name}`).toContain(
        sent[0],
      );
    }
    expect(response.headers["access-control-allow-origin"], `${label}: no CORS header`).toBeUndefined();
  }
  return { get, expectSiteHeaders };
}

/** The runtime answers an address as the table says, with the site's headers on a page. */
async function expectAddress(runtime: HostRuntime, address: AddressCase): Promise<void> {
  const { get, expectSiteHeaders } = checksOf(() => runtime);
  const expected = expectedOn(runtime.host, address);
  const response = await get(address.path);
  expect(response.status, runtime.label).toBe(expected.status);
  expect(locationPath(response.headers.location, runtime.url)).toBe(expected.location);
  if (expected.status === 404) expect(response.body.toString()).toContain("Oops! Page not found");
  if (expected.status === 200 && address.type) {
    expect(isTypeOf(response.headers["content-type"] as string | undefined, address.type)).toBe(true);
  }
  const isPage = expected.status === 404 || (expected.status === 200 && (address.type ?? "text/html") === "text/html");
  if (isPage) expectSiteHeaders(response, policyPath(address, expected.status), address.path);
}

/**
 * The jobs' pages and their other names on a runtime serving a build with the tests' jobs (the
 * shipped data has none): JOB_ADDRESS_CASES, each held to the table and the site's headers.
 */
export function describeHostJobAddresses(startRuntime: () => Promise<HostRuntime>): void {
  let runtime: HostRuntime;

  beforeAll(async () => {
    runtime = await startRuntime();
  }, 180_000); // the host's own runtime (netlify dev or wrangler pages dev) starts and serves a build

  afterAll(async () => {
    await runtime?.close();
  });

  it.each(JOB_ADDRESS_CASES)("answers $path as the table says", (address) => expectAddress(runtime, address));
}

export function describeHostRuntime(startRuntime: () => Promise<HostRuntime>, options: { warnings: RegExp }): void {
  let runtime: HostRuntime;

  beforeAll(async () => {
    runtime = await startRuntime();
  }, 180_000); // the host's own runtime (netlify dev or wrangler pages dev) starts and serves a build

  afterAll(async () => {
    await runtime?.close();
  });

  const { get, expectSiteHeaders } = checksOf(() => runtime);

  describe("the table of addresses", () => {
    it.each(ADDRESS_CASES)("answers $path as the table says", (address) => expectAddress(runtime, address));
  });

  describe("pages and policies", () => {
    it("gives the contact page one policy, the one that lets the estimate form in", async () => {
      const response = await get("/contact");
      const policies = sentValues(response, "Content-Security-Policy");
      expect(policies).toHaveLength(1);
      expect(policies[0]).toMatch(/frame-src https:\/\//);
      expect(policies[0]).toMatch(/script-src https:\/\//);
    });

    it("gives every other page a policy that refuses the form provider", async () => {
      for (const urlPath of ["/", "/services", "/towns/mattoon", "/towns/nope"]) {
        const policies = sentValues(await get(urlPath), "Content-Security-Policy");
        expect(policies, urlPath).toHaveLength(1);
        expect(policies[0], urlPath).not.toMatch(/https:\/\//);
      }
    });

    it("opens the site editor at /admin/, without a redirect, and its page names its files by absolute addresses", async () => {
      const response = await get("/admin/");
      expect(response.status).toBe(200);
      const html = response.body.toString();
      expect(html).toContain('<script src="/admin/sveltia-cms.js">');
      expect(html).toContain('<link rel="cms-config-url" href="/admin/config.yml"');
    });

    it("gives a not-found page below the editor the not-found page's policy, not the editor's", async () => {
      const response = await get("/admin/nope");
      expect(response.status).toBe(404);
      expectSiteHeaders(response, "/404.html", "/admin/nope");
      expect(response.headers["content-security-policy"]).toContain("'sha256-");
    });
  });

  it("reads the site's files without a warning", () => {
    const warnings = runtime.startupOutput.split("\n").filter((line) => options.warnings.test(line));
    expect(warnings).toEqual([]);
  });
}
