// `sitegen check-deploy`, run as the owner runs it after a deploy: against every server the site
// runs on (`sitegen serve`, nginx over HTTPS, `netlify dev`, `wrangler pages dev`), where it passes,
// and against a deliberately broken deploy, where it fails and names each problem. The estimate
// form's provider is stood in for at its own addresses (support/form-stand-in.ts), so the command
// really asks them, and nothing leaves the machine.
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ruleAnswer } from "../scripts/deploy-check/address-table.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel, type Business } from "../scripts/data/model.ts";
import { inlineHash } from "../scripts/headers/csp.ts";
import { buildRoutes } from "../scripts/pages/routes.ts";
import { generate } from "../scripts/pipeline/generate.ts";
import { hostedBy } from "../scripts/site/privacy.ts";
import { serve } from "../scripts/serve/server.ts";
import { ADDRESS_CASES } from "./support/addresses.ts";
import { startFormStandIn, type FormStandIn } from "./support/form-stand-in.ts";
import { startHostDown } from "./support/host-down-stand-in.ts";
import { startCloudflare, startNetlify, type HostRuntime } from "./support/host-runtime.ts";
import { fetchRaw, type HttpResponse } from "./support/http.ts";
import { startNginx, type NginxSite } from "./support/nginx.ts";
import { DATA_DIR } from "./support/paths.ts";
import { countingData } from "./support/plausible.ts";
import { PLAUSIBLE_EVENTS } from "../scripts/features/counting/fields.ts";
import { sitegen, type SitegenResult } from "./support/sitegen.ts";
import { closeServer, serveSharedSite, sharedBuild, type BuiltSite } from "./support/site.ts";

let business: Business;
/** The pages of the sitemap: every route of the data. */
let pageCount: number;
let standIn: FormStandIn;

beforeAll(async () => {
  const model = buildModel(await loadData(DATA_DIR));
  business = model.business;
  pageCount = buildRoutes(model).length;
  standIn = await startFormStandIn(business);
});

afterAll(async () => {
  await standIn?.close();
});

/** The estimate form of the data a host's runtime was built from. */
async function formOf(runtime: HostRuntime): Promise<Business["leadForm"]> {
  return buildModel(await loadData(runtime.dataDir)).business.leadForm;
}

/** `sitegen check-deploy <args>`, with the form's provider stood in for; `certificates` are trusted too. */
async function checkDeploy(args: string[], ...certificates: string[]): Promise<SitegenResult> {
  return sitegen(["check-deploy", ...args], undefined, { env: await standIn.environment(...certificates) });
}

/**
 * The command found nothing, said so, and asked the form's two addresses: the shipped data's, or
 * those of the data a host's runtime was built from (its placeholders filled in).
 */
function expectPasses(result: SitegenResult, heading: RegExp, form: Business["leadForm"] = business.leadForm) {
  expect(result.stderr).toBe("");
  const lines = result.stdout.trimEnd().split("\n");
  expect(lines, result.stdout).toHaveLength(2);
  expect(lines[0]).toMatch(heading);
  expect(lines[1]).toMatch(
    /^OK: the \d+ pages of the sitemap and their other names, .* answer as generate wrote them in .*, and the estimate form's frame and script answer \(\d+ requests\)\.$/,
  );
  expect(lines[1]).toContain(`OK: the ${pageCount} pages of the sitemap`);
  expect(result.code).toBe(0);
  for (const url of [form.frameUrl, form.scriptUrl]) {
    expect(standIn.requests).toContain(`GET ${url}`);
  }
}

describe("check-deploy on sitegen serve (npm start)", () => {
  let site: BuiltSite;

  beforeAll(async () => {
    site = await serveSharedSite();
  });

  afterAll(async () => {
    await site?.close();
  });

  it("passes: the site answers as generate wrote it, held to the rule", async () => {
    standIn.requests.length = 0;
    const result = await checkDeploy([site.url, "--dist", site.dir]);
    expectPasses(
      result,
      /^Checking http:\/\/127\.0\.0\.1:\d+ against .* \(\d+ pages in its sitemap\), served by a server that follows the rule/,
    );
  });

  it("holds the answers to the host it is told: sitegen serve's redirects are not Cloudflare's 308s", async () => {
    const result = await checkDeploy([site.url, "--dist", site.dir, "--served-by", "cloudflare"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/served by Cloudflare \(as told\)/);
    expect(result.stdout).toMatch(
      /^\/index\.html, \/index and \d+ more: answers 301, expected 308, both to the same address$/m,
    );
    expect(result.stdout).toMatch(/^\/404: answers 404, expected 200$/m);
  });

  it("names a form address that does not answer", async () => {
    const { scriptUrl } = business.leadForm;
    standIn.answer(scriptUrl, 404);
    try {
      const result = await checkDeploy([site.url, "--dist", site.dir]);
      expect(result.code).toBe(1);
      const lines = result.stdout.trimEnd().split("\n");
      expect(lines.slice(1)).toEqual([
        `${scriptUrl}: the estimate form's script answers 404, expected 2xx or 3xx`,
        expect.stringMatching(/^1 problem at 1 of the \d+ addresses asked\.$/),
      ]);
    } finally {
      standIn.answer(scriptUrl, 200);
    }
  });

  it("answers a page's other names and the not-found page's as the table's rule does", () => {
    const hasFile = (file: string) => existsSync(path.join(site.dir, file));
    // The hosts' own files are in dist/, and no server sends them.
    for (const address of ADDRESS_CASES.filter((each) => !each.path.startsWith("/_"))) {
      expect(ruleAnswer(address.path, hasFile), address.path).toEqual(
        address.location === undefined
          ? { status: address.status }
          : { status: address.status, location: address.location },
      );
    }
  });
});

describe("check-deploy on nginx, over HTTPS", () => {
  let nginx: NginxSite;

  beforeAll(async () => {
    nginx = await startNginx({ dist: await sharedBuild() });
  });

  afterAll(async () => {
    await nginx?.close();
  });

  it("passes, having told nginx from its Server header", async () => {
    standIn.requests.length = 0;
    const result = await checkDeploy([nginx.site, "--dist", nginx.dist], nginx.certificate);
    expectPasses(result, /^Checking https:\/\/127\.0\.0\.1:\d+ .*, served by nginx \(detected from "Server: nginx/);
  });
});

describe("check-deploy on Netlify's runtime (netlify dev)", () => {
  let runtime: HostRuntime;

  beforeAll(async () => {
    runtime = await startNetlify();
  }, 180_000); // Netlify's own runtime (netlify dev) starts and serves the build

  afterAll(async () => {
    await runtime?.close();
  });

  it("passes, having told Netlify from its headers", async () => {
    standIn.requests.length = 0;
    const result = await checkDeploy([runtime.url, "--dist", runtime.dir, "--data", runtime.dataDir]);
    expectPasses(result, /, served by Netlify \(detected from "Server: Netlify"\)$/, await formOf(runtime));
  });
});

describe("check-deploy on Cloudflare's runtime (wrangler pages dev)", () => {
  let runtime: HostRuntime;

  beforeAll(async () => {
    runtime = await startCloudflare();
  }, 180_000); // Cloudflare's own runtime (wrangler pages dev, workerd) starts and serves the build

  afterAll(async () => {
    await runtime?.close();
  });

  it("passes when told the host, which its runtime's headers do not name", async () => {
    standIn.requests.length = 0;
    const result = await checkDeploy([
      runtime.url,
      "--dist",
      runtime.dir,
      "--data",
      runtime.dataDir,
      "--served-by",
      "cloudflare",
    ]);
    expectPasses(result, /, served by Cloudflare \(as told\)$/, await formOf(runtime));
  });
});

describe("check-deploy on a server other than the one /privacy names", () => {
  it("says the privacy page names another host, and which build to deploy", async () => {
    const shared = await serveSharedSite();
    const dist = path.join(await mkdtemp(path.join(tmpdir(), "named-host-")), "dist");
    try {
      // A build whose privacy page names Netlify, served by `npm start`: the page names the wrong server.
      await cp(shared.dir, dist, { recursive: true });
      const privacy = await readFile(path.join(dist, "privacy.html"), "utf8");
      const named = privacy.replace(
        "The web server that sends these pages receives",
        `${hostedBy("Netlify")}: its servers receive`,
      );
      expect(named).not.toBe(privacy);
      await writeFile(path.join(dist, "privacy.html"), named);
      await rm(path.join(dist, "privacy.html.br"), { force: true });
      await rm(path.join(dist, "privacy.html.gz"), { force: true });
      const { server, url } = await serve({ dir: dist, port: 0 });
      try {
        const result = await checkDeploy([url, "--dist", dist, "--served-by", "sitegen"]);
        expect(result.code, result.stdout).toBe(1);
        const lines = result.stdout.trimEnd().split("\n");
        expect(lines.slice(1, -1), result.stdout).toEqual([
          "/privacy: the privacy page names Netlify as the site's host, and sitegen serve serves the site: deploy a build for the server that serves it (npm run generate, with no --for)",
        ]);
      } finally {
        await closeServer(server);
      }
    } finally {
      await rm(path.dirname(dist), { recursive: true, force: true });
      await shared.close();
    }
  });
});

/**
 * What the broken deploy's CDN adds to every page: an inline script of its own, with a terminal
 * escape in it, and a script from its own folder of the site, as Cloudflare's e-mail obfuscation adds.
 */
const INJECTED_CODE = 'document.documentElement.dataset.cdn="\u001b[31mrewritten"';
const INJECTED_SRC = "/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js";
const INJECTED = `<script>${INJECTED_CODE}</script><script data-cfasync="false" src="${INJECTED_SRC}"></script>`;

/** What a copy in front of a site changes in each answer. */
interface Doctoring {
  /** The HTML of each page (each answer sent as text/html). */
  page?: (html: string) => string;
  /** The headers of each answer, changed in place. */
  headers?: (headers: HttpResponse["headers"]) => void;
  /** Every unknown address answered 200 with the home page, as a catch-all rule does. */
  catchAll?: boolean;
  /** An address answered as an unknown one: a file the deploy left out. */
  missing?: string;
}

/** A copy of the site at `target`, served by a proxy in front of it that changes its answers. */
async function startDoctoredCopy(target: string, doctoring: Doctoring): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const get = (urlPath: string) => fetchRaw(`${target}${urlPath}`, { headers: { "Accept-Encoding": "identity" } });
    void (async () => {
      let answer = await get(req.url === doctoring.missing ? "/no-such-file" : (req.url ?? "/"));
      if (answer.status === 404 && doctoring.catchAll) answer = await get("/");
      const headers = { ...answer.headers };
      for (const name of ["content-length", "connection", "keep-alive", "transfer-encoding"]) delete headers[name];
      doctoring.headers?.(headers);
      const isPage = String(headers["content-type"]).startsWith("text/html");
      const body = isPage && doctoring.page ? Buffer.from(doctoring.page(answer.body.toString("utf8"))) : answer.body;
      res.writeHead(answer.status, headers).end(body);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * A deploy gone wrong, in front of a good one: the HTML rewritten with a script of the CDN's, the
 * Referrer-Policy dropped, a second copy of the Content-Security-Policy added by a dashboard rule,
 * and every unknown address answered 200 with the home page, by a catch-all rule.
 */
function startBrokenDeploy(target: string): Promise<{ url: string; server: Server }> {
  return startDoctoredCopy(target, {
    catchAll: true,
    headers: (headers) => {
      delete headers["referrer-policy"];
      const policy = headers["content-security-policy"];
      if (typeof policy === "string") headers["content-security-policy"] = [policy, policy];
    },
    page: (html) => html.replace("</head>", `${INJECTED}</head>`),
  });
}

describe("check-deploy on a broken deploy", () => {
  let site: BuiltSite;
  let broken: { url: string; server: Server };
  let result: SitegenResult;
  let lines: string[];

  beforeAll(async () => {
    site = await serveSharedSite();
    broken = await startBrokenDeploy(site.url);
    result = await checkDeploy([broken.url, "--dist", site.dir]);
    lines = result.stdout.trimEnd().split("\n");
  });

  afterAll(async () => {
    if (broken) await closeServer(broken.server);
    await site?.close();
  });

  it("fails, with exit code 1 and a summary", () => {
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    expect(lines.at(-1)).toMatch(/^\d+ problems at \d+ of the \d+ addresses asked\.$/);
  });

  it("names the injected scripts, which the policy does not allow, and where the page differs from the build", () => {
    const hash = inlineHash(INJECTED_CODE);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^/, /contact and \\d+ more: its policy blocks code the page as served runs: inline <script> ` +
            `"document\\.documentElement\\.dataset\\.cdn=\\\\"\\\\u\\{1b\\}\\[31mrewritten\\\\"" \\(${hash.replace(/[+/]/g, "\\$&")} is not in script-src\\); ` +
            `<script src="${INJECTED_SRC.replace(/\./g, "\\.")}"> \\(not allowed by script-src\\)$`,
        ),
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\/, \/contact and \d+ more: differs from the build \(\/: at byte \d+, served "<script>document\.documentElement\.dataset\.cdn=.*…", which the build does not have\)$/,
      ),
    );
  });

  it("names the dropped header and the doubled one", () => {
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\/, \/contact and \d+ more: Referrer-Policy missing, expected "strict-origin-when-cross-origin"$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\/, \/contact and \d+ more: Content-Security-Policy sent 2 policies, expected one \(\/: 2 times "default-src 'none'; .*"\)$/,
      ),
    );
  });

  it("names the 200 for an unknown address, and for the not-found page's own names", () => {
    expect(lines).toContainEqual("/sitegen-check-deploy-no-such-page, /404, /404.html: answers 200, expected 404");
  });

  it("prints what the site sent as printable text: the escape in the injected script is shown, not obeyed", () => {
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(result.stdout).toContain("\\u{1b}[31m");
  });
});

/** The site counting with Plausible (site.yaml's `plausible`), built from a copy of the data and served as `npm start` serves it. */
interface CountingSite {
  data: string;
  dist: string;
  url: string;
  /** The counting script as every page names it: its address and its integrity ("sha256-…"). */
  script: { src: string; integrity: string };
  close(): Promise<void>;
}

async function serveCountingSite(): Promise<CountingSite> {
  const data = await countingData(DATA_DIR, PLAUSIBLE_EVENTS);
  const dist = path.join(path.dirname(data), "dist");
  await generate({ dataDir: data, outDir: dist });
  const { server, url } = await serve({ dir: dist, port: 0 });
  const home = await readFile(path.join(dist, "index.html"), "utf8");
  // Named by the pages' own script, which loads it once the page has painted (browser/counting-loader.ts).
  const tag = /\{src:"(\/assets\/counting-[0-9a-f]{12}\.js)",integrity:"(sha256-[A-Za-z0-9+/]+=*)"\}/.exec(home);
  if (!tag) throw new Error("the home page of a build with plausible names no counting script with an integrity");
  return {
    data,
    dist,
    url,
    script: { src: tag[1]!, integrity: tag[2]! },
    close: async () => {
      await closeServer(server);
      await rm(path.dirname(data), { recursive: true, force: true });
    },
  };
}

/** The directives of the policy a page is served with, each with its sources. */
async function servedPolicy(url: string): Promise<Map<string, string[]>> {
  const policy = (await fetchRaw(url)).headers["content-security-policy"];
  if (typeof policy !== "string") throw new Error(`${url} sent no single Content-Security-Policy`);
  return new Map(
    policy.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("check-deploy on a site that counts with Plausible", () => {
  let site: CountingSite;

  beforeAll(async () => {
    site = await serveCountingSite();
  }, 120_000); // a build of its own, with counting, and its server

  afterAll(async () => {
    await site?.close();
  });

  it("passes: the policy lists the counting script's hash, by which it runs, and not 'self'", async () => {
    const scriptSrc = (await servedPolicy(`${site.url}/towns/mattoon`)).get("script-src") ?? [];
    expect(scriptSrc).toContain(`'${site.script.integrity}'`);
    expect(scriptSrc).not.toContain("'self'");
    standIn.requests.length = 0;
    const result = await checkDeploy([site.url, "--dist", site.dist, "--data", site.data]);
    expectPasses(result, /^Checking http:\/\/127\.0\.0\.1:\d+ against .* \(\d+ pages in its sitemap\)/);
  });

  it("names the counting script's hash, on every page, when the policy served lacks it", async () => {
    const hash = `'${site.script.integrity}'`;
    const doctored = await startDoctoredCopy(site.url, {
      headers: (headers) => {
        const policy = headers["content-security-policy"];
        if (typeof policy === "string") headers["content-security-policy"] = policy.replace(` ${hash}`, "");
      },
    });
    try {
      const result = await checkDeploy([doctored.url, "--dist", site.dist, "--data", site.data]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(1);
      // The pages load the script once painted (browser/counting-loader.ts): the policy is where it shows.
      expect(result.stdout).toContain(`Content-Security-Policy is not the build's: "script-src lacks ${hash}`);
    } finally {
      await closeServer(doctored.server);
    }
  });

  it("names the counting script when the deploy left it out: every page would count nothing", async () => {
    const doctored = await startDoctoredCopy(site.url, { missing: site.script.src });
    try {
      const result = await checkDeploy([doctored.url, "--dist", site.dist, "--data", site.data]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`${site.script.src}: answers 404, expected 200`);
    } finally {
      await closeServer(doctored.server);
    }
  });
});

/**
 * Cloudflare Web Analytics' script as Cloudflare adds it before </body> when the owner turns Web
 * Analytics on: on Pages, as its asset server does (wrangler's copy of it, the token made up), and
 * on a domain proxied through Cloudflare, by its automatic setup, from a versioned address with an
 * integrity of its own (as found on such sites).
 */
const CLOUDFLARE_BEACONS = {
  pages:
    "<!-- Cloudflare Pages Analytics --><script defer src='https://static.cloudflareinsights.com/beacon.min.js' " +
    `data-cf-beacon='{"token": "0123456789abcdef0123456789abcdef"}'></script><!-- Cloudflare Pages Analytics -->`,
  proxy:
    '<script defer src="https://static.cloudflareinsights.com/beacon.min.js/vcd15cbe7772f49c399c6a5babf22c1241717689176015" ' +
    'integrity="sha512-ZpsOmlRQV6y907TI0dKBHq9Md29nnaEIPlkf84rnaERnq6zvWvPUqr2ft8M1aS28oN72PdrCzSjY4U6VaAw1EQ==" ' +
    `data-cf-beacon='{"version":"2024.11.0","token":"0123456789abcdef0123456789abcdef","r":1}' crossorigin="anonymous"></script>`,
};

describe("check-deploy on a host that adds Cloudflare Web Analytics", () => {
  let site: BuiltSite;

  beforeAll(async () => {
    site = await serveSharedSite();
  });

  afterAll(async () => {
    await site?.close();
  });

  it.each(Object.entries(CLOUDFLARE_BEACONS))(
    "says once, in the owner's words, that Cloudflare adds its script, which the policy blocks (%s)",
    async (_, beacon) => {
      const doctored = await startDoctoredCopy(site.url, {
        page: (html) => html.replace("</body>", `${beacon}</body>`),
      });
      try {
        const result = await checkDeploy([doctored.url, "--dist", site.dir]);
        expect(result.stderr).toBe("");
        expect(result.code).toBe(1);
        const lines = result.stdout.trimEnd().split("\n");
        const said = lines.filter((line) => line.includes("Web Analytics"));
        expect(said, result.stdout).toHaveLength(1);
        // The first line after the heading: it also explains why the pages differ from the build.
        expect(lines[1]).toBe(said[0]);
        expect(said[0]).toMatch(
          new RegExp(
            `^/, /contact and ${pageCount - 2} more: Cloudflare adds its own Web Analytics script to these pages, ` +
              "and the site's security policy blocks it, so it counts nothing: turn it off in Cloudflare " +
              "\\(Workers & Pages → the project → Metrics → Web Analytics; .*\\), then deploy again; " +
              "to count visits, set plausible in data/site\\.yaml instead$",
          ),
        );
        // Not also as code the policy blocks, page by page.
        expect(lines.filter((line) => line.includes("its policy blocks code"))).toEqual([]);
        expect(lines.at(-1)).toMatch(/^\d+ problems at \d+ of the \d+ addresses asked\.$/);
      } finally {
        await closeServer(doctored.server);
      }
    },
  );
});

describe("check-deploy on a host that answers in place of the site", () => {
  let dist: string;

  beforeAll(async () => {
    dist = await sharedBuild();
  });

  it("says in plain words that Netlify paused the site, what to do, and exits 3 after one request", async () => {
    const paused = await startHostDown("netlify-paused");
    try {
      const result = await checkDeploy([paused.url, "--dist", dist]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(3);
      const lines = result.stdout.trimEnd().split("\n");
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/served by Netlify \(detected from "Server: Netlify"\)$/);
      expect(lines[1]).toBe(
        `The live site is not there: ${paused.url}/ answers 503 with Netlify's "Site not available" page, which says the site was paused.`,
      );
      expect(lines[2]).toMatch(/^Netlify has paused the site: the team used up its plan's monthly credits/);
      expect(lines[2]).toContain("Team settings → Billing");
      expect(lines[2]).toContain('docs/deploying.md, "What the site costs"');
      // Every address answers the same page: nothing more is asked, nothing else is reported.
      expect(paused.asked).toEqual(["/"]);
    } finally {
      await paused.close();
    }
  });

  it("says so when Netlify has no site at the address", async () => {
    const none = await startHostDown("netlify-no-site");
    try {
      const result = await checkDeploy([none.url, "--dist", dist]);
      expect(result.code).toBe(3);
      expect(result.stdout).toContain("answers 404 with Netlify's answer for an address it has no site for.");
      expect(result.stdout).toContain("Netlify has no site at this address");
    } finally {
      await none.close();
    }
  });

  it("checks another server's 503 as usual: only Netlify's own page is recognised", async () => {
    const busy = await startHostDown("other-503");
    try {
      const result = await checkDeploy([busy.url, "--dist", dist]);
      expect(result.code).toBe(1);
      expect(result.stdout).not.toContain("The live site is not there");
      expect(result.stdout).toMatch(/^\/, \/contact and \d+ more: answers 503, expected 200$/m);
    } finally {
      await busy.close();
    }
  });
});

describe("check-deploy's usage errors", () => {
  it("exits 2 for an address on plain http elsewhere than this computer", async () => {
    const result = await sitegen(["check-deploy", "http://www.example.com"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/a live site is checked over https:\/\//);
  });

  it("exits 2 for a build that is not there", async () => {
    const result = await sitegen(["check-deploy", "https://www.example.com", "--dist", "/nonexistent/dist"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\/nonexistent\/dist does not exist/);
  });

  it("exits 2 for a server it does not know, and lists those it does", async () => {
    const result = await sitegen(["check-deploy", "https://www.example.com", "--served-by", "apache"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/sitegen, nginx, netlify, cloudflare/);
  });

  it("says its exit codes in --help", async () => {
    const result = await sitegen(["check-deploy", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Exit codes:\n  0  the live site answers as generate wrote it\n  1  it differs/);
    expect(result.stdout).toMatch(/\n  3  the host answers in place of the site: paused for its plan's limits/);
  });
});
