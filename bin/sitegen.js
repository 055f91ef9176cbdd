#!/usr/bin/env node
// Runs the TypeScript command line directly: no compile step before `npx sitegen`.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// The project's tsconfig.json (JSX settings) wherever the command is started from.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
await import("./cli.ts");
