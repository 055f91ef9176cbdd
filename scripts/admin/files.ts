// The files of the editor at /admin/, as generate writes them into dist/admin/: the page, the
// configuration, the CMS's script from node_modules and the fonts it draws its interface with.
// Nothing is loaded from another origin: the CMS's script asks a CDN for three fonts, and those
// addresses are pointed at copies from the same fontsource packages, served beside it and cut down
// to what the editor draws (fonts.ts).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { schemaLink } from "../data/format.ts";
import { DATA_FILES, type DataFileName, type SiteData } from "../data/schema.ts";
import { PHOTO_FOLDER } from "../data/fields.ts";
import { bundleBrowserScript } from "../lib/bundle.ts";
import type { BuildCache } from "../lib/cache.ts";
import { cachedSubsetWoff2 } from "../lib/font-subset.ts";
import type { OutputContents } from "../lib/output.ts";
import { SCRIPTS_DIR } from "../lib/paths.ts";
import { ADMIN_DIR } from "../site/urls.ts";
import { SVG_FAVICON, type Favicon } from "../site/favicon.ts";
import {
  cmsConfig,
  cmsConfigText,
  cmsIconNames,
  countRulesFor,
  formatName,
  photoPathsFor,
  featureFilePathsFor,
  buttonColourFieldFor,
  townPageListsFor,
  leadFormFieldFor,
  type SiteLists,
} from "./cms-config.ts";
import { editorFontRequest } from "./fonts.ts";
import type { DataFileFormat } from "./editor.ts";

const require = createRequire(import.meta.url);

/** The folder of an installed package, found from its main file. */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (path.basename(dir) !== name.split("/").pop()) dir = path.dirname(dir);
  return dir;
}

const CMS_SCRIPT = "sveltia-cms.js";
const EDITOR_SCRIPT = "editor.js";
const CONFIG_FILE = "config.yml";

/**
 * A font the CMS's script loads from jsDelivr's fontsource mirror: the family, whether it is the
 * variable build (":vf"), and the file. The same files ship in the npm packages @fontsource/<family>
 * and @fontsource-variable/<family>, named <family>-<file>.
 */
const CDN_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(:vf)?@[\d.]+\/([a-z0-9-]+\.woff2)/g;

/**
 * Two things the CMS asks of other origins on every visit, answered by files of this build so
 * that the editor asks no one but the git host, and only once the owner signs in:
 * - its latest version, from unpkg, to tell of updates. Updates come with `npm update`, not from
 *   the owner's browser: the file names the installed version, so the CMS finds itself current;
 * - whether GitHub is up, from githubstatus.com. The file gives no answer, which the CMS reads as
 *   "unknown" and shows nothing for (GitHub's status page is a link away when a save fails).
 */
const CMS_VERSION_URL = "https://unpkg.com/@sveltia/cms";
const GITHUB_STATUS_URL = "https://www.githubstatus.com/api/v2/status.json";
const LOCAL_ANSWERS_DIR = `${ADMIN_DIR}cms`;

/** `source` with the quoted address `url` replaced by `local`; throws when the address is not there. */
function pointAt(source: string, url: string, local: string): string {
  if (!source.includes(`\`${url}\``)) {
    throw new Error(`${CMS_SCRIPT} no longer asks for ${url}: check what this version asks of other origins`);
  }
  return source.replaceAll(`\`${url}\``, `\`${local}\``);
}

/** A font the CMS's script loads from jsDelivr: its address there, its path in dist/, its file in node_modules. */
export interface CmsFont {
  url: string;
  family: string;
  file: string;
  source: string;
}

/** The fonts `script` (the CMS's script as published) loads from jsDelivr. */
export function cmsFonts(script: string): CmsFont[] {
  // Each address once, however often the script names it.
  const byUrl = new Map([...script.matchAll(CDN_FONT)].map((match) => [match[0], match]));
  return [...byUrl.values()].map(([url, family, variable, file]) => {
    const pkg = `${variable ? "@fontsource-variable" : "@fontsource"}/${family!}`;
    const name = `${family!}-${file!}`;
    return {
      url,
      family: family!,
      file: `${ADMIN_DIR}fonts/${name}`,
      source: path.join(packageDir(pkg), "files", name),
    };
  });
}

/** The CMS's script as published. */
export async function publishedCmsScript(): Promise<string> {
  return readFile(path.join(packageDir("@sveltia/cms"), "dist", CMS_SCRIPT), "utf8");
}

/**
 * The CMS's script, asking this site alone, and the files it then asks for: its fonts, cut down to
 * what the editor draws (fonts.ts), among them the icons config.yml names (`configIcons`).
 */
async function cmsScript(
  configIcons: string[],
  cache: BuildCache,
): Promise<{ script: string; files: Map<string, OutputContents> }> {
  const source = await publishedCmsScript();
  const { version } = JSON.parse(await readFile(path.join(packageDir("@sveltia/cms"), "package.json"), "utf8")) as {
    version: string;
  };
  const found = cmsFonts(source);
  if (found.length === 0) {
    throw new Error(`${CMS_SCRIPT} loads no font from jsDelivr any more: check how this version loads its fonts`);
  }
  const fonts = await Promise.all(
    found.map(async (font): Promise<[string, OutputContents]> => [
      font.file,
      await cachedSubsetWoff2(await readFile(font.source), editorFontRequest(font.family, source, configIcons), cache),
    ]),
  );
  let script = source;
  for (const font of found) script = script.replaceAll(font.url, `/${font.file}`);
  script = pointAt(script, CMS_VERSION_URL, `/${LOCAL_ANSWERS_DIR}`);
  script = pointAt(script, GITHUB_STATUS_URL, `/${LOCAL_ANSWERS_DIR}/github-status.json`);
  script = script.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  const files = new Map<string, OutputContents>([
    ...fonts,
    [`${LOCAL_ANSWERS_DIR}/package.json`, `${JSON.stringify({ name: "@sveltia/cms", version })}\n`],
    [`${LOCAL_ANSWERS_DIR}/github-status.json`, "{}\n"],
  ]);
  return { script, files };
}

/**
 * The script that teaches the CMS the data files' one form and checks a file before it is saved
 * (editor.ts), bundled with yaml, the near-duplicate rule (data/near-duplicates.ts) and the rule of
 * the estimate form's embed code (data/lead-form.ts).
 */
async function editorScript(): Promise<string> {
  const formats = Object.fromEntries(
    (Object.keys(DATA_FILES) as DataFileName[]).map((name): [string, DataFileFormat] => {
      const townPages = townPageListsFor(name);
      const leadForm = leadFormFieldFor(name);
      const accent = buttonColourFieldFor(name);
      return [
        formatName(name),
        {
          header: schemaLink(name),
          counts: countRulesFor(name),
          pictures: [{ paths: photoPathsFor(name), folder: PHOTO_FOLDER }, ...featureFilePathsFor(name)],
          ...(accent ? { accent } : {}),
          ...(townPages ? { townPages } : {}),
          ...(leadForm ? { leadForm } : {}),
        },
      ];
    }),
  );
  return bundleBrowserScript(path.join(SCRIPTS_DIR, "admin", "editor.ts"), {
    define: { DATA_FILE_FORMATS: JSON.stringify(formats) },
    strict: true,
  });
}

/**
 * The editor's page. It names its configuration by an absolute address (the CMS would otherwise
 * read "config.yml" beside the page's address), so that it also starts where a host serves it at
 * /admin without the slash, as `netlify dev` does.
 */
function adminPage(site: Pick<SiteData, "name">, favicon: Favicon): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex, nofollow" />
<title>${site.name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}: site editor</title>
<link rel="icon" href="${favicon.path}" type="${favicon.type}" />
<link rel="cms-config-url" href="/${ADMIN_DIR}${CONFIG_FILE}" type="application/yaml" />
</head>
<body>
<script src="/${ADMIN_DIR}${EDITOR_SCRIPT}"></script>
<script src="/${ADMIN_DIR}${CMS_SCRIPT}"></script>
</body>
</html>
`;
}

type EditorScripts = [Awaited<ReturnType<typeof cmsScript>>, string];

/**
 * What the editor's files keep between builds in one process (pipeline/build-memory.ts): the
 * configuration, by the site fields, the tab's icon and the lists of towns and services it is made
 * from, and the CMS's script with its fonts and the editor's script, by the icons the configuration
 * draws. They depend on nothing else but the installed CMS and the project's code, and the dev
 * server loads changed code in a new process; most saves change none of those fields.
 */
export interface KeptEditorFiles {
  config?: { madeFrom: string; text: string; icons: string[] };
  scripts?: { icons: string; made: Promise<EditorScripts> };
}

function configOf(
  site: Pick<SiteData, "name" | "url" | "editor">,
  lists: SiteLists,
  favicon: Favicon,
  kept: KeptEditorFiles,
) {
  const madeFrom = JSON.stringify([
    site.name,
    site.url,
    site.editor,
    favicon.path,
    lists.towns.map((town) => [town.name, town.slug]),
    lists.services.map((service) => [service.name, service.key]),
  ]);
  if (kept.config?.madeFrom !== madeFrom) {
    const config = cmsConfig(site, lists, favicon);
    kept.config = { madeFrom, text: cmsConfigText(config), icons: cmsIconNames(config) };
  }
  return kept.config;
}

function editorScripts(configIcons: string[], cache: BuildCache, kept: KeptEditorFiles): Promise<EditorScripts> {
  const icons = configIcons.join(" ");
  if (kept.scripts?.icons !== icons) {
    const made = Promise.all([cmsScript(configIcons, cache), editorScript()]);
    kept.scripts = { icons, made };
    // A failure is reported to this build, and the next one tries again.
    made.catch(() => {
      if (kept.scripts?.made === made) delete kept.scripts;
    });
  }
  return kept.scripts.made;
}

/**
 * Every file of /admin/, by its path in dist/: the fonts from `cache` or cut now, the rest from
 * `kept` when the fields they are made from are unchanged (a fresh object by default: nothing kept).
 * `favicon`: the site's tab icon, the editor's too (a feature's, or the drawn shovel).
 */
export async function adminFiles(
  site: Pick<SiteData, "name" | "url" | "editor">,
  lists: SiteLists,
  cache: BuildCache,
  kept: KeptEditorFiles = {},
  favicon: Favicon = SVG_FAVICON,
): Promise<Map<string, OutputContents>> {
  const config = configOf(site, lists, favicon, kept);
  const [{ script, files }, editor] = await editorScripts(config.icons, cache, kept);
  return new Map<string, OutputContents>([
    [`${ADMIN_DIR}index.html`, adminPage(site, favicon)],
    [`${ADMIN_DIR}${CONFIG_FILE}`, config.text],
    [`${ADMIN_DIR}${EDITOR_SCRIPT}`, editor],
    [`${ADMIN_DIR}${CMS_SCRIPT}`, script],
    ...files,
  ]);
}
