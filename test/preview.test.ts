// A draft's preview (scripts/pipeline/draft.ts): a build the hosts make of the editor's pull request,
// which must never be taken for the site. Told by the hosts' own variables (or --preview), it marks
// every page, keeps every search engine away, counts nothing even where the site counts, and sends
// the editor's preview links to the page the draft changed, found by comparing its data with the
// published branch's in git. Data the build refuses still gives a preview: the problems, at every
// address, and the command succeeds so that the host publishes it. A build for the site has none
// of this.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { previewFromEnvironment } from "../scripts/pipeline/draft.ts";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { outputText } from "../scripts/lib/output.ts";
import { copyData } from "./support/data-copy.ts";
import { EDITED_FILES } from "./support/pages.ts";
import { DATA_DIR } from "./support/paths.ts";
import { addJobs, JOBS_TODAY } from "./support/job-fixtures.ts";
import { countingData } from "./support/plausible.ts";
import { sitegen } from "./support/sitegen.ts";
import { pagesWritten } from "./support/pages.ts";

const run = promisify(execFile);
const BAND = "Preview of a draft: not the live site.";

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "site-preview-"));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe("which build is a preview", () => {
  it("is said by the hosts' own variables: Netlify's pull requests and branches, Cloudflare's other branches", () => {
    expect(previewFromEnvironment({ CONTEXT: "deploy-preview" }, "main")).toBe(true);
    expect(previewFromEnvironment({ CONTEXT: "branch-deploy" }, "main")).toBe(true);
    expect(previewFromEnvironment({ CONTEXT: "production" }, "main")).toBe(false);
    expect(previewFromEnvironment({ CF_PAGES: "1", CF_PAGES_BRANCH: "cms/data/towns" }, "main")).toBe(true);
    expect(previewFromEnvironment({ CF_PAGES: "1", CF_PAGES_BRANCH: "main" }, "main")).toBe(false);
    expect(previewFromEnvironment({}, "main")).toBe(false);
  });
});

describe("a preview of a site that counts", () => {
  let files: Map<string, string>;
  let site: Map<string, string>;
  let written: number;

  beforeAll(async () => {
    const data = await countingData();
    const text = (built: Awaited<ReturnType<typeof renderSite>>) =>
      new Map(
        [...built.files].map(([file, contents]) => [
          file,
          typeof contents === "string" ? contents : outputText(contents),
        ]),
      );
    const preview = await renderSite({ dataDir: data, outDir: "unused", preview: true });
    files = text(preview);
    written = pagesWritten(preview.routes);
    site = text(await renderSite({ dataDir: data, outDir: "unused" }));
  }, 120_000); // two builds in memory: the preview and the site

  it("says on every page that it is a preview, and asks search engines to keep none", () => {
    const pages = [...files].filter(([file]) => file.endsWith(".html") && !file.startsWith("admin/"));
    expect(pages).toHaveLength(written);
    for (const [file, html] of pages) {
      expect(html, file).toContain(
        `<aside class="preview-band" aria-label="Preview"><p>${BAND} Publish it in the editor to put it live.</p></aside>`,
      );
      expect(html, file).toContain('<meta name="robots" content="noindex"/>');
    }
    expect(files.get("robots.txt")).toBe("User-agent: *\nDisallow: /\n");
    const headers = files.get("_headers")!;
    const siteWide = headers.split("\n\n").find((block) => block.startsWith("/*\n"));
    expect(siteWide).toMatch(/^ {2}X-Robots-Tag: noindex, nofollow$/m);
  });

  it("counts nothing: no counting script, no events address in any policy, where the site itself counts", () => {
    expect([...site.keys()].some((file) => file.startsWith("assets/counting-"))).toBe(true);
    expect([...files.keys()].some((file) => file.startsWith("assets/counting-"))).toBe(false);
    expect(files.get("_headers")).not.toMatch(/plausible|events/i);
    expect(site.get("_headers")).toMatch(/connect-src[^\n]*https:\/\//);
  });

  it("is not the site's build: the site has no band, no noindex on its pages, and its own robots.txt", () => {
    expect(site.get("index.html")).not.toContain(`class="preview-band"`);
    expect(site.get("index.html")).not.toContain('name="robots"');
    expect(site.get("robots.txt")).toContain("Allow: /");
    const siteWide = site
      .get("_headers")!
      .split("\n\n")
      .find((block) => block.startsWith("/*\n"));
    expect(siteWide).not.toContain("X-Robots-Tag");
  });
});

describe("the editor's preview links", () => {
  /** A git checkout of the data, its published branch and a draft branch, as a host clones them. */
  async function checkout(jobs = false): Promise<string> {
    const repo = path.join(await mkdtemp(path.join(tmp, "checkout-")), "site");
    // The tests' jobs go with the fixed copy of the data they were written against, and its day.
    const data = jobs ? await copyData() : await copyData(DATA_DIR);
    if (jobs) await addJobs(data);
    await cp(data, path.join(repo, "data"), { recursive: true });
    const git = (...args: string[]) => run("git", args, { cwd: repo });
    await git("init", "--quiet", "--initial-branch=main");
    await git("config", "user.email", "owner@example.com");
    await git("config", "user.name", "Owner");
    await git("add", "--all");
    await git("commit", "--quiet", "-m", "The site");
    await git("checkout", "--quiet", "-b", "cms/data/towns");
    return repo;
  }

  /** Where the page at `file` sends the browser. */
  const refreshOf = (html: string) => /<meta http-equiv="refresh" content="0; url=([^"]+)"\/>/.exec(html)?.[1];

  it("open, in a site's build, each data file's own page", async () => {
    const built = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
    const targets = Object.fromEntries(
      EDITED_FILES.map((file) => [file, refreshOf(outputText(built.files.get(file)!))]),
    );
    expect(targets).toEqual({
      "edited/site.html": "/",
      "edited/services.html": "/services",
      "edited/towns.html": "/towns",
      "edited/faq.html": "/",
      "edited/law.html": "/",
      // No jobs in the shipped data: no jobs' page.
      "edited/jobs.html": "/",
    });
  });

  it("open, in a draft's preview, the page of the row the draft changed: a town's for a town", async () => {
    const repo = await checkout();
    const towns = path.join(repo, "data", "towns.yaml");
    const doc = parseDocument(await readFile(towns, "utf8"));
    doc.setIn(
      ["towns", 3, "description"],
      "Trenching, drainage and grading for homes, farms and builders, in a description a draft changed.",
    );
    await writeFile(towns, doc.toString({ lineWidth: 0 }));
    const slug = String(doc.getIn(["towns", 3, "slug"]));
    const built = await renderSite({ dataDir: path.join(repo, "data"), outDir: "unused", preview: true });
    expect(refreshOf(outputText(built.files.get("edited/towns.html")!))).toBe(`/towns/${slug}`);
    // Files the draft did not change open their own page.
    expect(refreshOf(outputText(built.files.get("edited/services.html")!))).toBe("/services");
  });

  it("open, in a draft's preview, a changed job's own page, and the list of jobs while the draft changed none", async () => {
    const repo = await checkout(true);
    const jobs = path.join(repo, "data", "jobs.yaml");
    const build = async () =>
      renderSite({ dataDir: path.join(repo, "data"), outDir: "unused", preview: true, today: JOBS_TODAY });
    expect(refreshOf(outputText((await build()).files.get("edited/jobs.html")!))).toBe("/projects");
    const doc = parseDocument(await readFile(jobs, "utf8"));
    const slug = String(doc.getIn(["jobs", 2, "slug"]));
    doc.setIn(["jobs", 2, "title"], "A title a draft changed for this job");
    await writeFile(jobs, doc.toString({ lineWidth: 0 }));
    expect(refreshOf(outputText((await build()).files.get("edited/jobs.html")!))).toBe(`/projects/${slug}`);
    // A draft that takes every job out has no jobs' page to open: the home page.
    await writeFile(jobs, "jobs: []\n");
    expect(refreshOf(outputText((await build()).files.get("edited/jobs.html")!))).toBe("/");
  }, 120_000); // three builds of a draft with the tests' jobs
});

describe("a draft the build refuses", () => {
  it("gets a preview of its problems at every address the editor opens, and the host's build succeeds", async () => {
    const data = await copyData(DATA_DIR);
    const site = path.join(data, "site.yaml");
    await writeBadPhone(site);
    const out = path.join(tmp, "refused");
    const result = await sitegen(["generate", "--data", data, "--out", out], undefined, {
      env: { NETLIFY: "true", CONTEXT: "deploy-preview" },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^This draft cannot be published: the preview shows why\.\n.*site\.yaml:\d+:\d+ phones\.primary: found 555/m,
    );
    expect(result.stdout).toMatch(
      /^Generated a page of the draft's problems for Netlify, as a draft's preview in \d+ ms/m,
    );
    for (const file of ["index.html", "404.html", ...EDITED_FILES]) {
      const html = await readFile(path.join(out, file), "utf8");
      expect(html, file).toContain("This draft has 1 problem, so it cannot be published yet");
      expect(html, file).toMatch(/phones\.primary: found 555, expected text/);
    }
    expect(await readFile(path.join(out, "robots.txt"), "utf8")).toBe("User-agent: *\nDisallow: /\n");
    expect(await readFile(path.join(out, "_headers"), "utf8")).toMatch(/X-Robots-Tag: noindex, nofollow/);
  }, 120_000); // the command line's generate as a host runs it for a draft

  it("still stops a build of the site, writing nothing", async () => {
    const data = await copyData(DATA_DIR);
    await writeBadPhone(path.join(data, "site.yaml"));
    const out = path.join(tmp, "site-refused");
    const result = await sitegen(["generate", "--data", data, "--out", out], undefined, {
      env: { NETLIFY: "true", CONTEXT: "production" },
    });
    expect(result.code).toBe(1);
    await expect(readFile(path.join(out, "index.html"))).rejects.toThrow();
  }, 120_000); // the command line's generate, refused
});

/** site.yaml's main number made a bare number, which the build refuses (text is expected). */
async function writeBadPhone(file: string): Promise<void> {
  const text = await readFile(file, "utf8");
  await writeFile(file, text.replace(/^ {2}primary: .*$/m, "  primary: 555"));
}
