// The layout is the architecture: scripts/ holds one folder per subsystem, each with a README.md,
// and imports between the folders follow the rules below, with no cycle anywhere among bin/,
// scripts/ and templates/. Type-only imports count too: a type that points the wrong way is a
// dependency that points the wrong way. Each import is read with a real TypeScript parser. A test
// file that starts a browser says so in its name (.browser.test.ts), and no other does; a test file
// that shares its worker with others (vitest.config.ts) changes nothing they would see.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseSync } from "oxc-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { ISOLATED_TESTS } from "../vitest.config.ts";
import { ROOT } from "./support/paths.ts";

/** The parts of the code base, and the parts each may import (besides itself). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  geo: [],
  lib: [],
  browser: [],
  // The sign-in service runs on Cloudflare Workers, apart from the site: it imports nothing of it.
  "sign-in": [],
  data: ["geo", "lib"],
  site: ["data"],
  map: ["data", "geo", "site"],
  templates: ["data", "geo", "map", "site"],
  seo: ["data", "geo", "lib", "site", "templates"],
  pages: ["data", "geo", "lib", "map", "seo", "site", "templates"],
  headers: ["data", "lib", "site"],
  photos: ["data", "lib", "site"],
  admin: ["data", "lib", "site"],
  // A feature declares what it adds (features/feature.ts); the pipeline and check-deploy ask the list.
  features: ["browser", "data", "headers", "lib", "map", "pages", "seo", "site", "templates"],
  pipeline: [
    "admin",
    "data",
    "features",
    "geo",
    "headers",
    "lib",
    "map",
    "pages",
    "photos",
    "seo",
    "site",
    "templates",
  ],
  serve: ["headers", "lib", "site"],
  "deploy-check": ["data", "features", "headers", "lib", "site"],
  dev: ["data", "headers", "lib", "pipeline", "serve", "site"],
  measure: [
    "admin",
    "data",
    "deploy-check",
    "features",
    "geo",
    "headers",
    "lib",
    "map",
    "pages",
    "photos",
    "pipeline",
    "seo",
    "serve",
    "site",
    "templates",
  ],
  bin: ["admin", "data", "deploy-check", "dev", "headers", "lib", "pages", "pipeline", "serve", "site"],
};

/**
 * Imports of code allowed only from one file: the dev server runs the pipeline in its build process
 * only, so that a template change needs only a new build process. Types may be shared.
 */
const ONLY_FROM: Record<string, string> = {
  pipeline: "scripts/dev/build-process-main.ts",
};

/**
 * The page templates are known to their kinds' modules alone (scripts/pages/kinds/); the route
 * table lists the kinds, and everything else sees a Route.
 */
const PAGE_TEMPLATES = "templates/pages/";
const PAGE_TEMPLATE_IMPORTERS = "scripts/pages/kinds/";

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const SOURCE = /\.(?:ts|tsx|js)$/;

async function sourceFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const top of ["bin", "scripts", "templates"]) {
    const entries = await readdir(path.join(ROOT, top), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (entry.isFile() && SOURCE.test(entry.name))
        files.push(path.relative(ROOT, path.join(entry.parentPath, entry.name)));
    }
  }
  return files.sort();
}

/**
 * A feature's data half belongs to data/'s layer: its data fields (features/fields.ts,
 * features/<name>/fields.ts) and what they read of the files they name (features/<name>/data/),
 * which the schema places, the loading of the data runs, and the rules and the editor read, before
 * any build asks a feature.
 */
const FEATURE_FIELDS = /^scripts\/features\/(?:(?:[^/]+\/)?fields\.ts|[^/]+\/data\/[^/]+\.ts)$/;

/** The part of the code base a file belongs to: "bin", "templates", or a folder of scripts/. */
function partOf(file: string): string {
  if (FEATURE_FIELDS.test(file)) return "data";
  const [top, folder] = file.split("/");
  return top === "scripts" ? (folder ?? "") : (top ?? "");
}

/** Every module a file imports, statically or dynamically, as written, with whether only types come. */
async function specifiersOf(file: string): Promise<{ spec: string; typeOnly: boolean }[]> {
  const source = await readFile(path.join(ROOT, file), "utf8");
  const { module, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const found: { spec: string; typeOnly: boolean }[] = [];
  for (const item of module.staticImports) {
    found.push({
      spec: item.moduleRequest.value,
      typeOnly: item.entries.length > 0 && item.entries.every((entry) => entry.isType),
    });
  }
  for (const item of module.staticExports) {
    for (const entry of item.entries) {
      if (entry.moduleRequest) found.push({ spec: entry.moduleRequest.value, typeOnly: entry.isType });
    }
  }
  for (const item of module.dynamicImports) {
    const literal = /^["'](.*)["']$/.exec(source.slice(item.moduleRequest.start, item.moduleRequest.end));
    if (literal?.[1]) found.push({ spec: literal[1], typeOnly: false });
  }
  return found;
}

/** Every project file a file imports, statically or dynamically, with whether only types come. */
async function importsOf(file: string): Promise<Edge[]> {
  return (await specifiersOf(file))
    .filter(({ spec }) => spec.startsWith("."))
    .map(({ spec, typeOnly }) => ({ from: file, to: path.normalize(path.join(path.dirname(file), spec)), typeOnly }));
}

/** The strongly connected components of more than one file (or a file importing itself). */
function cycles(files: readonly string[], edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of edges) next.get(edge.from)?.push(edge.to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (next.get(file) ?? []).includes(file)) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

/** What is wrong with one import under the rules, or undefined. */
export function forbidden(edge: Edge): string | undefined {
  const [from, to] = [partOf(edge.from), partOf(edge.to)];
  if (
    to === "templates" &&
    edge.to.startsWith(PAGE_TEMPLATES) &&
    !edge.from.startsWith("templates/") &&
    !edge.from.startsWith(PAGE_TEMPLATE_IMPORTERS)
  ) {
    return `${edge.from} imports ${edge.to}: only the kinds' modules in ${PAGE_TEMPLATE_IMPORTERS} import the page templates`;
  }
  if (from === to) return undefined;
  if (!(from in MAY_IMPORT)) return `${edge.from} is in ${from}/, which has no import rule`;
  if (!MAY_IMPORT[from]!.includes(to))
    return `${edge.from} imports ${edge.to}: ${from}/ may import only ${MAY_IMPORT[from]!.join(", ") || "nothing of the project"}`;
  const onlyFrom = ONLY_FROM[to];
  if (onlyFrom && !edge.typeOnly && from !== "bin" && from !== "measure" && edge.from !== onlyFrom)
    return `${edge.from} imports ${edge.to}: only ${onlyFrom} may import ${to}/ from ${from}/`;
  return undefined;
}

let files: string[];
let edges: Edge[];

beforeAll(async () => {
  files = await sourceFiles();
  edges = (await Promise.all(files.map(importsOf))).flat();
});

describe("the layout", () => {
  it("keeps every module of scripts/ in a subsystem folder with a README.md", async () => {
    const entries = await readdir(path.join(ROOT, "scripts"), { withFileTypes: true });
    expect(entries.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
    const folders = entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(
      Object.keys(MAY_IMPORT)
        .filter((part) => part !== "bin" && part !== "templates")
        .sort(),
    );
    for (const folder of folders) {
      const readme = await readFile(path.join(ROOT, "scripts", folder, "README.md"), "utf8").catch(() => "");
      expect(readme, `scripts/${folder}/README.md`).toMatch(/may import/i);
    }
  });

  it("names every module of scripts/ in its folder's README.md, and every file and folder of templates/ in its", async () => {
    const unnamed: string[] = [];
    const named = async (readme: string, name: string) =>
      (await readFile(path.join(ROOT, readme), "utf8")).includes(`\`${name}`) || unnamed.push(`${readme}: ${name}`);
    for (const folder of await readdir(path.join(ROOT, "scripts")))
      for (const file of (await readdir(path.join(ROOT, "scripts", folder), { recursive: true })).filter((name) =>
        /\.tsx?$/.test(name),
      ))
        await named(`scripts/${folder}/README.md`, file);
    // templates/pages/ and templates/parts/ are named as folders: one component per kind of page, shared pieces.
    for (const entry of await readdir(path.join(ROOT, "templates"), { withFileTypes: true }))
      if (entry.name !== "README.md")
        await named("templates/README.md", entry.isDirectory() ? `${entry.name}/` : entry.name);
    expect(unnamed).toEqual([]);
  });

  it("reads the imports it checks (a sanity check of the parser)", () => {
    expect(files.length).toBeGreaterThan(60);
    expect(edges.length).toBeGreaterThan(150);
    expect(edges).toContainEqual({
      from: "scripts/pages/kinds/home.ts",
      to: "templates/pages/HomePage.tsx",
      typeOnly: false,
    });
    expect(edges.filter((edge) => edge.from === "scripts/pages/routes.ts" && edge.to.startsWith("templates/"))).toEqual(
      [],
    );
    expect(edges.some((edge) => edge.typeOnly)).toBe(true);
    expect(
      edges.every((edge) => files.includes(edge.to)),
      "every import names an existing file",
    ).toBe(true);
  });
});

describe("the import rules", () => {
  it("find no import cycle, type-only imports included", () => {
    expect(cycles(files, edges)).toEqual([]);
  });

  it("find no import that points the wrong way", () => {
    expect(edges.map(forbidden).filter(Boolean)).toEqual([]);
  });

  it("catch a cycle and a forbidden edge when there is one", () => {
    const sample = ["scripts/site/urls.ts", "scripts/pages/routes.ts"];
    const back: Edge = { from: "scripts/site/urls.ts", to: "scripts/pages/routes.ts", typeOnly: true };
    expect(
      cycles(sample, [{ from: "scripts/pages/routes.ts", to: "scripts/site/urls.ts", typeOnly: false }, back]),
    ).toEqual([sample.slice().sort()]);
    expect(forbidden(back)).toMatch(/site\/ may import only data/);
    expect(forbidden({ from: "scripts/serve/server.ts", to: "scripts/pages/routes.ts", typeOnly: false })).toMatch(
      /serve\/ may import only/,
    );
    expect(
      forbidden({ from: "scripts/dev/dev-server.ts", to: "scripts/pipeline/generate.ts", typeOnly: false }),
    ).toMatch(/only scripts\/dev\/build-process-main.ts/);
    expect(forbidden({ from: "scripts/seo/head.ts", to: "templates/pages/HomePage.tsx", typeOnly: true })).toMatch(
      /only the kinds' modules in scripts\/pages\/kinds\//,
    );
    expect(forbidden({ from: "templates/parts/Icon.tsx", to: "scripts/measure/table.ts", typeOnly: false })).toMatch(
      /templates\/ may import only/,
    );
  });
});

/**
 * The packages that drive a browser (Chromium, Firefox, WebKit, Lighthouse's Chromium): a test file
 * that reaches one of them, through any file it imports for more than its types, starts a browser.
 */
const STARTS_A_BROWSER = ["playwright-core", "puppeteer-core", "selenium-webdriver", "lighthouse"];

describe("the test files' names", () => {
  it("say .browser. of every test file that starts a browser, and of no other", async () => {
    const tests = (await readdir(path.join(ROOT, "test"))).filter((name) => name.endsWith(".test.ts"));
    const browsers = new Map<string, Promise<boolean>>();
    // The files whose imports are being followed: one met again is a cycle, which adds nothing (and
    // would otherwise wait on itself). The files are followed one at a time, so one set serves.
    const following = new Set<string>();
    const startsBrowser = (file: string): Promise<boolean> => {
      if (following.has(file)) return Promise.resolve(false);
      if (!browsers.has(file)) {
        following.add(file);
        browsers.set(
          file,
          specifiersOf(file)
            .then(async (found) => {
              for (const { spec, typeOnly } of found) {
                if (typeOnly) continue;
                if (!spec.startsWith(".")) {
                  if (STARTS_A_BROWSER.includes(spec)) return true;
                  continue;
                }
                const target = path.normalize(path.join(path.dirname(file), spec));
                if (SOURCE.test(target) && (await startsBrowser(target))) return true;
              }
              return false;
            })
            .finally(() => following.delete(file)),
        );
      }
      return browsers.get(file)!;
    };
    const misnamed: string[] = [];
    for (const name of tests)
      if ((await startsBrowser(`test/${name}`)) !== name.endsWith(".browser.test.ts"))
        misnamed.push(name.endsWith(".browser.test.ts") ? `${name} starts no browser` : `${name} starts a browser`);
    expect(misnamed).toEqual([]);
    expect(await startsBrowser("test/seo.browser.test.ts")).toBe(true);
  });
});

/**
 * What a test file does that the files after it in a shared worker would see (vitest.config.ts):
 * a module mocked, a global or an environment variable stubbed, a spy, the clock faked, an
 * environment variable set.
 */
const CHANGES_THE_WORKER =
  /\bvi\.(?:mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers|setSystemTime)\(|\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|\bdelete process\.env\b/;

/**
 * The modules that keep something at their top level between calls, and why a file sharing a
 * worker with others may still use them; a file that uses any other such module runs isolated.
 */
const SAFE_TO_SHARE: Record<string, string> = {
  "scripts/lib/font-subset.ts": "its queue only puts one subsetting after another",
  "scripts/dev/build-process-main.ts": "it runs in a process of its own, the dev server's build process",
  "test/support/axe.ts": "it keeps axe-core's script, read once from its package",
  "scripts/sign-in/access.ts": "only the Worker asks it, in wrangler's process, never a test's",
  "scripts/sign-in/github-app.ts":
    "only the Worker asks it for a token, in wrangler's process; tests read its constants",
};

/**
 * A module's top-level `let` or `var`, or an empty list, map or set it fills: a value it keeps
 * between calls (Prettier puts a top-level statement at the line's start).
 */
const KEEPS_STATE =
  /^(?:export )?(?:(?:let|var) |const \w+(?::[^=]+)? = (?:\[\];|new (?:Map|Set|WeakMap|WeakSet)(?:<[^>]*>)?\(\)))/m;

describe("the test files that share a worker (vitest.config.ts)", () => {
  it("change nothing another file would see, and use no module that keeps something between calls", async () => {
    const tests = (await readdir(path.join(ROOT, "test"))).filter((name) => name.endsWith(".test.ts"));
    const shared = tests
      .map((name) => `test/${name}`)
      .filter((file) => !file.endsWith(".browser.test.ts") && !ISOLATED_TESTS.includes(file));
    expect(shared.length).toBeGreaterThan(50);
    const sources = new Map<string, Promise<string>>();
    const sourceOf = (file: string) => {
      if (!sources.has(file)) sources.set(file, readFile(path.join(ROOT, file), "utf8"));
      return sources.get(file)!;
    };
    /** The file and every project file it loads, type-only imports left out. */
    const loaded = async (file: string, seen = new Set<string>()): Promise<Set<string>> => {
      if (seen.has(file) || !SOURCE.test(file)) return seen;
      seen.add(file);
      for (const edge of await importsOf(file)) if (!edge.typeOnly) await loaded(edge.to, seen);
      return seen;
    };
    const problems: string[] = [];
    for (const test of shared) {
      for (const file of await loaded(test)) {
        const source = await sourceOf(file);
        if (CHANGES_THE_WORKER.test(source)) problems.push(`${test}: ${file} ${CHANGES_THE_WORKER.exec(source)![0]}`);
        // The test file itself is loaded anew each time it runs; what it imports, once per worker.
        if (file !== test && KEEPS_STATE.test(source) && !(file in SAFE_TO_SHARE))
          problems.push(`${test}: ${file} keeps "${KEEPS_STATE.exec(source)![0].trim()}" at its top level`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("are told from the isolated ones by the names of test files that exist", async () => {
    const tests = new Set((await readdir(path.join(ROOT, "test"))).map((name) => `test/${name}`));
    expect(ISOLATED_TESTS.filter((file) => !tests.has(file))).toEqual([]);
  });
});
