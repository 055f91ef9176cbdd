#!/usr/bin/env node
// Runs the TypeScript command line directly: no compile step before `npx sitegen`.
import { register } from "tsx/esm/api";

register();
await import("./cli.ts");
