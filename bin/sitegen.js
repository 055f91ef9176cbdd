#!/usr/bin/env node
// Runs the TypeScript command line directly: no compile step before `npx sitegen`.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// React's production build renders the same markup as its development build in about half the
// time; the tests run the development build, with its checks and warnings.
process.env.NODE_ENV ??= "production";

// The project's tsconfig.json (JSX settings) wherever the command is started from.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
await import("./cli.ts");
