// Counting with Plausible as the build makes it: site.yaml's plausible checked at its line; without
// it, dist/ as it was but for the editor's field; with it, the counting script as a file of its own
// on every page, allowed by its hash, each page's policy gaining exactly the events address in
// connect-src (in _headers, the service worker's offline page and the nginx config alike), what
// each page says it is about, and the bytes it adds. The browsers run it in
// counting.browser.test.ts and counting-engines.browser.test.ts. And the stand-in for Plausible's
// Events API those run against, held to what Plausible's own server does (support/plausible.ts).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { parseHeadersFile } from "../scripts/headers/headers-file.ts";
import { nginxConfigFor } from "../scripts/headers/nginx-command.ts";
import { outputText } from "../scripts/lib/output.ts";
import { FIRST_ROUND_TRIP_BUDGET, measurePage, scriptBudgetFor } from "../scripts/measure/budgets.ts";
import { inlineHash } from "../scripts/headers/csp.ts";
import { generate, renderSite, type RenderedSite } from "../scripts/pipeline/generate.ts";
import { PLAUSIBLE_EVENTS } from "../scripts/features/counting/fields.ts";
import { jobsOf } from "../scripts/features/jobs/fields.ts";
import { eventsAddressProblem } from "../scripts/data/events-address.ts";
import { HEADERS_FILE } from "../scripts/headers/headers-file.ts";
import { isSitePageFile } from "../scripts/site/urls.ts";
import { copyData, lineOf, problemsOf } from "./support/data-copy.ts";
import { addJobs, JOBS_TODAY } from "./support/job-fixtures.ts";
import { COUNTED_DOMAIN, countingData, eventsApiAnswer, STAND_IN_EVENTS } from "./support/plausible.ts";
import { DATA_DIR, SPEC_DATA_DIR } from "./support/paths.ts";
import { appendFile, readFile } from "node:fs/promises";

/** What a page says it is about, on its <body>, for the counting script. */
const ABOUT = / data-(?:town|service)="[^"]*"/;

/** The pages' own inline script (browser/site.ts; with the counting script's loader, counting-loader.ts). */
const bodyScript = (html: string) => [...html.matchAll(/<script>(.*?)<\/script>/gs)].at(-1)![1]!;

/** The counting script as the pages' loader names it: its address and its integrity. */
const loaded = (html: string) => {
  const match = /\{src:"(\/assets\/counting-[0-9a-f]{12}\.js)",integrity:"(sha256-[A-Za-z0-9+/]+=*)"\}/.exec(
    bodyScript(html),
  );
  return match ? { src: match[1]!, integrity: match[2]! } : undefined;
};

let plain: RenderedSite;
let counting: RenderedSite;
let withDefault: RenderedSite;

beforeAll(async () => {
  // The shipped data, as the owner would turn counting on.
  const [plainData, countingDir, defaultData] = await Promise.all([
    copyData(DATA_DIR),
    countingData(),
    copyData(DATA_DIR),
  ]);
  await appendFile(path.join(defaultData, "site.yaml"), `plausible:\n  domain: ${COUNTED_DOMAIN}\n`);
  [plain, counting, withDefault] = await Promise.all([
    renderSite({ dataDir: plainData, outDir: "unused" }),
    renderSite({ dataDir: countingDir, outDir: "unused" }),
    renderSite({ dataDir: defaultData, outDir: "unused" }),
  ]);
}, 120_000); // three builds in memory: without counting, with it, with its default address

const text = (site: RenderedSite, file: string) => outputText(site.files.get(file)!);
const pagesOf = (site: RenderedSite) => [...site.files.keys()].filter(isSitePageFile);
const policyOf = (site: RenderedSite, path: string) =>
  parseHeadersFile(text(site, HEADERS_FILE)).find((rule) => rule.path === path)?.headers["Content-Security-Policy"] ??
  parseHeadersFile(text(site, HEADERS_FILE)).find((rule) => rule.path === "/*")!.headers["Content-Security-Policy"]!;
const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

describe("site.yaml's plausible", () => {
  it("is refused at its line and column when the domain is not a host name, or the address could widen a policy", async () => {
    const cases: [string, string, RegExp][] = [
      ["domain: https://centralillinoisexcavating.com/", "domain", /a host name in lowercase/],
      ["domain: CentralIllinoisExcavating.com", "domain", /a host name in lowercase/],
      [
        `domain: ${COUNTED_DOMAIN}\n  endpoint: http://stats.example.com/api/event`,
        "endpoint",
        /must start with https:\/\//,
      ],
      [
        `domain: ${COUNTED_DOMAIN}\n  endpoint: "https://stats.example.com/api/event; script-src *"`,
        "endpoint",
        /https:\/\//,
      ],
      [
        `domain: ${COUNTED_DOMAIN}\n  endpoint: https://stats.example.com/api/event,x`,
        "endpoint",
        /its path holds ","/,
      ],
      [`domain: ${COUNTED_DOMAIN}\n  endpoint: https://stats.example.com:8000/api/event`, "endpoint", /names a port/],
      [`domain: ${COUNTED_DOMAIN}\n  endpoint: https://stats.example.com`, "endpoint", /it has no path/],
      [
        `domain: ${COUNTED_DOMAIN}\n  endpoint: https://stats.example.com/api/event?site=1`,
        "endpoint",
        /its path holds "\?"/,
      ],
    ];
    for (const [lines, field, expected] of cases) {
      const dir = await copyData();
      await appendFile(path.join(dir, "site.yaml"), `plausible:\n  ${lines}\n`);
      const file = await readFile(path.join(dir, "site.yaml"), "utf8");
      const problems = await problemsOf(dir);
      expect(problems, lines).toHaveLength(1);
      expect(problems[0], lines).toMatchObject({
        file: "data/site.yaml",
        line: lineOf(file, `${field}:`),
        column: 3 + field.length + 2,
        field: `plausible.${field}`,
      });
      expect(problems[0]!.expected, lines).toMatch(expected);
      await rm(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it("sends to Plausible's own service unless it names another address", () => {
    expect(withDefault.model.business.plausible).toEqual({ domain: COUNTED_DOMAIN, endpoint: PLAUSIBLE_EVENTS });
    expect(counting.model.business.plausible).toEqual({ domain: COUNTED_DOMAIN, endpoint: STAND_IN_EVENTS });
    expect(eventsAddressProblem(PLAUSIBLE_EVENTS)).toBeUndefined();
  });
});

describe("without the setting", () => {
  it("builds every page, header and worker as before: no counting script, no events address, no word of it", () => {
    expect(plain.model.business.plausible).toBeUndefined();
    for (const [file, contents] of plain.files) {
      if (file === "admin/config.yml") continue; // the editor offers the field, empty
      const body = outputText(contents);
      expect(body, file).not.toMatch(/plausible|counting-[0-9a-f]/i);
    }
    expect([...plain.files.keys()].filter((file) => file.startsWith("assets/counting"))).toEqual([]);
  });

  it("differs from a counting build only where counting reaches: the pages' script and <body>, the policies, the worker, /privacy and the script", () => {
    const files = new Set([...plain.files.keys(), ...counting.files.keys()]);
    const changed = [...files].filter((file) => {
      const [a, b] = [plain.files.get(file), counting.files.get(file)];
      return a === undefined || b === undefined || outputText(a) !== outputText(b);
    });
    const script = [...counting.files.keys()].find((file) => file.startsWith("assets/counting-"))!;
    expect(changed.sort()).toEqual([...pagesOf(counting), HEADERS_FILE, "sw.js", script].sort());
    // Each page but /privacy differs by its script, with the loader, and what its <body> says it is about alone.
    for (const file of pagesOf(counting)) {
      const [before, after] = [text(plain, file), text(counting, file)];
      expect(loaded(after), file).toEqual({ src: `/${script}`, integrity: expect.stringMatching(/^sha256-/) });
      expect(loaded(before), file).toBeUndefined();
      if (file === "privacy.html") continue;
      const withoutCounting = after.replace(bodyScript(after), bodyScript(before)).replace(new RegExp(ABOUT, "g"), "");
      expect(withoutCounting, file).toBe(before);
    }
  });
});

describe("with the setting", () => {
  it("writes the counting script once, with Plausible's tracker, the site's name in Plausible and its events address", () => {
    const scripts = [...counting.files.keys()].filter((file) => file.startsWith("assets/counting-"));
    expect(scripts).toHaveLength(1);
    const code = text(counting, scripts[0]!);
    expect(code).toContain(COUNTED_DOMAIN);
    expect(code).toContain(STAND_IN_EVENTS);
    expect(code).toContain("plausible_ignore"); // the tracker's own opt-out
    // Fetched once and cached for a year: weighed here, against what inlining it would have cost.
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(7_300);
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(3_100);
  });

  it("allows the script by its hash and sends only to the events address: every page's policy, and the worker's", () => {
    const script = [...counting.files.keys()].find((file) => file.startsWith("assets/counting-"))!;
    for (const file of pagesOf(counting)) {
      const html = text(counting, file);
      const { integrity } = loaded(html)!;
      const path = file === "index.html" ? "/" : `/${file.replace(/\.html$/, "")}`;
      const policy = file === "404.html" ? policyOf(counting, "/*") : policyOf(counting, path);
      const plainPolicy = file === "404.html" ? policyOf(plain, "/*") : policyOf(plain, path);
      expect(directive(policy, "script-src"), file).toContain(`'${integrity}'`);
      expect(directive(policy, "script-src"), file).not.toContain("'self'");
      expect(directive(policy, "connect-src"), file).toEqual([
        ...directive(plainPolicy, "connect-src"),
        STAND_IN_EVENTS,
      ]);
      // Nothing else moved: the same directives, script-src with the script's hash and the pages'
      // script (with its loader) by its own, in place of the plain one's.
      const [withLoader, without] = [inlineHash(bodyScript(html)), inlineHash(bodyScript(text(plain, file)))];
      const sources = (text: string) =>
        text
          .split("; ")
          .map((part) => part.split(" ").sort().join(" "))
          .join("; ");
      expect(
        sources(policy.replace(` '${integrity}'`, "").replace(` ${STAND_IN_EVENTS}`, "").replace(withLoader, without)),
        file,
      ).toBe(sources(plainPolicy));
    }
    const worker = text(counting, "sw.js");
    expect(worker).toContain(STAND_IN_EVENTS);
    expect(worker).toContain(`"/${script}"`); // left to the network and the browser's cache
  });

  it("says what each page is about: its town or its service, a job's town, nothing on a page about the site", async () => {
    const body = (site: RenderedSite, file: string) => /<body[^>]*>/.exec(text(site, file))![0];
    expect(body(counting, "towns/paris.html")).toBe('<body data-town="Paris">');
    const septic = counting.model.services.find((service) => service.key === "septic-system")!.name;
    expect(body(counting, "services/septic-system.html")).toBe(`<body data-service="${septic}">`);
    expect(body(counting, "index.html")).toBe("<body>");
    expect(body(counting, "contact.html")).toBe("<body>");
    expect(body(counting, "404.html")).toBe('<body data-page="not-found">');
    const jobsData = await countingData(SPEC_DATA_DIR);
    await addJobs(jobsData);
    const jobs = await renderSite({ dataDir: jobsData, outDir: "unused", today: JOBS_TODAY });
    const job = jobsOf(jobs.model)[0]!;
    expect(body(jobs, `projects/${job.slug}.html`)).toBe(`<body data-town="${job.townPage.name}">`);
    // And every page of it fits its first round trip still, with the loader, the <body>'s words and
    // the policy; the loader is the only script counting adds to a page (the tracker comes after paint),
    // within what the features on may add to the core's script.
    expect(jobs.featuresOn).toContain("counting");
    for (const file of pagesOf(jobs)) {
      const weight = await measurePage(file, text(jobs, file));
      expect(weight.gzip, file).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BUDGET);
      expect(weight.brotli, file).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BUDGET);
      expect(weight.scriptBytes, file).toBeLessThanOrEqual(scriptBudgetFor(jobs.featuresOn));
    }
  }, 120_000); // a build with the tests' jobs, whose photos are encoded the first time

  it("gives nginx the same policy: the events address in connect-src", async () => {
    const out = await mkdtemp(path.join(tmpdir(), "counting-nginx-"));
    const dataDir = await countingData();
    try {
      await generate({ dataDir, outDir: out });
      const config = await nginxConfigFor({ dataDir, outDir: out });
      // The pages' policies, which run the pages' scripts by hash; the editor's and the pictures' are their own.
      const policies = [...config.matchAll(/Content-Security-Policy "([^"]+)"/g)]
        .map((match) => match[1]!)
        .filter((policy) => policy.includes("script-src 'sha256-"));
      expect(policies.length).toBeGreaterThan(0);
      for (const policy of policies) expect(directive(policy, "connect-src"), policy).toContain(STAND_IN_EVENTS);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000); // a build written to disk, compressed, and nginx's configuration from it
});

describe("the stand-in for Plausible's Events API, as Plausible's server answers", () => {
  /** A POST as the tracker sends it: text/plain, a JSON body. */
  const post = (body: Record<string, unknown>) => ({
    method: "POST",
    contentType: "text/plain",
    body: JSON.stringify({ n: "pageview", u: `https://${COUNTED_DOMAIN}/towns/paris`, d: COUNTED_DOMAIN, ...body }),
  });
  const site = { domain: COUNTED_DOMAIN };

  it("takes a count with 202 and ok, and refuses a request it cannot read with 400 and the errors", () => {
    const taken = eventsApiAnswer(post({ n: "Call", p: { page: "/towns/paris", town: "Paris" } }), site);
    expect([taken.status, taken.body, taken.headers["x-plausible-dropped"]]).toEqual([202, "ok", undefined]);
    expect(taken.event).toMatchObject({ name: "Call", path: "/towns/paris", hostname: COUNTED_DOMAIN });
    expect(taken.event!.props).toEqual({ page: "/towns/paris", town: "Paris" });
    expect(eventsApiAnswer({ method: "POST", contentType: "text/plain", body: "not json" }).status).toBe(400);
    expect(JSON.parse(eventsApiAnswer(post({ n: "x".repeat(121) })).body)).toEqual({
      errors: { event_name: ["should be at most 120 character(s)"] },
    });
    expect(eventsApiAnswer(post({ u: "data:text/html,hello" })).status).toBe(400);
    expect(eventsApiAnswer(post({ n: "engagement" })).status).toBe(400);
    expect(eventsApiAnswer(post({ n: "engagement", sd: 40 })).status).toBe(202);
    expect(eventsApiAnswer({ method: "GET", contentType: "", body: "" }).status).toBe(404);
  });

  it("turns numbers and yes/no into text, leaves out lists, objects and blank values, and keeps 30 properties", () => {
    // Written as the JSON text it is sent as: numbers as their own digits.
    const body = `{"n":"Call","u":"https://${COUNTED_DOMAIN}/","d":"${COUNTED_DOMAIN}","p":{"count":3,"big":12345678901234567890,"share":0.5,"whole":2.0,"sent":true,"list":[1],"nested":{"a":1},"none":null,"blank":"  "}}`;
    const { props } = eventsApiAnswer({ method: "POST", contentType: "text/plain", body }, site).event!;
    expect(props).toEqual({ count: "3", big: "12345678901234567890", share: "0.5", whole: "2.0", sent: "true" });
    // A JSON text in p is read as the properties, as Plausible reads it.
    expect(eventsApiAnswer(post({ p: JSON.stringify({ page: "/" }) }), site).event!.props).toEqual({ page: "/" });
    const many = Object.fromEntries(
      Array.from({ length: 32 }, (_, index) => [`k${String(index).padStart(2, "0")}`, "v"]),
    );
    const kept = Object.keys(eventsApiAnswer(post({ p: many }), site).event!.props).sort();
    expect(kept).toHaveLength(30);
    expect(kept).not.toContain("k00");
    expect(kept).not.toContain("k01");
    expect(eventsApiAnswer(post({ p: { ["k".repeat(301)]: "v" } }), site).status).toBe(400);
    expect(eventsApiAnswer(post({ p: { page: "v".repeat(2001) } }), site).status).toBe(400);
  });

  it("drops, still answering 202, a count for a site it does not have, and every count once the plan has lapsed", () => {
    const other = eventsApiAnswer(post({ d: "another.example" }), site);
    expect([other.status, other.body, other.headers["x-plausible-dropped"]]).toEqual([202, "ok", "1"]);
    expect(other.event).toBeUndefined();
    expect(other.dropped?.map((drop) => drop.reason)).toEqual(["not_found"]);
    const lapsed = { ...site, acceptTrafficUntil: "2026-11-27" };
    const dayAfter = eventsApiAnswer(post({}), lapsed, new Date("2026-11-28T00:30:00Z"));
    expect([dayAfter.status, dayAfter.headers["x-plausible-dropped"], dayAfter.event]).toEqual([202, "1", undefined]);
    expect(dayAfter.dropped?.map((drop) => drop.reason)).toEqual(["payment_required"]);
    expect(eventsApiAnswer(post({}), lapsed, new Date("2026-11-27T23:30:00Z")).event).toBeDefined();
  });

  it("keeps, when the site has a hostname allow-list, only counts from the hostnames on it", () => {
    const shielded = { ...site, allowedHostnames: [COUNTED_DOMAIN] };
    const from = (host: string) => eventsApiAnswer(post({ u: `https://${host}/contact` }), shielded);
    expect(from(COUNTED_DOMAIN).event?.hostname).toBe(COUNTED_DOMAIN);
    expect(from(`www.${COUNTED_DOMAIN}`).event?.hostname).toBe(COUNTED_DOMAIN);
    for (const host of [
      "central-illinois.netlify.app",
      "deploy-preview-12--central-illinois.netlify.app",
      "central-illinois.pages.dev",
    ]) {
      expect(from(host).event, host).toBeUndefined();
      expect(
        from(host).dropped?.map((drop) => drop.reason),
        host,
      ).toEqual(["site_hostname_allowlist"]);
    }
    const wildcard = { ...site, allowedHostnames: [`*.${COUNTED_DOMAIN}`] };
    expect(eventsApiAnswer(post({ u: `https://shop.${COUNTED_DOMAIN}/` }), wildcard).event).toBeDefined();
    expect(eventsApiAnswer(post({}), { ...site, allowedHostnames: [] }).event).toBeDefined();
  });
});
