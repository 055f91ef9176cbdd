// Mozilla HTTP Observatory's grade, from Mozilla's own scanner (support/observatory.ts), for the
// generated nginx config on nginx over HTTPS, as a host would serve the site: at least 100, an A+,
// on every page. The scanner fetches each page over HTTPS and over plain HTTP, follows the
// redirect (here to the same server's HTTPS address, where production sends it to site.yaml's
// url), and reads the headers, the page's own HTML and a CORS preflight.
import { createServer, type Server } from "node:https";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./support/http.ts";
import { startNginx, type NginxSite } from "./support/nginx.ts";
import { observatoryScan, type ObservatoryReport } from "./support/observatory.ts";
import { loadSitePages, type SitePages } from "./support/pages.ts";
import { closeServer, sharedBuild } from "./support/site.ts";
import { selfSignedCertificate } from "./support/tls.ts";

let nginx: NginxSite;
let pages: SitePages;
/** Every page of the route table, by path (not the not-found page: the scanner grades no 404). */
let reports: Map<string, ObservatoryReport>;

beforeAll(async () => {
  pages = await loadSitePages();
  nginx = await startNginx({ dist: await sharedBuild(), redirectHere: true });
  const scanned = await observatoryScan(
    { origin: nginx.site, httpPort: Number(new URL(nginx.redirector).port), certificate: nginx.certificate },
    pages.routes.map((route) => route.path),
  );
  reports = new Map(scanned.map((report) => [report.path, report]));
}, 180_000); // the run's shared build, cold on a fresh clone (15 s cold alone, 2 s with the cache), and nginx with TLS

afterAll(async () => {
  await nginx?.close();
});

const summary = (report: ObservatoryReport) =>
  report.tests.map((test) => `  ${String(test.modifier).padStart(3)}  ${test.name}: ${test.result}`).join("\n");

describe("the Observatory grade", () => {
  it("is A+ with a score of at least 100 for the home page, the page the Observatory scans", () => {
    const report = reports.get("/")!;
    console.log(`Observatory: ${report.score} (${report.grade}) for /\n${summary(report)}`);
    const result = (name: string) => report.tests.find((test) => test.name === name)?.result;
    expect(result("content-security-policy")).toBe("csp-implemented-with-no-unsafe-default-src-none");
    expect(result("strict-transport-security")).toBe("hsts-implemented-max-age-at-least-six-months");
    expect(result("redirection")).toBe("redirection-to-https");
    expect(report.tests.filter((test) => !test.pass)).toEqual([]);
    expect(report.score).toBeGreaterThanOrEqual(100);
    expect(report.grade).toBe("A+");
  });

  it("is A+ with a score of at least 100 on every other page too", () => {
    expect([...reports.keys()]).toEqual(pages.routes.map((route) => route.path));
    for (const [urlPath, report] of reports) {
      expect(report.score, `${urlPath}\n${summary(report)}`).toBeGreaterThanOrEqual(100);
      expect(report.grade, urlPath).toBe("A+");
    }
    // The contact page loses 5 for the provider's script, which cannot carry an integrity hash:
    // the provider changes it without notice.
    const contact = reports.get("/contact")!;
    expect(contact.tests.filter((test) => test.modifier < 0).map((test) => test.result)).toEqual([
      "sri-not-implemented-but-external-scripts-loaded-securely",
    ]);
    // As the deploying guide says: 130 on every page but the contact page.
    const scores = new Map([...reports].map(([urlPath, report]) => [urlPath, report.score]));
    console.log(`Observatory scores: ${[...scores].map(([urlPath, score]) => `${urlPath} ${score}`).join(", ")}`);
    expect(scores).toEqual(new Map([...scores.keys()].map((urlPath) => [urlPath, urlPath === "/contact" ? 125 : 130])));
  });
});

describe("the scanner", () => {
  let tmp: string;
  let bare: Server;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), "site-observatory-"));
    const tls = await selfSignedCertificate(tmp, ["localhost", "127.0.0.1"]);
    bare = createServer(
      { cert: await readFile(tls.certificate), key: await readFile(tls.certificateKey) },
      (_, res) => {
        res.writeHead(200, { "Content-Type": "text/html" }).end("<p>hi</p>");
      },
    );
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    if (bare) await closeServer(bare);
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("fails a site without the headers (it is no rubber stamp)", async () => {
    const port = (bare.address() as { port: number }).port;
    const certificate = path.join(tmp, "cert.pem");
    // Nothing listens for plain HTTP: the scanner finds HTTPS only, which costs nothing.
    const [report] = await observatoryScan(
      { origin: `https://127.0.0.1:${port}`, httpPort: await freePort(), certificate },
      ["/"],
    );
    // 100 − 25 (no CSP) − 20 (no HSTS) − 5 (no nosniff) − 20 (no framing protection)
    expect(report!.score).toBe(30);
    expect(report!.grade).toBe("D");
  });
});
