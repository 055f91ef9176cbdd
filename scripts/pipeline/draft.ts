// A build of a draft: the preview a host makes of the editor's pull request (Netlify's Deploy
// Previews and branch deploys, Cloudflare Pages' preview deployments), never to be mistaken for the
// site. Which build is one is said by the host's own variables; which page a draft changed, by
// comparing its data with the published branch's, row by row, so that the editor's View Preview
// opens the page the change is on (site/urls.ts editedPath).
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { DATA_FILES, type DataFileName } from "../data/schema.ts";
import type { Feature } from "../features/feature.ts";
import { FEATURES } from "../features/index.ts";
import type { PageSubject, Route } from "../site/page.ts";
import { HOME_PATH, SERVICES_PATH, TOWNS_PATH } from "../site/urls.ts";

const run = promisify(execFile);

/**
 * Whether this build is a draft's preview, by the variables each host sets in its builds: Netlify's
 * CONTEXT ("deploy-preview" for a pull request, "branch-deploy" for another branch; "production"
 * for the site), and Cloudflare Pages' CF_PAGES_BRANCH, the branch built, against the branch the
 * site is published from.
 */
export function previewFromEnvironment(env: NodeJS.ProcessEnv, productionBranch: string): boolean {
  if (env.CONTEXT === "deploy-preview" || env.CONTEXT === "branch-deploy") return true;
  return env.CF_PAGES === "1" && env.CF_PAGES_BRANCH !== undefined && env.CF_PAGES_BRANCH !== productionBranch;
}

/**
 * The branch the site is published from: site.yaml's editor.branch, read without the checks (a
 * draft's site.yaml may be what the build refuses), or "main".
 */
export async function publishedBranch(dataDir: string): Promise<string> {
  const site = (parse(await readFile(path.join(dataDir, DATA_FILES.site.file), "utf8").catch(() => "")) ?? {}) as {
    editor?: { branch?: unknown };
  };
  return typeof site.editor?.branch === "string" ? site.editor.branch : "main";
}

/**
 * Where a change to each of the core's data files shows when nothing more precise is known, and
 * where the files whose rows have pages keep them, with the field that names a row. A feature's
 * own files say so themselves (features/feature.ts, `dataPages`).
 */
const CORE_PAGES: Readonly<Record<string, { page: string; lists?: readonly string[]; key?: string }>> = {
  site: { page: HOME_PATH },
  faq: { page: HOME_PATH },
  // The home page's questions say the JULIE rule; a changed rule shows on every page that refers to it.
  law: { page: HOME_PATH },
  services: { page: SERVICES_PATH, lists: ["services"], key: "key" },
  towns: { page: TOWNS_PATH, lists: ["towns", "alsoServing"], key: "slug" },
};

/** The data file and the key of the row a page is about, when it is about one. */
function rowOf(subject: PageSubject): { file: string; key: string } | undefined {
  switch (subject.kind) {
    case "town":
      return { file: "towns", key: subject.town.slug };
    case "service":
      return { file: "services", key: subject.service.key };
    case "row":
      return { file: subject.file, key: subject.key };
    case "site":
      return undefined;
  }
}

/**
 * The data folder as the published branch has it, checked out of git into a folder of its own:
 * the branch as the checkout knows it (origin/<branch>, or the branch itself), else fetched from
 * origin, as a host's shallow clone needs. Undefined when git cannot give it.
 */
export async function publishedData(dataDir: string, branch: string): Promise<string | undefined> {
  const git = (...args: string[]) => run("git", args, { cwd: dataDir, maxBuffer: 256 * 1024 * 1024 });
  try {
    const top = (await git("rev-parse", "--show-toplevel")).stdout.trim();
    const folder = path.relative(top, path.resolve(dataDir)) || ".";
    let ref: string | undefined;
    for (const candidate of [`origin/${branch}`, branch]) {
      if (
        await git("rev-parse", "--verify", "--quiet", `${candidate}^{commit}`).then(
          () => true,
          () => false,
        )
      ) {
        ref = candidate;
        break;
      }
    }
    if (!ref) {
      await git("fetch", "--quiet", "--depth=1", "origin", branch);
      ref = "FETCH_HEAD";
    }
    const out = await mkdtemp(path.join(tmpdir(), "published-data-"));
    const archive = await run("git", ["archive", "--format=tar", ref, folder], {
      cwd: top,
      encoding: "buffer",
      maxBuffer: 256 * 1024 * 1024,
    });
    await new Promise<void>((resolve, reject) => {
      const tar = execFile("tar", ["-x", "-C", out], (error) => (error ? reject(error) : resolve()));
      tar.stdin!.end(archive.stdout);
    });
    return path.join(out, folder);
  } catch {
    return undefined;
  }
}

const readRows = async (dir: string, file: string): Promise<unknown> =>
  parse(await readFile(path.join(dir, file), "utf8").catch(() => "")) ?? {};

/**
 * Where a change to each data file shows: the core's files' places, and each feature's own files'
 * as it declares them (`dataPages`). A feature that declares a file of the core's, one no feature
 * adds, or one another feature declares, is refused.
 */
function dataPlaces(features: readonly Feature[]): typeof CORE_PAGES {
  const places: Record<string, (typeof CORE_PAGES)[string]> = { ...CORE_PAGES };
  for (const feature of features)
    for (const [name, place] of Object.entries(feature.dataPages ?? {})) {
      if (name in places || !(name in DATA_FILES))
        throw new Error(
          `The ${feature.name} feature says where a change to ${name} shows: expected a data file of its own`,
        );
      places[name] = place;
    }
  return places;
}

/**
 * For each data file, the page its change shows on: the page of the first changed row in the
 * site's order of pages (a town's, a service's, a feature's row's, such as the newest changed
 * job's) where the draft changed a row that has one, else the file's page. `published` is the
 * published branch's data folder; without it, each file's page.
 */
export async function editedPages(
  dataDir: string,
  published: string | undefined,
  routes: readonly Route[],
  features: readonly Feature[] = FEATURES,
): Promise<Record<DataFileName, string>> {
  const places = dataPlaces(features);
  const names = Object.keys(DATA_FILES) as DataFileName[];
  // A file's page, when this build has it (a feature's list has no page without rows), else the home page.
  const pages = Object.fromEntries(
    names.map((name) => {
      const page = places[name]?.page;
      return [name, page && routes.some((route) => route.path === page) ? page : HOME_PATH];
    }),
  ) as Record<DataFileName, string>;
  if (!published) return pages;
  for (const name of names) {
    const { file } = DATA_FILES[name];
    const { lists, key } = places[name] ?? {};
    if (!lists || !key) continue;
    const [before, after] = (await Promise.all([readRows(published, file), readRows(dataDir, file)])) as Record<
      string,
      unknown
    >[];
    const keyed = (data: Record<string, unknown> | undefined) =>
      new Map(
        lists.flatMap((list) =>
          ((data?.[list] as Record<string, unknown>[] | undefined) ?? []).map(
            (row) => [String(row[key]), JSON.stringify(row)] as const,
          ),
        ),
      );
    const [old, now] = [keyed(before), keyed(after)];
    const changed = [...now].filter(([key, row]) => old.get(key) !== row).map(([key]) => key);
    const page = routes.find((route) => {
      const row = rowOf(route.subject);
      return row?.file === name && changed.includes(row.key);
    });
    if (page) pages[name] = page.path;
  }
  return pages;
}
