// Runs in the owner's browser at /admin/, before the CMS starts. It teaches the CMS to read and
// write each data file in the repository's one form (lib/yaml-layout.ts, the form `sitegen fmt`
// keeps), so that a save changes only the lines the owner edited and keeps the schema link on
// the first line. Bundled by esbuild with the yaml library; see admin/files.ts.
import { parse } from "yaml";
import { layoutValue } from "../lib/yaml-layout.ts";

/** The part of the CMS's global API used here (https://sveltiacms.app/en/docs/api). */
interface CmsApi {
  registerCustomFormat(
    name: string,
    extension: string,
    methods: { fromFile: (text: string) => unknown; toFile: (value: unknown) => string },
  ): void;
  init(): void;
}

declare global {
  interface Window {
    CMS?: CmsApi;
    CMS_MANUAL_INIT?: boolean;
  }
}

/**
 * Each data file's format name (as config.yml names it) and the header its first line holds, put
 * here by the build from admin/cms-config.ts and data/format.ts.
 */
declare const DATA_FILE_FORMATS: Record<string, string>;

// The CMS starts by itself when its script has run, unless told to wait for init().
window.CMS_MANUAL_INIT = true;

document.addEventListener("DOMContentLoaded", () => {
  const cms = window.CMS;
  if (!cms) return;
  for (const [format, header] of Object.entries(DATA_FILE_FORMATS)) {
    cms.registerCustomFormat(format, "yaml", {
      fromFile: (text) => parse(text),
      toFile: (value) => layoutValue(value, header),
    });
  }
  cms.init();
});
