// The generator writes every page, a sitemap and robots.txt, reproducibly, or nothing at all.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { generate, renderSite } from "../scripts/pipeline/generate.ts";
import { BuildMemory } from "../scripts/pipeline/build-memory.ts";
import { loadData } from "../scripts/data/load.ts";
import { formatProblem } from "../scripts/data/problems.ts";
import { buildModel } from "../scripts/data/model.ts";
import { renderRoute } from "../scripts/pages/render.ts";
import { RenderError } from "../scripts/pages/render-error.ts";
import { buildRoutes } from "../scripts/pages/routes.ts";
import { buildAssets } from "../scripts/pages/assets.ts";
import { copyData, editYaml, replaceInFile } from "./support/data-copy.ts";
import { readTree } from "./support/files.ts";
import { filledInData } from "./support/filled-in.ts";
import { EDITED_FILES, pagesWritten } from "./support/pages.ts";
import { DATA_DIR, ROOT, SPEC_DATA_DIR } from "./support/paths.ts";

const run = promisify(execFile);
const tempDir = () => mkdtemp(path.join(tmpdir(), "site-gen-"));
/** The public pages of data/, from the route table: each is written, and listed in the sitemap. */
const routes = buildRoutes(buildModel(await loadData(DATA_DIR)));
const PUBLIC_PAGES = routes.length;
/** Every page written: the public pages and the not-found page. */
const PAGES = PUBLIC_PAGES + 1;

describe("generate", () => {
  it("writes every page of the route table, the 404 page, the sitemap and robots.txt", async () => {
    const out = path.join(await tempDir(), "dist");
    const result = await generate({ dataDir: DATA_DIR, outDir: out });
    expect(result.pages).toBe(PAGES);
    const files = [...(await readTree(out)).keys()];
    // The pages, and the site editor's own page (not a page of the site: no route, no sitemap entry).
    expect(files.filter((file) => file.endsWith(".html") && !file.startsWith("admin/"))).toHaveLength(
      pagesWritten(routes),
    );
    expect(files).toEqual(expect.arrayContaining(EDITED_FILES));
    expect(files).toContain("admin/index.html");
    for (const file of [
      "index.html",
      "404.html",
      "contact.html",
      "privacy.html",
      "services.html",
      "towns.html",
      "towns/mt-zion.html",
      "services/road-building.html",
      "towns/strasburg-seo.html",
      "sitemap.xml",
      "robots.txt",
    ]) {
      expect(files).toContain(file);
    }
  });

  it("gives byte-identical output when run twice on the same data", async () => {
    const first = path.join(await tempDir(), "dist");
    const second = path.join(await tempDir(), "dist");
    await generate({ dataDir: DATA_DIR, outDir: first });
    await generate({ dataDir: DATA_DIR, outDir: second });
    const [a, b] = await Promise.all([readTree(first), readTree(second)]);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, contents] of a) expect(b.get(file)?.equals(contents), file).toBe(true);
  });

  it("rebuilds into the same folder exactly as a fresh build writes it", async () => {
    const data = await copyData();
    const out = path.join(await tempDir(), "dist");
    await generate({ dataDir: data, outDir: out });
    const first = await readTree(out);
    await replaceInFile(data, "towns.yaml", "from our home base in Mattoon", "from our yard in Mattoon");
    await generate({ dataDir: data, outDir: out });
    const fresh = path.join(await tempDir(), "dist");
    await generate({ dataDir: data, outDir: fresh });
    const [rebuilt, expected] = await Promise.all([readTree(out), readTree(fresh)]);
    expect([...rebuilt.keys()]).toEqual([...expected.keys()]);
    for (const [file, contents] of expected) expect(rebuilt.get(file)?.equals(contents), file).toBe(true);
    // The edit reached the page, its compressed copies and its preview card, and little else.
    const changed = [...expected.keys()].filter((file) => !first.get(file)?.equals(expected.get(file)!));
    expect(changed).toEqual(
      expect.arrayContaining(["towns/mattoon.html", "towns/mattoon.html.br", "og/towns/mattoon.png"]),
    );
    expect(changed.length).toBeLessThan(expected.size / 4);
  }, 120_000); // three builds

  it("keeps what a process may reuse in the memory it is given, and builds the same bytes with it", async () => {
    const memory = new BuildMemory();
    const first = path.join(await tempDir(), "dist");
    await generate({ dataDir: DATA_DIR, outDir: first, memory });
    // The pages' stylesheet and two scripts, the map picture's stylesheet, the service worker, and
    // the band that names the shipped data's placeholders (the shipped data has no job: no jobs' stylesheet).
    expect(memory.bundles.size).toBe(6);
    expect(memory.editor.config).toBeDefined();
    const scripts = memory.editor.scripts;
    expect(scripts).toBeDefined();
    const second = path.join(await tempDir(), "dist");
    await generate({ dataDir: DATA_DIR, outDir: second, memory });
    expect(memory.editor.scripts).toBe(scripts);
    const [a, b] = await Promise.all([readTree(first), readTree(second)]);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, contents] of a) expect(b.get(file)?.equals(contents), file).toBe(true);
  }, 120_000); // two builds

  it("lists every public route once in the sitemap, as absolute URLs, and not the 404 page", async () => {
    const { files, model } = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
    const sitemap = String(files.get("sitemap.xml") ?? "");
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toHaveLength(PUBLIC_PAGES);
    expect(new Set(locs).size).toBe(PUBLIC_PAGES);
    for (const loc of locs) expect(loc?.startsWith(`${model.business.url}/`)).toBe(true);
    expect(locs).toContain(`${model.business.url}/towns/mattoon`);
    expect(sitemap).not.toMatch(/404|admin/);
    expect([...sitemap.matchAll(/<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g)]).toHaveLength(PUBLIC_PAGES);
    expect(files.get("robots.txt")).toBe(
      `User-agent: *\nAllow: /\nDisallow: /admin/\n\nSitemap: ${model.business.url}/sitemap.xml\n`,
    );
    expect(String(files.get("llms.txt"))).not.toMatch(/admin/);
  });

  it("names the route when a template throws", async () => {
    const model = buildModel(await loadData(DATA_DIR));
    const [home] = buildRoutes(model);
    const broken = {
      ...home!,
      path: "/broken",
      render: () => {
        throw new Error("template exploded");
      },
    };
    const context = {
      business: model.business,
      assets: await buildAssets(model.business),
      year: 2026,
      icons: new Map(),
    };
    expect(() => renderRoute(broken, context)).toThrow(RenderError);
    expect(() => renderRoute(broken, context)).toThrow("Rendering /broken failed: template exploded");
  });
});

describe("the command line", () => {
  const cli = path.join(ROOT, "bin", "sitegen.js");

  it("lists every command and option in --help", async () => {
    const { stdout } = await run(process.execPath, [cli, "--help"]);
    for (const command of ["generate", "serve", "start"]) expect(stdout).toContain(command);
    expect(stdout).toMatch(/Exit codes/);
    const generateHelp = (await run(process.execPath, [cli, "generate", "--help"])).stdout;
    for (const option of ["--data", "--out", "--quiet", "--timings", "--production"])
      expect(generateHelp).toContain(option);
    const serveHelp = (await run(process.execPath, [cli, "serve", "--help"])).stdout;
    for (const option of ["--out", "--host", "--port"]) expect(serveHelp).toContain(option);
  });

  it("stops on bad data with exit code 1, names file, line and field, and leaves dist/ untouched", async () => {
    const data = await copyData();
    const out = path.join(await tempDir(), "dist");
    await mkdir(out);
    await writeFile(path.join(out, "index.html"), "previous build");
    await editYaml(data, "towns.yaml", (doc) => doc.deleteIn(["towns", 4, "faqs", 0]));
    const failure = await run(process.execPath, [cli, "generate", "--data", data, "--out", out]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /data\/towns\.yaml:\d+:\d+ towns\[4\]\.faqs: found a list of 2 items, expected exactly 3 FAQs/,
    );
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("previous build");
    expect([...(await readTree(out)).keys()]).toEqual(["index.html"]);
  });

  it("refuses the placeholders with --production, each at its line, and leaves dist/ as it was; builds once they are filled in", async () => {
    const out = path.join(await tempDir(), "dist");
    await mkdir(out);
    await writeFile(path.join(out, "index.html"), "previous build");
    const shipped = await copyData();
    const { placeholders } = await loadData(shipped);
    expect(placeholders.length).toBeGreaterThanOrEqual(8);
    const failure = await run(process.execPath, [
      cli,
      "generate",
      "--production",
      "--data",
      shipped,
      "--out",
      out,
    ]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const lines = failure?.stderr.split("\n") ?? [];
    expect(lines[0]).toBe(`The data has ${placeholders.length} problems; nothing was written:`);
    expect(lines.slice(1, 1 + placeholders.length)).toEqual(placeholders.map(formatProblem));
    expect([...(await readTree(out)).keys()]).toEqual(["index.html"]);
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("previous build");
    const filled = await filledInData(SPEC_DATA_DIR);
    await run(process.execPath, [cli, "generate", "--production", "--data", filled, "--out", out, "--quiet"]);
    expect(await readFile(path.join(out, "index.html"), "utf8")).not.toContain("placeholder-band");
  });

  it("generates with npm run generate's command and prints a summary", async () => {
    const out = path.join(await tempDir(), "dist");
    const { stdout } = await run(process.execPath, [cli, "generate", "--out", out]);
    expect(stdout).toMatch(new RegExp(`Generated ${PAGES} pages, sitemap\\.xml and robots\\.txt in \\d+ ms`));
    const quiet = await run(process.execPath, [cli, "generate", "--out", out, "--quiet"]);
    expect(quiet.stdout).toBe("");
  });

  it("prints how long each step took with --timings", async () => {
    const out = path.join(await tempDir(), "dist");
    const { stdout } = await run(process.execPath, [cli, "generate", "--out", out, "--quiet", "--timings"]);
    for (const step of [
      "read and check data/",
      "pages, and what their policy needs",
      "preview cards",
      "the whole build",
    ]) {
      expect(stdout).toMatch(new RegExp(`^  ${step.replace(/[/()]/g, "\\$&")} +\\d+ +\\d+$`, "m"));
    }
  });
});
