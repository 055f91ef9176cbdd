// Every page renders from its first response: at most 14 KiB compressed with its CSS and JavaScript
// inlined, no more JavaScript than the core's budget and the scriptBudget of each feature on in its
// build, no render-blocking request, and every box sized up front; the pages that show jobs too, in a build with the tests' jobs (the shipped data has none; the
// largest job the schema takes: test/jobs.test.ts). The site editor, which only the owner loads, is
// held to 605 KB.
import { fileForPath, isSitePageFile } from "../scripts/site/urls.ts";
import { describe, expect, it } from "vitest";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { outputText } from "../scripts/lib/output.ts";
import {
  thirdPartyRequests,
  EDITOR_BUDGET,
  executedInlineScripts,
  externalScripts,
  FIRST_ROUND_TRIP_BUDGET,
  inlineScriptBytes,
  measureEditor,
  measurePage,
  renderBlockingResources,
  SCRIPT_BUDGET,
  scriptBudgetFor,
  unsizedElements,
} from "../scripts/measure/budgets.ts";
import type { Feature } from "../scripts/features/feature.ts";
import { scanHtml } from "../scripts/headers/html-scan.ts";
import { DATA_DIR } from "./support/paths.ts";
import { BuildCache } from "../scripts/lib/cache.ts";
import { CACHE_DIR } from "../scripts/lib/paths.ts";
import { copyData } from "./support/data-copy.ts";
import { addJobs, JOBS_TODAY } from "./support/job-fixtures.ts";
import { EDITED_FILES, JOB_PAGES } from "./support/pages.ts";

const site = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
// The JavaScript a build's pages may run: the core's, and what each feature on in the build may add.
const siteScriptBudget = scriptBudgetFor(site.featuresOn);
const pages = [...site.files]
  .filter(([file]) => isSitePageFile(file))
  .map(([file, contents]) => ({ file, html: outputText(contents), scriptBudget: siteScriptBudget }));
const jobsData = await copyData();
await addJobs(jobsData);
const withJobs = await renderSite({ dataDir: jobsData, outDir: "unused", today: JOBS_TODAY });
const jobsScriptBudget = scriptBudgetFor(withJobs.featuresOn);
const jobPages = JOB_PAGES.map((page) => {
  const file = fileForPath(page.path);
  return {
    file: `${file} (with the tests' jobs)`,
    html: outputText(withJobs.files.get(file)!),
    scriptBudget: jobsScriptBudget,
  };
});
const { scriptUrl: leadFormScript, frameUrl: leadFormFrame } = site.model.business.leadForm;
const siteOrigin = new URL(site.model.business.url).origin;

describe("the page checks themselves", () => {
  it("find render-blocking stylesheets and scripts, and let async, deferred and module scripts pass", () => {
    const page = (head: string, body = "") => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
    expect(renderBlockingResources(page('<link rel="stylesheet" href="/site.css"/>'))).toHaveLength(1);
    expect(renderBlockingResources(page('<link rel="preload stylesheet" href="/a.css"/>'))).toHaveLength(1);
    expect(renderBlockingResources(page('<script src="/app.js"></script>'))).toHaveLength(1);
    expect(renderBlockingResources(page("", '<script src="/late.js"></script>'))).toEqual([
      '<script src="/late.js"> without async or defer in <body>',
    ]);
    expect(renderBlockingResources(page("<style>@import url(/more.css);</style>"))).toHaveLength(1);
    expect(
      renderBlockingResources(
        page(
          '<script src="/a.js" async=""></script><script src="/b.js" defer=""></script><script type="module" src="/c.js"></script>' +
            '<link rel="stylesheet" href="/print.css" media="print"/><link rel="icon" href="/favicon.svg"/><style>p{color:red}</style>',
        ),
      ),
    ).toEqual([]);
    // A <template> is inert: a script waiting in one is loaded by the page's own script later.
    const waiting = page(
      "",
      '<template data-after-load=""><script src="https://x.example/embed.js"></script></template>',
    );
    expect(renderBlockingResources(waiting)).toEqual([]);
    expect(externalScripts(waiting)).toEqual(["https://x.example/embed.js"]);
  });

  it("count the JavaScript that runs, not JSON-LD, speculation rules or external scripts", () => {
    const html =
      '<html><head><script>let a=1;</script><script type="application/ld+json">{"@type":"Thing"}</script>' +
      '<script type="speculationrules">{"prerender":[]}</script><script src="https://example.com/x.js" async=""></script>' +
      '</head><body><script type="module">let b="</p>";</script></body></html>';
    expect(executedInlineScripts(html)).toEqual(["let a=1;", 'let b="</p>";']);
    expect(inlineScriptBytes(html)).toBe(8 + 13);
    expect(externalScripts(html)).toEqual(["https://example.com/x.js"]);
  });

  it("allow a build's pages the core's script and the scriptBudget of each feature on in it, whatever the features", () => {
    const feature = (name: string, scriptBudget?: number): Feature => ({
      name,
      parts: () => Promise.resolve(undefined),
      ...(scriptBudget === undefined ? {} : { scriptBudget }),
    });
    const features = [feature("first", 500), feature("second"), feature("third", 120)];
    expect(scriptBudgetFor([], features)).toBe(SCRIPT_BUDGET);
    expect(scriptBudgetFor(["second"], features)).toBe(SCRIPT_BUDGET);
    expect(scriptBudgetFor(["third"], features)).toBe(SCRIPT_BUDGET + 120);
    expect(scriptBudgetFor(["first", "second", "third"], features)).toBe(SCRIPT_BUDGET + 620);
    // A name the list does not have adds nothing.
    expect(scriptBudgetFor(["fourth"], features)).toBe(SCRIPT_BUDGET);
  });

  it("find images, frames and drawings without a width and a height, but not shapes inside a drawing", () => {
    const html =
      '<body><img src="/a.png" width="40"/><img src="/b.png" width="40" height="30"/>' +
      '<iframe src="https://x.example/form" height="916"></iframe><svg viewBox="0 0 10 10" class="map"><svg width="1" height="1"></svg></svg>' +
      '<svg class="icon" width="24" height="24"><path d="M0 0"/></svg><svg class="bad" width="auto" height="24"></svg></body>';
    expect(unsizedElements(html)).toEqual([
      "<img /a.png> width=40 height=missing",
      "<iframe https://x.example/form> width=missing height=916",
      "<svg map> width=missing height=missing",
      "<svg bad> width=auto height=24",
    ]);
  });

  it("find the third-party requests a page makes as it is parsed, lazy frames included, but not <template> or <noscript> content", () => {
    const origin = "https://www.example.com";
    const html =
      '<head><link rel="stylesheet" href="https://cdn.example.net/a.css"/><link rel="canonical" href="https://other.example/x"/></head>' +
      '<body><iframe src="https://form.example/f"></iframe><iframe src="https://form.example/g" loading="lazy"></iframe>' +
      '<img src="/own.png"/><img src="https://www.example.com/own.png"/><script src="https://tag.example/t.js" async=""></script>' +
      '<template><iframe src="https://form.example/h"></iframe><script src="https://form.example/embed.js"></script></template>' +
      '<noscript><iframe src="https://form.example/h" loading="lazy"></iframe></noscript><img src="https://cdn.example.net/after.png"/></body>';
    expect(thirdPartyRequests(html, origin)).toEqual([
      "<link https://cdn.example.net/a.css>",
      "<iframe https://form.example/f>",
      "<iframe https://form.example/g>",
      "<script https://tag.example/t.js>",
      "<img https://cdn.example.net/after.png>",
    ]);
  });

  it("see script text as text, and know what is in <head>", () => {
    const elements = scanHtml(
      '<html><head><script>if (a<b) x("<img>")</script></head><body><img src="/x.png"/></body></html>',
    );
    expect(elements.filter((el) => el.name === "img").map((el) => el.inHead)).toEqual([false]);
    expect(elements.find((el) => el.name === "script")?.inHead).toBe(true);
  });
});

describe("every page", () => {
  it("is checked: every page of the route table, the 404 page and the editor's preview links", () => {
    expect(pages).toHaveLength(site.routes.length + 1 + EDITED_FILES.length);
    expect(pages.map((page) => page.file)).toContain("404.html");
  });

  it("and the pages that show jobs: the list, each job's page, the home, town and service pages with recent work", () => {
    expect(jobPages.length).toBeGreaterThan(5);
    for (const { file, html } of jobPages) expect(html, file).toContain('href="/projects');
  });

  describe.each([...pages, ...jobPages])("$file", ({ file, html, scriptBudget }) => {
    it(`fits the first round trip: at most ${FIRST_ROUND_TRIP_BUDGET} bytes with gzip -9 and with brotli 11`, async () => {
      const weight = await measurePage(file, html);
      expect(weight.gzip, `${file}: ${weight.bytes} bytes, gzip ${weight.gzip}`).toBeLessThanOrEqual(
        FIRST_ROUND_TRIP_BUDGET,
      );
      expect(weight.brotli, `${file}: ${weight.bytes} bytes, brotli ${weight.brotli}`).toBeLessThanOrEqual(
        FIRST_ROUND_TRIP_BUDGET,
      );
    });

    it(`runs at most ${scriptBudget} bytes of JavaScript, all of it inline`, () => {
      expect(inlineScriptBytes(html)).toBeLessThanOrEqual(scriptBudget);
      // The only external script is the lead-form provider's, on the contact page (outside the budget).
      expect(externalScripts(html)).toEqual(file === "contact.html" ? [leadFormScript] : []);
    });

    it("has no render-blocking request, and no third-party request but the estimate form's, on the contact page", () => {
      expect(renderBlockingResources(html)).toEqual([]);
      expect(thirdPartyRequests(html, siteOrigin)).toEqual(
        file === "contact.html" ? [`<iframe ${leadFormFrame}>`, `<script ${leadFormScript}>`] : [],
      );
    });

    it("gives every image, frame and drawing its width and height", () => {
      expect(unsizedElements(html)).toEqual([]);
    });

    it("uses no web fonts and no external stylesheet", () => {
      const styles = scanHtml(html).filter((el) => el.name === "style");
      expect(styles).toHaveLength(1);
      expect(styles[0]!.text).not.toMatch(/@font-face|@import|url\(\s*["']?(https?:)?\/\//i);
      const fetchedStyleOrFont = scanHtml(html).filter(
        (el) =>
          el.name === "link" &&
          /\b(?:stylesheet|preload|prefetch)\b/i.test(el.attributes.get("rel") ?? "") &&
          (/\bstylesheet\b/i.test(el.attributes.get("rel") ?? "") ||
            ["font", "style"].includes(el.attributes.get("as") ?? "")),
      );
      expect(fetchedStyleOrFont).toEqual([]);
    });

    it("asks the browser to prerender same-site links but the contact page, which it only prefetches, on moderate eagerness", () => {
      const rules = scanHtml(html).filter(
        (el) => el.name === "script" && el.attributes.get("type") === "speculationrules",
      );
      expect(rules).toHaveLength(1);
      expect(JSON.parse(rules[0]!.text)).toEqual({
        prerender: [
          { where: { and: [{ href_matches: "/*" }, { not: { href_matches: "/contact" } }] }, eagerness: "moderate" },
        ],
        prefetch: [{ where: { href_matches: "/contact" }, eagerness: "moderate" }],
      });
    });
  });
});

describe("the site editor at /admin/", () => {
  it(`loads at most ${EDITOR_BUDGET} bytes brotli the first time, its fonts cut down to what it draws`, async () => {
    const weights = await measureEditor(site.files, new BuildCache(CACHE_DIR));
    expect(weights.map((weight) => weight.file)).toContain("admin/sveltia-cms.js");
    expect(weights.filter((weight) => weight.file.endsWith(".woff2"))).toHaveLength(3);
    expect(weights.reduce((total, weight) => total + weight.brotli, 0)).toBeLessThanOrEqual(EDITOR_BUDGET);
  });
});
