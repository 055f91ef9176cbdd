// Code bundled by esbuild: for the browser, one minified classic script (the pages' inline scripts,
// pages/assets.ts, and the site editor's script, admin/files.ts) and one minified stylesheet (the
// pages' and the map picture's, pages/assets.ts); for Node, one module that a worker thread loads
// without compiling TypeScript itself (pipeline/render-pool.ts).
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

/** Browsers the output is written for: current evergreen browsers and a few years back. */
const BROWSER_TARGETS = ["chrome109", "edge109", "firefox115", "safari15.6"];

/**
 * `entry` and what it imports, as one minified script. `define` replaces globals at build time;
 * `strict` keeps the "use strict" prologue.
 */
export async function bundleBrowserScript(
  entry: string,
  { define, strict = false }: { define?: Record<string, string>; strict?: boolean } = {},
): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "iife",
    target: BROWSER_TARGETS,
    write: false,
    legalComments: "none",
    ...(define ? { define } : {}),
    // The pages' scripts go without the prologue: 13 bytes of the 1 KB script budget each, and
    // nothing those few lines do behaves differently in strict mode (the type checker keeps them
    // strict). The site editor's script, with a library inside, keeps it.
    tsconfigRaw: { compilerOptions: { alwaysStrict: strict } },
  });
  return result.outputFiles[0]?.text.trim() ?? "";
}

/**
 * Stylesheets as one minified stylesheet, each @import replaced by the file it names. `entries` are
 * files, imported in this order.
 */
export async function bundleStylesheet(...entries: string[]): Promise<string> {
  const result = await build({
    stdin: {
      contents: entries.map((entry) => `@import ${JSON.stringify(entry)};`).join("\n"),
      loader: "css",
      resolveDir: "/",
    },
    bundle: true,
    minify: true,
    target: BROWSER_TARGETS,
    write: false,
    legalComments: "none",
  });
  return result.outputFiles[0]?.text.trim() ?? "";
}

/** `import.meta.url` in code, not inside a string or a longer name (this file's own pattern is neither). */
const META_URL = /(?<![\w$."'`])import\.meta\.url(?![\w$])/g;

/**
 * Each module's `import.meta.url` as the address of its own source file, not of the bundle, so that
 * the paths it finds beside itself (lib/paths.ts, the fonts, the atlas) are the same as when it runs
 * unbundled.
 */
const SOURCE_ADDRESSES: Plugin = {
  name: "source-addresses",
  setup(plugin) {
    plugin.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => ({
      contents: (await readFile(file, "utf8")).replace(META_URL, JSON.stringify(pathToFileURL(file).href)),
      loader: file.endsWith("x") ? "tsx" : "ts",
    }));
  },
};

/**
 * `entry` and the project's modules it imports, as one ES module for Node, its packages left to
 * node_modules: loading it costs a worker thread a third of what compiling the TypeScript would.
 */
export async function bundleNodeModule(entry: string, tsconfig: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    write: false,
    tsconfig,
    plugins: [SOURCE_ADDRESSES],
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}
