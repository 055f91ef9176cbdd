// The owner's editor as it runs for real, on one machine: GitHub (support/github/, over a bare git
// repository holding the site's data), the sign-in service in wrangler dev behind Cloudflare
// Access's stand-in (support/sign-in-service.ts), the site with /admin/ served as a host serves it,
// and what GitHub Actions and the host do on each push, as the deploying guide sets them up:
//
// - a pull request's branch: the required check runs `sitegen check` on it and reports a check run
//   named "check" (.github/workflows/check-draft.yml); the host builds it as a preview
//   (`sitegen generate --preview` in a clone of the branch, as Netlify's Deploy Previews run the
//   build command) and reports a commit status "deploy/netlify" with the preview's address, as
//   Netlify does, served over HTTPS on an address of its own;
// - the published branch: the host builds the site (a production build, counted) and serves it.
//
// The site's address in site.yaml's editor.signInUrl must be https; the stand-ins speak plain HTTP on
// 127.0.0.1 (which the editor allows there), so the built /admin/ is pointed at the service's
// address after the build: its config.yml and its policy, the two places generate writes it.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse, parseDocument } from "yaml";
import { expect } from "vitest";
import { generate } from "../../scripts/pipeline/generate.ts";
import { createSiteHandler, listen, serverFor } from "../../scripts/serve/server.ts";
import { EDITOR_PERMISSIONS } from "../../scripts/sign-in/github-app.ts";
import { Repository } from "./github/repository.ts";
import { startGitHub, type GitHubStandIn } from "./github/server.ts";
import { freePort } from "./http.ts";
import { DATA_DIR, ROOT } from "./paths.ts";
import { filledInData } from "./filled-in.ts";
import { makeTestApp, startSignInService, type SignInService } from "./sign-in-service.ts";
import { selfSignedCertificate } from "./tls.ts";

const run = promisify(execFile);

export const OWNER_EMAIL = "owner@example.com";
/** An address Access would e-mail a PIN to, which the sign-in service does not allow. */
export const STRANGER = "stranger@example.com";
/** The editor's sign-in button, as the site's editor script labels it with a sign-in service (admin/editor.ts). */
export const SIGN_IN = "Sign in with your e-mail address";
/** Mattoon's new description, as the owner types it. */
export const NEW_DESCRIPTION =
  "Trenching, drainage and site work in Mattoon, for homes, farms and builders, with a free estimate first.";
/** What the band on every page of a preview says. */
export const PREVIEW_BAND = "Preview of a draft: not the live site.";
/** A session that ends while the owner types (hours: 18 seconds), and what he typed. */
export const ENDING_HOURS = "0.005";
export const TYPED_BEFORE_THE_END =
  "Grading, drainage and trenching in Mattoon, typed before the session ended and saved after signing in again.";
/** The editor's questions: before a publish, and when an entry opens with a backup newer than its save. */
export const PUBLISH_QUESTION = "Are you sure you want to publish this entry?";
export const RESTORE_QUESTION = "Do you want to restore the edited draft?";
/** The first page of problems a preview of a refused draft shows, and the problem the tests make. */
export const PROBLEMS_HEADING = /^This draft has \d+ problems, so it cannot be published yet$/;
export const SLUG_PROBLEM =
  /data\/towns\.yaml:\d+:\d+ towns\[1\]\.slug: found "charleston" a second time, expected a unique town slug/;
const REPOSITORY = { owner: "test-owner", name: "site" } as const;
/** What site.yaml names as the sign-in service: an https address, pointed at the stand-in after the build. */
const SIGN_IN_PLACEHOLDER = "https://sign-in.example";
/** The check GitHub Actions runs on a pull request (.github/workflows/check-draft.yml), which the branch protection requires. */
export const REQUIRED_CHECK = "check";
/** The commit status Netlify reports for a Deploy Preview. */
const PREVIEW_CONTEXT = "deploy/netlify";

interface Preview {
  branch: string;
  sha: string;
  url: string;
}

export interface EditorWorkflow {
  github: GitHubStandIn;
  repository: Repository;
  service: SignInService;
  /** The live site, /admin/ included, as the host serves it. */
  siteUrl: string;
  /** Each preview the host made, newest last. */
  previews: Preview[];
  /** Production builds made since the start, and the folder the live site is served from. */
  production: { builds: number; dir: string };
  /** Every push's work (check, preview, build) done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The site's data as the repository holds it: the shipped data, its placeholders filled in as the
 * owner's are before the site goes live (the production build refuses them), with the repository
 * and the sign-in service named.
 */
async function repositoryFiles(): Promise<Map<string, Buffer | string>> {
  const files = new Map<string, Buffer | string>();
  const data = await filledInData(DATA_DIR);
  for (const entry of await readdir(data, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.posix.join("data", path.relative(data, file).split(path.sep).join("/")), await readFile(file));
  }
  const site = parseDocument(String(files.get("data/site.yaml")));
  site.setIn(["editor", "repository"], `${REPOSITORY.owner}/${REPOSITORY.name}`);
  site.setIn(["editor", "signInUrl"], SIGN_IN_PLACEHOLDER);
  files.set("data/site.yaml", site.toString({ lineWidth: 0 }));
  return files;
}

export async function startEditorWorkflow(
  options: { sessionHours?: string; allowedEmails?: string[]; accessPolicy?: string[] } = {},
): Promise<EditorWorkflow> {
  const tmp = await mkdtemp(path.join(tmpdir(), "editor-workflow-"));
  const repository = await Repository.create(REPOSITORY.owner, REPOSITORY.name, "main", await repositoryFiles());
  const app = makeTestApp();
  const sitePort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const certificate = await selfSignedCertificate(tmp, ["127.0.0.1"]);
  const tls = { cert: await readFile(certificate.certificate), key: await readFile(certificate.certificateKey) };
  const previews: Preview[] = [];
  const previewServers = new Map<string, { server: HttpsServer; url: string; dir: { current: string } }>();
  const production = { builds: 0, dir: path.join(tmp, "live") };
  let clones = 0;
  let chain: Promise<void> = Promise.resolve();

  /** A clone of the repository at `sha`, with origin/main, as a host checks out a branch to build. */
  const cloneAt = async (sha: string): Promise<string> => {
    clones += 1;
    const dir = path.join(tmp, `clone-${clones}`);
    await run("git", ["clone", "--quiet", "--no-local", repository.dir, dir]);
    await run("git", ["-C", dir, "checkout", "--quiet", sha]);
    return dir;
  };

  const buildLive = async (sha: string) => {
    const clone = await cloneAt(sha);
    // As Netlify builds it: no precompressed copies (the host compresses), so the address is written once.
    await generate({ dataDir: path.join(clone, "data"), outDir: production.dir, host: "netlify" });
    await pointAtService(production.dir);
    production.builds += 1;
  };

  /** The built /admin/, pointed at the sign-in service's stand-in address (see above). */
  const pointAtService = async (dir: string) => {
    for (const file of [path.join(dir, "admin", "config.yml"), path.join(dir, "_headers")]) {
      const text = await readFile(file, "utf8");
      await writeFile(file, text.replaceAll(SIGN_IN_PLACEHOLDER, service.url));
    }
  };

  const checkAndPreview = async (branch: string, sha: string) => {
    if (!repository.pullRequests.some((pull) => pull.head === branch && pull.state === "open")) return;
    github.setCheckRun(sha, { name: REQUIRED_CHECK, status: "in_progress" });
    github.setStatus(sha, { context: PREVIEW_CONTEXT, state: "pending", description: "Deploy Preview building" });
    const clone = await cloneAt(sha);
    const check = await run(process.execPath, [
      path.join(ROOT, "bin", "sitegen.js"),
      "check",
      "--production",
      "--data",
      path.join(clone, "data"),
    ]).then(
      () => true,
      () => false,
    );
    github.setCheckRun(sha, { name: REQUIRED_CHECK, status: "completed", conclusion: check ? "success" : "failure" });
    let previewServer = previewServers.get(branch);
    const dir = path.join(tmp, `preview-${clones}`);
    await generate({ dataDir: path.join(clone, "data"), outDir: dir, preview: true, host: "netlify" });
    if (!previewServer) {
      const current = { current: dir };
      const server = createHttpsServer(tls, (req, res) => {
        void createSiteHandler(current.current).then((handle) => handle(req, res));
      });
      const url = (await listen(server as never, "127.0.0.1", 0)).replace("http:", "https:");
      previewServer = { server, url, dir: current };
      previewServers.set(branch, previewServer);
    }
    previewServer.dir.current = dir;
    previews.push({ branch, sha, url: previewServer.url });
    github.setStatus(sha, {
      context: PREVIEW_CONTEXT,
      state: "success",
      targetUrl: previewServer.url,
      description: "Deploy Preview ready!",
    });
  };

  const github = await startGitHub(repository, {
    app: {
      id: app.id,
      installationId: app.installationId,
      publicKey: app.publicKey,
      permissions: { ...EDITOR_PERMISSIONS },
    },
    onPush: (branch, sha) => {
      chain = chain.then(() => (branch === "main" ? buildLive(sha) : checkAndPreview(branch, sha)));
      return chain;
    },
  });
  github.requiredChecks.push(REQUIRED_CHECK);
  const service = await startSignInService({
    siteOrigin: siteUrl,
    repository: `${REPOSITORY.owner}/${REPOSITORY.name}`,
    allowedEmails: options.allowedEmails ?? [OWNER_EMAIL],
    ...(options.accessPolicy ? { accessPolicy: options.accessPolicy } : {}),
    githubApiUrl: github.url,
    app,
    ...(options.sessionHours ? { sessionHours: options.sessionHours } : {}),
  });
  // The live site as the host last built it: its first build, then each publish.
  await buildLive((await repository.branchHead("main"))!);
  production.builds = 0;
  const liveHandler = { current: await createSiteHandler(production.dir) };
  const live = serverFor((req, res) => liveHandler.current(req, res));
  await listen(live, "127.0.0.1", sitePort);

  return {
    github,
    repository,
    service,
    siteUrl,
    previews,
    production,
    settled: async () => {
      for (;;) {
        const current = chain;
        await current;
        if (current === chain) return;
      }
    },
    close: async () => {
      await chain.catch(() => {});
      // A browser's (or its proxy's) idle keep-alive connections would hold a server open.
      live.closeAllConnections();
      await new Promise((resolve) => live.close(resolve));
      for (const { server } of previewServers.values()) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await service.close();
      await github.close();
      await repository.remove();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

interface TownsFile {
  towns: { slug: string; description: string }[];
}

/** The towns as `branch` holds them. */
async function townsOn(repository: Repository, branch: string): Promise<TownsFile> {
  return parse(await repository.fileOn(branch, "data/towns.yaml")) as TownsFile;
}

/**
 * The one draft the editor made: a branch and a pull request by the owner, holding exactly the
 * change of Mattoon's description to `description` (towns.yaml alone, and in it that field alone),
 * with nothing published and no production build.
 */
export async function expectDraftOfDescription({ repository, production }: EditorWorkflow, description: string) {
  expect(repository.pullRequests).toHaveLength(1);
  const [pull] = repository.pullRequests;
  expect(pull).toMatchObject({ head: "cms/data/towns", base: "main", state: "open", labels: ["sveltia-cms/draft"] });
  expect(pull!.title).toBe(`Update data/towns.yaml in the site editor, by ${OWNER_EMAIL}`);
  expect((await repository.changedFiles("main", "cms/data/towns")).map((file) => file.path)).toEqual([
    "data/towns.yaml",
  ]);
  const before = await townsOn(repository, "main");
  const after = await townsOn(repository, "cms/data/towns");
  expect(after.towns[0]!.description).toBe(description);
  after.towns[0]!.description = before.towns[0]!.description;
  expect(after).toEqual(before);
  expect(before.towns[0]!.description).not.toBe(description);
  expect(production.builds).toBe(0);
}

/** The draft was merged: the one production build, with Mattoon's description `description`. */
export async function expectPublishedDescription(workflow: EditorWorkflow, description: string) {
  const { repository, production } = workflow;
  await expect.poll(() => repository.pullRequests[0]!.merged, { timeout: 60_000 }).toBe(true);
  await workflow.settled();
  expect(production.builds).toBe(1);
  expect((await townsOn(repository, "main")).towns[0]!.description).toBe(description);
}

/** The second draft, saved with Mattoon at Charleston's address: its required check failed. */
export async function expectRefusedDraft({ repository }: EditorWorkflow) {
  const draft = repository.pullRequests.at(-1)!;
  expect(draft.number).toBe(2);
  const head = (await repository.branchHead(draft.head))!;
  expect(repository.checkRuns.get(head)).toEqual([
    expect.objectContaining({ name: REQUIRED_CHECK, status: "completed", conclusion: "failure" }),
  ]);
  return draft;
}

/** The notice the editor shows when a publish is refused for the failing check. */
export function expectNotPublishedNotice(notice: string): void {
  expect(notice).toContain("the site's check found a problem in this draft, so it cannot go live yet");
  expect(notice).toContain(`Required status check "${REQUIRED_CHECK}" is failing.`);
}

/** The draft saved after signing in again holds what was typed before the session ended. */
export async function expectSavedAfterSigningInAgain({ repository }: EditorWorkflow) {
  expect(repository.pullRequests).toHaveLength(1);
  const saved = await townsOn(repository, repository.pullRequests[0]!.head);
  expect(saved.towns[0]!.description).toBe(TYPED_BEFORE_THE_END);
}
