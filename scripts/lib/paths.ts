// The project's own folders, named once. Every module that reads or writes beside the code (the
// data, the templates, the caches, the output) asks here, so that moving a module moves nothing else.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A path inside the project: projectPath("templates", "styles.css"). */
function projectPath(...parts: string[]): string {
  return path.join(PROJECT_ROOT, ...parts);
}

export const DATA_DIR = projectPath("data");
export const OUT_DIR = projectPath("dist");
export const SCHEMAS_DIR = projectPath("schemas");
export const TEMPLATES_DIR = projectPath("templates");
export const SCRIPTS_DIR = projectPath("scripts");
/** Caches that make a second build fast; ignored by git. */
export const CACHE_DIR = projectPath(".cache");
