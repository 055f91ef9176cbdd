// Mozilla HTTP Observatory's grade for the headers the local server sends (the same headers the
// hosts and nginx send, from dist/_headers, but for the policy's upgrade-insecure-requests, which
// it leaves out over plain HTTP and which the grade does not count): at least 100, an A+, on every page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRaw } from "./support/http.ts";
import { gradeResponse, PROBE_ORIGIN, type ObservatoryInput } from "./support/observatory.ts";
import { loadSitePages, type SitePages } from "./support/pages.ts";
import { buildAndServe, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
let pages: SitePages;

beforeAll(async () => {
  [site, pages] = await Promise.all([buildAndServe(), loadSitePages()]);
});

afterAll(async () => {
  await site?.close();
});

async function observe(urlPath: string): Promise<ObservatoryInput> {
  const [plain, cors] = await Promise.all([
    fetchRaw(`${site.url}${urlPath}`, { headers: { "Accept-Encoding": "identity" } }),
    fetchRaw(`${site.url}${urlPath}`, { headers: { Origin: PROBE_ORIGIN, "Accept-Encoding": "identity" } }),
  ]);
  return {
    headers: plain.headers,
    body: plain.body.toString("utf8"),
    corsHeaders: cors.headers,
    hostname: new URL(pages.model.business.url).hostname,
  };
}

describe("the Observatory grade", () => {
  it("is A+ with a score of at least 100 for the home page, the page the Observatory scans", async () => {
    const report = gradeResponse(await observe("/"));
    console.log(
      `Observatory: ${report.score} (${report.grade}) for /\n` +
        report.tests.map((test) => `  ${String(test.modifier).padStart(3)}  ${test.name}: ${test.result}`).join("\n"),
    );
    expect(report.tests.find((test) => test.name === "content-security-policy")?.result).toBe(
      "csp-implemented-with-no-unsafe-default-src-none",
    );
    expect(report.tests.filter((test) => test.modifier < 0)).toEqual([]);
    expect(report.score).toBeGreaterThanOrEqual(100);
    expect(report.grade).toBe("A+");
  });

  it("is A+ with a score of at least 100 on every other page too", async () => {
    const scores: string[] = [];
    for (const page of pages.pages) {
      const report = gradeResponse(await observe(page.path));
      scores.push(`${page.path} ${report.score}`);
      expect(report.score, page.path).toBeGreaterThanOrEqual(100);
      expect(report.grade, page.path).toBe("A+");
    }
    // The contact page loses 5 for the provider's script, which cannot carry an integrity hash:
    // the provider changes it without notice.
    console.log(`Observatory scores: ${scores.filter((line) => !line.endsWith(" 130")).join(", ") || "all 130"}`);
  });

  it("would fail a site without the headers (the grader is not a rubber stamp)", () => {
    const bare = gradeResponse({
      headers: { "content-type": "text/html" },
      body: "<p>hi</p>",
      corsHeaders: {},
      hostname: "a.test",
    });
    // 100 − 25 (no CSP) − 20 (no HSTS) − 5 (no nosniff) − 20 (no framing protection)
    expect(bare.score).toBe(30);
    expect(bare.grade).toBe("D");
    const unsafe = gradeResponse({
      headers: {
        "content-type": "text/html",
        "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'",
        "strict-transport-security": "max-age=300",
      },
      body: "<p>hi</p>",
      corsHeaders: { "access-control-allow-origin": "*" },
      hostname: "a.test",
    });
    expect(unsafe.score).toBeLessThan(100);
    expect(unsafe.tests.find((test) => test.name === "content-security-policy")?.modifier).toBe(-20);
  });
});
