// A commit that changes nothing the build reads builds nothing on either host (docs/deploying.md,
// "What the site costs"): the rule is BUILD_INPUTS in scripts/headers/hosts.ts. A copy of the project
// with only those files, and no Markdown among them, builds the very dist/ the whole project does;
// Netlify's ignore command, run by bash as Netlify runs it, cancels exactly the commits that touch
// none of them; and the deploying guide gives Cloudflare Pages the same rule as build watch paths.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDay } from "../scripts/data/days.ts";
import {
  BUILD_INPUTS,
  CLOUDFLARE_WATCH_PATHS,
  NETLIFY_IGNORE_COMMAND,
  NOT_READ_BY_THE_BUILD,
} from "../scripts/headers/hosts.ts";
import { ROOT } from "./support/paths.ts";
import { linkProjectCache } from "./support/project-copy.ts";
import { DEPLOYING_GUIDE, guideSection, readGuide } from "./support/readme.ts";
import { FAKETIME, toolPath } from "./support/tools.ts";

const run = promisify(execFile);

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "site-build-inputs-"));
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The files git tracks in the project, relative to it. */
async function trackedFiles(): Promise<string[]> {
  const { stdout } = await run("git", ["ls-files", "-z"], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  return stdout.split("\0").filter(Boolean);
}

const isInput = (file: string) =>
  BUILD_INPUTS.some((input) => (input.endsWith("/") ? file.startsWith(input) : file === input));
const isMarkdown = (file: string) => file.endsWith(NOT_READ_BY_THE_BUILD.slice(1));

/** A copy of `files` in `dir`, their times kept (the sitemap's date outside git), with the project's packages. */
async function copyOf(dir: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await cp(path.join(ROOT, file), path.join(dir, file), { preserveTimestamps: true });
  }
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
}

/** Every file of a folder with its bytes, by relative path. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((found) => found.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), await readFile(file));
  }
  return files;
}

describe("what the build reads", () => {
  it("is all a build needs: a copy with only BUILD_INPUTS, no Markdown, writes the same dist/ as the whole project", async () => {
    const tracked = await trackedFiles();
    const inputs = tracked.filter((file) => isInput(file) && !isMarkdown(file));
    // Left out: the guides and every README, the tests, the workflows, CI, the editors' schemas.
    const left = tracked.filter((file) => !inputs.includes(file));
    for (const prefix of ["docs/", "test/", ".github/", ".ci/", "schemas/", "README.md", "data/SOURCES.md"])
      expect(
        left.some((file) => file.startsWith(prefix)),
        prefix,
      ).toBe(true);

    const whole = path.join(tmp, "whole");
    const only = path.join(tmp, "inputs");
    await copyOf(whole, tracked);
    await copyOf(only, inputs);
    // The whole project builds as the project does, with the build's cache (the project's own,
    // linked); the copy of the inputs with nothing cached (--no-cache), so that nothing it lacks
    // could come from there. Both on the same day at the business, whenever the test runs.
    await linkProjectCache(whole);
    const noon = `${businessDay(new Date())} 18:00:00`;
    const build = (dir: string, ...flags: string[]) =>
      run(toolPath(FAKETIME), [noon, process.execPath, "bin/sitegen.js", "generate", ...flags, "--quiet"], {
        cwd: dir,
        env: { ...process.env, TZ: "UTC" },
      });
    await build(whole);
    await build(only, "--no-cache");
    const [wholeFiles, onlyFiles] = await Promise.all([
      filesOf(path.join(whole, "dist")),
      filesOf(path.join(only, "dist")),
    ]);
    expect([...onlyFiles.keys()].sort()).toEqual([...wholeFiles.keys()].sort());
    const differing = [...wholeFiles]
      .filter(([file, bytes]) => !onlyFiles.get(file)?.equals(bytes))
      .map(([file]) => file);
    expect(differing).toEqual([]);
    expect(wholeFiles.size).toBeGreaterThan(100);
  }, 240_000); // a build with nothing cached and one with the cache, on a loaded 2-core machine

  it("names only what the project has", async () => {
    const tracked = await trackedFiles();
    for (const input of BUILD_INPUTS)
      expect(
        tracked.some((file) => isInput(file) && file.startsWith(input)),
        input,
      ).toBe(true);
  });
});

describe("Netlify's ignore command, in a repository with one commit of each kind", () => {
  let repo: string;
  /** Each commit's hash, by what it changed. */
  const commits = new Map<string, string>();
  const git = (...args: string[]) => run("git", args, { cwd: repo });

  /** Commits a change to `file` and returns the commit's hash. */
  async function commitChange(label: string, file: string): Promise<void> {
    await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
    await writeFile(path.join(repo, file), `${label}\n`, { flag: "a" });
    await git("add", "--all");
    await git("commit", "--quiet", "-m", label);
    commits.set(label, (await git("rev-parse", "HEAD")).stdout.trim());
  }

  beforeAll(async () => {
    repo = path.join(tmp, "repository");
    await mkdir(repo);
    await git("init", "--quiet", "--initial-branch=main");
    await git("config", "user.email", "owner@example.com");
    await git("config", "user.name", "Owner");
    await commitChange("first", "data/site.yaml");
    await commitChange("a guide", "docs/owner-guide.md");
    await commitChange("a test", "test/site.test.ts");
    await commitChange("a workflow", ".github/workflows/daily-rebuild.yml");
    await commitChange("the README", "README.md");
    await commitChange("a folder's README", "scripts/site/README.md");
    await commitChange("the data's sources", "data/SOURCES.md");
    await commitChange("the editors' schemas", "schemas/site.schema.json");
    await commitChange("the data", "data/towns.yaml");
    await commitChange("a template", "templates/Layout.tsx");
    await commitChange("the packages", "package-lock.json");
    await commitChange("the generator", "scripts/pipeline/generate.ts");
    await commitChange("Netlify's settings", "netlify.toml");
  });

  /** The command's exit code, run by bash as Netlify runs it, for a build of `label` after the one before it. */
  async function ignoreExit(cached: string, current: string): Promise<number> {
    return run("bash", ["-c", NETLIFY_IGNORE_COMMAND], {
      cwd: repo,
      env: { ...process.env, CACHED_COMMIT_REF: cached, COMMIT_REF: current },
    }).then(
      () => 0,
      (error: { code: number }) => error.code,
    );
  }

  const labels = () => [...commits.keys()];
  const previous = (label: string) => commits.get(labels()[labels().indexOf(label) - 1]!)!;

  it.each([
    "a guide",
    "a test",
    "a workflow",
    "the README",
    "a folder's README",
    "the data's sources",
    "the editors' schemas",
  ])("cancels the build (exit 0) of a commit that changes only %s", async (label) => {
    expect(await ignoreExit(previous(label), commits.get(label)!)).toBe(0);
  });

  it.each(["the data", "a template", "the packages", "the generator", "Netlify's settings"])(
    "builds (exit 1) a commit that changes %s",
    async (label) => {
      expect(await ignoreExit(previous(label), commits.get(label)!)).toBe(1);
    },
  );

  it("builds several commits at once when any of them changed the site", async () => {
    expect(await ignoreExit(commits.get("first")!, commits.get("the editors' schemas")!)).toBe(0);
    expect(await ignoreExit(commits.get("first")!, commits.get("the data")!)).toBe(1);
  });

  it("builds when Netlify has no cache (it then gives the same commit twice), and when git cannot find the commit built last", async () => {
    expect(await ignoreExit(commits.get("a guide")!, commits.get("a guide")!)).not.toBe(0);
    expect(await ignoreExit("0123456789abcdef0123456789abcdef01234567", commits.get("a guide")!)).not.toBe(0);
  });
});

describe("the deploying guide", () => {
  it("gives Cloudflare Pages the same rule as build watch paths, and says what Netlify's ignore command does", async () => {
    const section = guideSection(await readGuide(DEPLOYING_GUIDE), "Builds only when the site changes");
    expect(section).toContain(`| Include paths | \`${CLOUDFLARE_WATCH_PATHS.include}\` |`);
    expect(section).toContain(`| Exclude paths | \`${CLOUDFLARE_WATCH_PATHS.exclude}\` |`);
    expect(section).toContain("`ignore`");
    expect(section).toContain("netlify.toml");
  });
});
