// Every generated page against the W3C Nu HTML Checker (the vnu-jar package, run with the
// machine's Java) and html-validate, for the rules the Nu checker does not have.
// The offline page the service worker holds is checked with them, and the pages that show jobs,
// in a build with the tests' jobs.
import { isSitePageFile } from "../scripts/site/urls.ts";
import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { HtmlValidate, type ConfigData } from "html-validate";
import { sharedBuild, sharedJobsBuild } from "./support/site.ts";
import { JAVA, toolPath } from "./support/tools.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { DATA_DIR } from "./support/paths.ts";
import { EDITED_FILES, JOB_PAGES, loadSitePages } from "./support/pages.ts";
import { fileForPath } from "../scripts/site/urls.ts";

const { model, routes } = await loadSitePages();

let tmp: string;
let outDir: string;
/** Every HTML page of the build, relative to outDir. */
let htmlFiles: string[];
/** The pages that show jobs, in the build with the tests' jobs: absolute paths. */
let jobFiles: string[];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "site-validity-"));
  outDir = await sharedBuild();
  const entries = await readdir(outDir, { recursive: true });
  htmlFiles = entries.filter(isSitePageFile).sort();
  const jobsDir = await sharedJobsBuild();
  jobFiles = JOB_PAGES.map((page) => path.join(jobsDir, fileForPath(page.path)));
  // The offline page has no file in dist/: the service worker holds it. Checked beside the pages.
  const { offlineHtml } = await renderSite({ dataDir: DATA_DIR, outDir });
  await writeFile(path.join(tmp, OFFLINE_PAGE), offlineHtml);
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The offline page, written for the checkers into this file's own folder: the build is shared. */
const OFFLINE_PAGE = "offline-page.html";
const inTmp = (file: string) => (file === OFFLINE_PAGE ? path.join(tmp, file) : file);

it("builds one HTML file per route plus the not-found page and the editor's preview links", () => {
  expect(htmlFiles).toHaveLength(routes.length + 1 + EDITED_FILES.length);
});

describe("W3C Nu HTML Checker", () => {
  interface NuMessage {
    type: "error" | "info" | "non-document-error";
    subType?: string;
    url?: string;
    lastLine?: number;
    message: string;
    extract?: string;
  }

  /**
   * Warnings accepted, each with its reason. Plain "info" messages (for example that a trailing
   * slash on void elements has no effect, which is how React writes <meta/>) are not problems
   * and are not listed. Every error fails.
   */
  const ACCEPTED_WARNINGS: { pattern: RegExp; reason: string }[] = [];

  function javaVersion(): string {
    const java = spawnSync(toolPath(JAVA), ["-version"], { encoding: "utf8" });
    if (java.error || java.status !== 0) throw new Error(`java -version failed: ${java.stderr}`);
    return java.stderr.split("\n")[0] ?? "";
  }

  it("finds no error and no unaccepted warning in any page", async () => {
    expect(javaVersion()).toMatch(/version/);
    const jar = String(createRequire(import.meta.url)("vnu-jar"));
    const files = [
      ...htmlFiles,
      ...jobFiles,
      inTmp(OFFLINE_PAGE),
      ...(await readdir(outDir, { recursive: true })).filter((file) => file.endsWith(".svg")),
    ];
    // One Java process for every file; the checker reports on stderr and exits 1 when it found errors.
    const output = await promisify(execFile)("java", ["-jar", jar, "--format", "json", "--also-check-svg", ...files], {
      cwd: outDir,
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      (result) => result.stderr,
      (error: { stderr?: string }) => error.stderr ?? "",
    );
    const { messages } = JSON.parse(output) as { messages: NuMessage[] };
    const where = (message: NuMessage) =>
      `${message.url?.replace(/^.*\/dist\//, "") ?? "?"}:${message.lastLine ?? "?"} ${message.message}`;
    const errors = messages.filter((message) => message.type !== "info").map(where);
    const warnings = messages
      .filter((message) => message.type === "info" && message.subType === "warning")
      .filter((message) => !ACCEPTED_WARNINGS.some(({ pattern }) => pattern.test(message.message)))
      .map(where);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  }, 180_000); // the W3C Nu checker (Java) on every page, started once, with its JVM
});

describe("html-validate", () => {
  // The recommended and document presets, with these changes:
  const config: ConfigData = {
    extends: ["html-validate:recommended", "html-validate:document"],
    rules: {
      // React writes void elements as <meta/>; the Nu checker accepts both forms. Require that one
      // form consistently rather than the other.
      "void-style": ["error", { style: "selfclose" }],
      // React writes a boolean attribute with an empty value (defer=""), which HTML reads as present;
      // the same consistency, that form rather than the bare name.
      "attribute-boolean-style": ["error", { style: "empty" }],
      // React writes <meta charSet> in camel case and offers no lower-case spelling; attribute
      // names are case-insensitive in HTML and the Nu checker accepts it. SVG attributes are
      // camel case by definition.
      "attr-case": "off",
      // The estimate form's embed script is updated in place by its provider under one address;
      // a pinned hash would break the form on their next release. The Content Security Policy
      // allows scripts from that host only on the contact page.
      "require-sri": ["error", { exclude: [model.business.leadForm.scriptUrl] }],
      // The rule wants non-breaking characters inside phone numbers so that they never wrap.
      // The stylesheet keeps every tel: link on one line instead (a[href^="tel:"] is nowrap;
      // test/links.browser.test.ts checks it), so the number stays as typed in site.yaml.
      "tel-non-breaking": "off",
    },
  };

  it("finds nothing in any page", async () => {
    const validator = new HtmlValidate(config);
    const problems: string[] = [];
    expect(jobFiles.length).toBeGreaterThan(5);
    for (const file of [...htmlFiles, ...jobFiles, OFFLINE_PAGE]) {
      const report = await validator.validateString(await readFile(path.resolve(outDir, inTmp(file)), "utf8"), file);
      for (const result of report.results) {
        for (const message of result.messages)
          problems.push(`${file}: ${message.ruleId}: ${message.message} (${message.selector ?? ""})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
