// Code for the browser, bundled and minified by esbuild: into one classic script, the pages' inline
// scripts (pages/assets.ts) and the site editor's script (admin/files.ts); into one stylesheet, the
// pages' and the map picture's (pages/assets.ts).
import { build } from "esbuild";

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
