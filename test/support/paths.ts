import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const DATA_DIR = path.join(ROOT, "data");
/**
 * The spec's data as delivered, frozen (test/fixtures/spec-data/README.md): what the tests of the
 * spec's exact lists read, and what the README's examples are pasted into, whatever data/ holds.
 */
export const SPEC_DATA_DIR = path.join(ROOT, "test", "fixtures", "spec-data");
