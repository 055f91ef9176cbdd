#!/usr/bin/env node
// Runs the TypeScript command line directly: no compile step before `npx sitegen`.
import { enableCompileCache } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// React's production build renders the same markup as its development build in about half the
// time; the tests run the development build, with its checks and warnings.
process.env.NODE_ENV ??= "production";

// What one run compiles is kept for the next in the project's cache folder (.cache/, CACHE_DIR in
// scripts/lib/paths.ts), which the Netlify plugin keeps between builds: V8's compiled code, and
// tsx's JavaScript from the TypeScript. tsx keeps its own in the temporary folder of the moment it
// loads, and a host's build starts with an empty one; so it loads with that folder pointed here.
// Together they take about a third off a build with .cache/ kept (docs/deploying.md, "From Save to live").
// With --no-cache, nothing is kept, this compiled code included.
const CACHE = fileURLToPath(new URL("../.cache", import.meta.url));
const keep = !process.argv.includes("--no-cache");
if (keep) enableCompileCache(path.join(CACHE, "node"));
const temporary = process.env.TMPDIR;
if (keep) process.env.TMPDIR = CACHE;
const { register } = await import("tsx/esm/api");
// The project's tsconfig.json (JSX settings) wherever the command is started from.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
if (temporary === undefined) delete process.env.TMPDIR;
else process.env.TMPDIR = temporary;
await import("./cli.ts");
