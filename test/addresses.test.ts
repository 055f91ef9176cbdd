// One address per page: `sitegen serve` answers each kind of address as ADDRESS_CASES says, and the
// jobs' pages as JOB_ADDRESS_CASES says on a build with the tests' jobs (the dev server is held to
// `sitegen serve` in dev-parity.test.ts, nginx in nginx.test.ts, the hosts' runtimes in
// cloudflare.test.ts and netlify.test.ts, Netlify's rules in netlify-rules.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerFor } from "../scripts/site/urls.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import { jobsOf } from "../scripts/features/jobs/fields.ts";
import { ADDRESS_CASES, isTypeOf, JOB_ADDRESS_CASES, type AddressCase } from "./support/addresses.ts";
import { fetchRaw } from "./support/http.ts";
import { DATA_DIR } from "./support/paths.ts";
import { serveSharedJobsSite, serveSharedSite, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
let withJobs: BuiltSite;

beforeAll(async () => {
  [site, withJobs] = await Promise.all([serveSharedSite(), serveSharedJobsSite()]);
});

afterAll(async () => {
  await site?.close();
  await withJobs?.close();
});

async function expectAnswer(url: string, { path: urlPath, status, location, type }: AddressCase): Promise<void> {
  const response = await fetchRaw(`${url}${urlPath}`);
  expect(response.status).toBe(status);
  expect(response.headers.location).toBe(location);
  if (type) expect(isTypeOf(response.headers["content-type"] as string, type)).toBe(true);
  if (status === 404) expect(response.body.toString()).toContain("Oops! Page not found");
  if (status === 301) expect(response.headers["strict-transport-security"]).toBeDefined();
}

describe("the rule of addresses", () => {
  it("gives each page one address, and its file's own name a redirect there", () => {
    expect(answerFor("/")).toEqual({ kind: "file", file: "index.html" });
    expect(answerFor("/towns/paris")).toEqual({ kind: "file", file: "towns/paris.html" });
    expect(answerFor("/towns/paris.html")).toEqual({
      kind: "redirect",
      location: "/towns/paris",
      ifFile: "towns/paris.html",
    });
    expect(answerFor("/index")).toEqual({ kind: "redirect", location: "/", ifFile: "index.html" });
    expect(answerFor("/index.html")).toEqual({ kind: "redirect", location: "/", ifFile: "index.html" });
    expect(answerFor("/sitemap.xml")).toEqual({ kind: "file", file: "sitemap.xml" });
    for (const urlPath of ["/404", "/404.html", "/contact.html.gz", "/sitemap.xml.br"]) {
      expect(answerFor(urlPath), urlPath).toEqual({ kind: "not-found" });
    }
  });

  it("sends a page's address with a slash added to the page, and gives a slash after anything else no page", () => {
    expect(answerFor("/contact/")).toEqual({ kind: "redirect", location: "/contact", ifFile: "contact.html" });
    expect(answerFor("/towns/")).toEqual({ kind: "redirect", location: "/towns", ifFile: "towns.html" });
    expect(answerFor("/admin/")).toEqual({ kind: "file", file: "admin/index.html" });
    for (const urlPath of ["/index/", "/404/", "/contact.html/", "/contact//", "/sitemap.xml/", "/admin/index/"]) {
      expect(answerFor(urlPath), urlPath).toEqual({ kind: "not-found" });
    }
  });
});

describe("sitegen serve", () => {
  it.each(ADDRESS_CASES)("answers $path with $status", (address) => expectAnswer(site.url, address));

  it.each(JOB_ADDRESS_CASES)("answers $path with $status, with the tests' jobs", (address) =>
    expectAnswer(withJobs.url, address),
  );

  it("has a page at /projects only when the data has a job", async () => {
    const jobs = jobsOf(buildModel(await loadData(DATA_DIR))).length;
    await expectAnswer(site.url, { path: "/projects", ...(jobs > 0 ? { status: 200 } : { status: 404 }) });
    await expectAnswer(site.url, {
      path: "/projects/",
      ...(jobs > 0 ? { status: 301, location: "/projects" } : { status: 404 }),
    });
  });
});
