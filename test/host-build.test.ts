// How Netlify and Cloudflare Pages build the site (docs/deploying.md): netlify.toml, as
// Netlify's own config reader resolves it, agrees with the code; a build for a host refuses the
// placeholders the shipped data holds, each at its line; Netlify's own build runs the cache plugin
// and a second build finds .cache/ again; generate needs nothing from devDependencies; and the
// deploying guide says what the hosts run. The builds that succeed are of a copy whose placeholders
// are filled in (support/filled-in.ts), as the owner fills them in before the site goes live.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILD_INPUTS,
  CLOUDFLARE_BUILD_COMMAND,
  HOST_BUILD_COMMAND,
  HOST_ENVIRONMENT,
  HOST_INSTALL_FLAGS,
  NETLIFY_IGNORE_COMMAND,
} from "../scripts/headers/hosts.ts";
import { CACHE_DIR, OUT_DIR } from "../scripts/lib/paths.ts";
import { DEPLOYING_GUIDE, guideSection, readGuide } from "./support/readme.ts";
import { fillInPlaceholders } from "./support/filled-in.ts";
import { loadData } from "../scripts/data/load.ts";
import { formatProblem } from "../scripts/data/problems.ts";
import { ROOT } from "./support/paths.ts";
import { hostBinary } from "./support/tools.ts";

const run = promisify(execFile);

/** What a build reads (hosts.ts), for a copy that builds on its own. */
const PROJECT_ENTRIES = BUILD_INPUTS.map((input) => input.replace(/\/$/, ""));

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "site-host-build-"));
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/**
 * A copy of the project in `dir` with `node_modules` as given, and no caches of its own yet; its
 * site.yaml filled in, unless `shipped` keeps the placeholders.
 */
async function projectCopy(
  dir: string,
  nodeModules: string,
  { entries = PROJECT_ENTRIES, shipped = false }: { entries?: readonly string[]; shipped?: boolean } = {},
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await Promise.all(entries.map((entry) => cp(path.join(ROOT, entry), path.join(dir, entry), { recursive: true })));
  await symlink(nodeModules, path.join(dir, "node_modules"), "dir");
  if (!shipped) await fillInPlaceholders(path.join(dir, "data"));
}

interface NetlifyConfig {
  config: {
    build: { command: string; publish: string; ignore: string; environment: Record<string, string> };
    plugins: { package: string; inputs: Record<string, string> }[];
  };
}

describe("netlify.toml, as Netlify reads it", () => {
  let resolved: NetlifyConfig["config"];

  beforeAll(async () => {
    const { stdout } = await run(hostBinary("netlify-config"), ["--offline"], {
      cwd: ROOT,
      env: { ...process.env, NETLIFY_TELEMETRY_DISABLED: "1" },
      maxBuffer: 16 * 1024 * 1024,
    });
    resolved = (JSON.parse(stdout) as NetlifyConfig).config;
  }, 60_000);

  it("builds with the hosts' build command and publishes the folder generate writes", () => {
    expect(resolved.build.command).toBe(HOST_BUILD_COMMAND);
    expect(path.resolve(resolved.build.publish)).toBe(path.resolve(OUT_DIR));
  });

  it("cancels the build of a commit that changes nothing the build reads, with the command made from BUILD_INPUTS", () => {
    expect(resolved.build.ignore).toBe(NETLIFY_IGNORE_COMMAND);
  });

  it("installs with the hosts' install flags, on the Node version of .nvmrc", async () => {
    expect(resolved.build.environment.NPM_FLAGS).toBe(HOST_INSTALL_FLAGS.join(" "));
    expect(HOST_INSTALL_FLAGS).toContain("--omit=dev");
    const nvmrc = (await readFile(path.join(ROOT, ".nvmrc"), "utf8")).trim();
    expect(resolved.build.environment.NODE_VERSION).toBe(nvmrc);
  });

  it("keeps the generator's cache folder with the project's own plugin", () => {
    expect(resolved.plugins).toEqual([
      expect.objectContaining({
        package: "./netlify/plugins/keep-cache",
        inputs: { path: path.relative(ROOT, CACHE_DIR) },
      }),
    ]);
    expect(existsSync(path.join(ROOT, "netlify", "plugins", "keep-cache", "manifest.yml"))).toBe(true);
  });
});

describe("a build for a host of the shipped data", () => {
  let dir: string;
  beforeAll(async () => {
    dir = path.join(tmp, "shipped");
    await projectCopy(dir, path.join(ROOT, "node_modules"), { shipped: true });
  });

  const generate = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    run(process.execPath, [path.join(dir, "bin", "sitegen.js"), "generate", ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it.each([
    ["--for netlify", ["--for", "netlify"], {}],
    ["--for cloudflare", ["--for", "cloudflare"], {}],
    ["Netlify's own build (NETLIFY=true)", [], { [HOST_ENVIRONMENT.netlify.name]: HOST_ENVIRONMENT.netlify.value }],
    [
      "Cloudflare's own build (CF_PAGES=1)",
      [],
      { [HOST_ENVIRONMENT.cloudflare.name]: HOST_ENVIRONMENT.cloudflare.value },
    ],
  ])(
    "is refused (%s): each placeholder at its line, with what goes there, and nothing written",
    async (_, args, env) => {
      const { placeholders } = await loadData(path.join(dir, "data"));
      expect(placeholders.length).toBeGreaterThanOrEqual(8);
      const result = await generate([...args, "--out", path.join(dir, "dist")], env);
      expect(result.code).toBe(1);
      const lines = result.stderr.split("\n");
      expect(lines[0]).toBe(`The data has ${placeholders.length} problems; nothing was written:`);
      expect(lines.slice(1, 1 + placeholders.length)).toEqual(placeholders.map(formatProblem));
      for (const line of lines.slice(1, 1 + placeholders.length))
        expect(line).toMatch(/^data\/site\.yaml:\d+:\d+ [\w.[\]]+: found the placeholder ".+", expected \S/);
      expect(existsSync(path.join(dir, "dist"))).toBe(false);
    },
  );

  it("is built on this computer, each placeholder named on every page, and a draft's preview for a host is built too", async () => {
    expect((await generate(["--out", path.join(dir, "local")])).code).toBe(0);
    const home = await readFile(path.join(dir, "local", "index.html"), "utf8");
    expect(home).toMatch(
      /<aside class="placeholder-band" aria-label="Placeholders"><p>Placeholders, not the business&#x27;s own: [^<]*100 Example Street/,
    );
    expect((await generate(["--for", "netlify", "--preview", "--out", path.join(dir, "preview")])).code).toBe(0);
    expect(await readFile(path.join(dir, "preview", "index.html"), "utf8")).toContain('class="placeholder-band"');
  });
});

describe("Netlify's own build of a copy, twice", () => {
  it("builds for Netlify, keeps .cache/ after the first build and restores it before the second", async () => {
    const dir = path.join(tmp, "netlify");
    await projectCopy(dir, path.join(ROOT, "node_modules"));
    const { name, value } = HOST_ENVIRONMENT.netlify;
    // A host's temporary folder starts empty and is gone after the build.
    const temporary = path.join(tmp, "netlify-tmp");
    await mkdir(temporary);
    const build = async () => {
      const { stdout, stderr } = await run(hostBinary("netlify-build"), ["--offline"], {
        cwd: dir,
        env: {
          ...process.env,
          [name]: value,
          NETLIFY_TELEMETRY_DISABLED: "1",
          NODE_ENV: "production",
          TMPDIR: temporary,
        },
        maxBuffer: 16 * 1024 * 1024,
      });
      return stdout + stderr;
    };
    const cacheDir = path.join(dir, path.relative(ROOT, CACHE_DIR));
    const first = await build();
    expect(first).toContain("No .cache kept yet");
    expect(first).toContain("Kept .cache for the next build");
    expect(first).toMatch(/Generated .* for Netlify in/);
    const kept = (await readdir(cacheDir, { recursive: true })).sort();
    // The preview images, and the compiled code bin/sitegen.js keeps there: V8's and tsx's.
    const cards = (files: string[]) => files.filter((file) => file.startsWith(`og${path.sep}`));
    expect(cards(kept).length).toBeGreaterThan(0);
    expect(kept.some((file) => file.startsWith(`node${path.sep}`))).toBe(true);
    expect(kept.some((file) => /^tsx-[^/]+\/./.test(file))).toBe(true);
    expect((await readdir(temporary)).filter((file) => file.startsWith("tsx"))).toEqual([]);

    // The next build starts from a fresh clone: no .cache/, no dist/.
    await rm(cacheDir, { recursive: true });
    await rm(path.join(dir, "dist"), { recursive: true });
    const second = await build();
    expect(second).toContain("Restored .cache from the last build");
    expect(second).toMatch(/Generated .* for Netlify in/);
    const restored = await readdir(cacheDir, { recursive: true });
    expect(cards(restored).sort()).toEqual(cards(kept));
  }, 180_000); // two builds through Netlify's own build command, which starts its plugins
});

describe("generate", () => {
  it("needs nothing from devDependencies: it builds with only what `npm ci --omit=dev` installs", async () => {
    // The packages an install without devDependencies leaves, linked from the project's own install.
    const lock = JSON.parse(await readFile(path.join(ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const modules = path.join(tmp, "production-modules");
    const kept: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      const name = key.startsWith("node_modules/") ? key.slice("node_modules/".length) : undefined;
      if (!name || name.includes("/node_modules/") || entry.dev) continue;
      if (!existsSync(path.join(ROOT, "node_modules", name))) continue; // another platform's build
      await mkdir(path.dirname(path.join(modules, name)), { recursive: true });
      await symlink(path.join(ROOT, "node_modules", name), path.join(modules, name), "dir");
      kept.push(name);
    }
    expect(kept).toContain("tsx");
    expect(kept).not.toContain("vitest");

    const dir = path.join(tmp, "production");
    await projectCopy(dir, modules);
    const { stdout } = await run(
      process.execPath,
      [path.join(dir, "bin", "sitegen.js"), "generate", "--for", "cloudflare", "--out", path.join(dir, "dist")],
      { cwd: dir },
    );
    expect(stdout).toMatch(/Generated .* for Cloudflare Pages in/);
    expect(existsSync(path.join(dir, "dist", "index.html"))).toBe(true);
    expect(existsSync(path.join(dir, "dist", "admin", "index.html"))).toBe(true);
  }, 120_000); // a build from a copy of the production install
});

describe("the deploying guide", () => {
  it("gives Cloudflare Pages the hosts' install and build in one command, with its own install skipped", async () => {
    const section = guideSection(await readGuide(DEPLOYING_GUIDE), "Cloudflare Pages");
    expect(section).toContain(`\`${CLOUDFLARE_BUILD_COMMAND}\``);
    expect(section).toContain("`SKIP_DEPENDENCY_INSTALL`");
  });
});
