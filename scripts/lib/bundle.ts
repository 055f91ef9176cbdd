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
 * The bundles a process has made, by their options: each with every file esbuild read and a hash of
 * what it held, so that a bundle whose files are all unchanged is not made again. Kept in the
 * process's BuildMemory (pipeline/build-memory.ts): the dev server's build process rebuilds on
 * every save, which seldom changes the pages' scripts, stylesheets, the service worker or the
 * editor's script.
 */
export type KeptBundles = Map<string, { inputs: [string, string][]; text: string }>;

async function contentHash(file: string): Promise<string | undefined> {
  return readFile(file).then(
    (bytes) => createHash("sha256").update(bytes).digest("hex"),
    () => undefined,
  );
}

/** esbuild's output for `options`: the one in `kept` while the files it was made from are unchanged. */
async function bundled(options: BuildOptions & { write: false }, kept?: KeptBundles): Promise<string> {
  const key = JSON.stringify(options);
  const before = kept?.get(key);
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
  if (kept && hashes.every((hash) => hash !== undefined)) {
    kept.set(key, { inputs: files.map((file, i) => [file, hashes[i]!]), text });
  }
  return text;
}

/**
 * `entry` and what it imports, as one minified script. `define` replaces globals at build time;
 * `strict` keeps the "use strict" prologue; `kept` holds the bundles made before.
 */
export async function bundleBrowserScript(
  entry: string,
  { define, strict = false, kept }: { define?: Record<string, string>; strict?: boolean; kept?: KeptBundles } = {},
): Promise<string> {
  const text = await bundled(
    {
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
    },
    kept,
  );
  return text.trim();
}

/**
 * Stylesheets as one minified stylesheet, each @import replaced by the file it names. `entries` are
 * files, imported in this order; `kept` holds the bundles made before.
 */
export async function bundleStylesheet(entries: string[], kept?: KeptBundles): Promise<string> {
  const text = await bundled(
    {
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
    },
    kept,
  );
  return text.trim();
}
