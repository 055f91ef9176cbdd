// Code bundled by esbuild for the browser: one minified classic script (the pages' inline scripts,
// pages/assets.ts, and the site editor's script, admin/files.ts) and one minified stylesheet (the
// pages' and the map picture's, pages/assets.ts).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build, type BuildOptions } from "esbuild";

/** Browsers the output is written for: current evergreen browsers and a few years back. */
const BROWSER_TARGETS = ["chrome109", "edge109", "firefox115", "safari15.6"];

/**
 * What each bundle of this process was made from, by its options: every file esbuild read, with a
 * hash of what it held. The dev server rebuilds the site on every save, and bundling the pages'
 * stylesheet and scripts and the service worker again took 20 to 25 ms of each rebuild, for the
 * same output while none of those files changed.
 */
const bundledBefore = new Map<string, { inputs: [string, string][]; text: string }>();

async function contentHash(file: string): Promise<string | undefined> {
  return readFile(file).then(
    (bytes) => createHash("sha256").update(bytes).digest("hex"),
    () => undefined,
  );
}

/** esbuild's output for `options`, from this process's last identical bundle while its files are unchanged. */
async function bundled(options: BuildOptions & { write: false }): Promise<string> {
  const key = JSON.stringify(options);
  const before = bundledBefore.get(key);
  if (before) {
    const now = await Promise.all(before.inputs.map(([file]) => contentHash(file)));
    if (now.every((hash, i) => hash !== undefined && hash === before.inputs[i]![1])) return before.text;
  }
  const result = await build({ ...options, metafile: true });
  const text = result.outputFiles[0]?.text ?? "";
  const workingDir = options.absWorkingDir ?? process.cwd();
  const files = Object.keys(result.metafile.inputs)
    .filter((input) => !input.startsWith("<"))
    .map((input) => path.resolve(workingDir, input));
  const hashes = await Promise.all(files.map(contentHash));
  if (hashes.every((hash) => hash !== undefined)) {
    bundledBefore.set(key, { inputs: files.map((file, i) => [file, hashes[i]!]), text });
  }
  return text;
}

/**
 * `entry` and what it imports, as one minified script. `define` replaces globals at build time;
 * `strict` keeps the "use strict" prologue.
 */
export async function bundleBrowserScript(
  entry: string,
  { define, strict = false }: { define?: Record<string, string>; strict?: boolean } = {},
): Promise<string> {
  const text = await bundled({
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
  return text.trim();
}

/**
 * Stylesheets as one minified stylesheet, each @import replaced by the file it names. `entries` are
 * files, imported in this order.
 */
export async function bundleStylesheet(...entries: string[]): Promise<string> {
  const text = await bundled({
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
  return text.trim();
}
