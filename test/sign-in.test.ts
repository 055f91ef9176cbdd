// The site editor's sign-in service (scripts/sign-in/), run as it runs on Cloudflare (wrangler dev,
// workerd), behind a stand-in for Cloudflare Access and in front of a stand-in for GitHub's API: the
// owner signs in with an e-mail address and a one-time PIN and gets a session of hours for the one
// repository; the editor's calls go through it with the GitHub App's token, which the browser never
// sees; an address not allowed gets nothing; removing an address ends that person's next sign-in and
// next call; a call the editor does not make, or one that would change the published branch, is
// refused; a keeper's own GitHub token is passed on as it is.
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_CONFIG, signInDeployArguments } from "../scripts/admin/sign-in-deploy.ts";
import { loadData } from "../scripts/data/load.ts";
import { EDITOR_PERMISSIONS } from "../scripts/sign-in/github-app.ts";
import { readSession, signSession } from "../scripts/sign-in/session.ts";
import { Repository } from "./support/github/repository.ts";
import { startGitHub, type GitHubStandIn } from "./support/github/server.ts";
import { DATA_DIR } from "./support/paths.ts";
import { makeTestApp, startSignInService, type SignInService, type TestApp } from "./support/sign-in-service.ts";
import { hostBinary } from "./support/tools.ts";

const SITE = "http://127.0.0.1:4999";
const OWNER = "owner@example.com";
const KEEPER = { login: "keeper", token: "github_pat_keeper0123456789" };

let app: TestApp;
let repository: Repository;
let github: GitHubStandIn;
let service: SignInService;

beforeAll(async () => {
  app = makeTestApp();
  repository = await Repository.create(
    "example-owner",
    "site",
    "main",
    new Map([
      ["data/site.yaml", "name: Central Illinois Excavating\n"],
      ["README.md", "# The site\n"],
    ]),
  );
  github = await startGitHub(repository, {
    app: {
      id: app.id,
      installationId: app.installationId,
      publicKey: app.publicKey,
      permissions: { ...EDITOR_PERMISSIONS, issues: "write" },
    },
    keepers: [KEEPER],
  });
  service = await startSignInService({
    siteOrigin: SITE,
    repository: "example-owner/site",
    allowedEmails: [OWNER, "helper@example.com"],
    // Access lets one more address get a PIN than the service allows.
    accessPolicy: [OWNER, "helper@example.com", "stranger@example.com"],
    githubApiUrl: github.url,
    app,
  });
}, 120_000); // the GitHub stand-in and the sign-in service in workerd (wrangler), which takes seconds to start

afterAll(async () => {
  await service?.close();
  await github?.close();
  await repository?.remove();
});

/** What a browser keeps between requests of the sign-in window: Access's cookie. */
class Window {
  cookie = "";

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    let address = url;
    let options = init;
    for (let hop = 0; hop < 5; hop += 1) {
      const response = await fetch(address, {
        ...options,
        redirect: "manual",
        headers: { ...(options.headers as Record<string, string>), ...(this.cookie ? { Cookie: this.cookie } : {}) },
      });
      const set = response.headers.get("set-cookie");
      if (set) this.cookie = set.split(";")[0]!;
      const location = response.headers.get("location");
      if (response.status !== 302 || !location) return response;
      address = new URL(location, address).href;
      options = {};
    }
    throw new Error("too many redirects");
  }
}

const AUTH = () => `${service.url}/auth?provider=github&site_id=127.0.0.1&scope=repo,user`;

/** The sign-in window's steps: the address, then the PIN from the e-mail; the page it ends on. */
async function signIn(email: string): Promise<{ page: string; window: Window; sent: boolean }> {
  const window = new Window();
  const login = await window.go(AUTH());
  expect(await login.text()).toContain("Get a login code emailed to you");
  const before = service.access.outbox.length;
  const asked = await window.go(`${service.url}/cdn-cgi/access/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, redirect_url: new URL(AUTH()).pathname + new URL(AUTH()).search }).toString(),
  });
  const codePage = await asked.text();
  expect(codePage).toContain("A code has been emailed to you");
  const nonce = /name="nonce" value="([^"]+)"/.exec(codePage)![1]!;
  const mail = service.access.outbox.slice(before).find((sent) => sent.to === email);
  if (!mail) return { page: codePage, window, sent: false };
  const done = await window.go(`${service.url}/cdn-cgi/access/callback`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ nonce, code: mail.pin }).toString(),
  });
  return { page: await done.text(), window, sent: true };
}

/** The message the window posts to the editor. */
const messageOf = (page: string) =>
  /data-message="([^"]*)"/
    .exec(page)![1]!
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const sessionOf = (page: string) =>
  (JSON.parse(messageOf(page).replace(/^authorization:github:success:/, "")) as { token: string }).token;

/** A call of the editor to the service's API, as the CMS makes it from the site's origin. */
function api(path: string, token: string, init: { method?: string; body?: unknown; origin?: string } = {}) {
  return fetch(`${service.url}/api${path}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `token ${token}`,
      Accept: "application/json",
      Origin: init.origin ?? SITE,
      ...(init.body ? { "Content-Type": "application/json" } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
}

const graphql = (token: string, query: string, variables: Record<string, unknown> = {}) =>
  api("/graphql", token, {
    method: "POST",
    body: { query, variables: { owner: "example-owner", repo: "site", ...variables } },
  });

describe("signing in with an e-mail address", () => {
  let session: string;

  beforeAll(async () => {
    const { page } = await signIn(OWNER);
    session = sessionOf(page);
  }, 60_000);

  it("asks Access first: the address, then the PIN Access e-mailed to it", () => {
    expect(service.access.outbox.map((sent) => sent.to)).toContain(OWNER);
  });

  it("hands the editor a session, to the site's origin only, by the popup's two messages", async () => {
    const { page } = await signIn(OWNER);
    expect(page).toContain(`Signed in as ${OWNER}`);
    expect(page).toContain(`data-site-origin="${SITE}"`);
    expect(messageOf(page)).toMatch(/^authorization:github:success:\{"provider":"github","token":"session1\./);
    const script = await fetch(`${service.url}/auth/handshake.js`, {
      headers: { Cookie: (await signIn(OWNER)).window.cookie },
    });
    const text = await script.text();
    expect(text).toContain('window.opener.postMessage("authorizing:github", siteOrigin)');
    expect(text).toContain("event.origin !== siteOrigin");
  }, 60_000);

  it("gives a session of 8 hours for this one repository, signed by the service alone", async () => {
    const read = await readSession(session, service.sessionSecret);
    expect(read).toMatchObject({ email: OWNER, repository: "example-owner/site" });
    const hours = (read!.expires * 1000 - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    expect(await readSession(session, "another secret")).toBeUndefined();
  });

  it("answers the editor's account questions itself: the address as the account, a collaborator", async () => {
    const user = await api("/v3/user", session);
    expect(user.status).toBe(200);
    expect(user.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(await user.json()).toMatchObject({ login: OWNER, email: OWNER });
    const collaborator = await api(`/v3/repos/example-owner/site/collaborators/${encodeURIComponent(OWNER)}`, session);
    expect(collaborator.status).toBe(204);
  });

  it("passes the editor's calls on with the app's installation token, asked for this repository and what the editor needs", async () => {
    const tree = await api("/v3/repos/example-owner/site/git/trees/main?recursive=1", session);
    expect(tree.status).toBe(200);
    const paths = ((await tree.json()) as { tree: { path: string }[] }).tree.map((entry) => entry.path);
    expect(paths).toContain("data/site.yaml");
    const head = await graphql(
      session,
      "query($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { defaultBranchRef { name } } }",
    );
    expect(await head.json()).toEqual({ data: { repository: { defaultBranchRef: { name: "main" } } } });
    expect(github.issued.length).toBeGreaterThanOrEqual(1);
    expect(github.issued[0]!.repositories).toEqual(["site"]);
    expect(github.issued[0]!.permissions).toEqual(EDITOR_PERMISSIONS);
    // The browser's session never reached GitHub; only the app's token did.
    const used = github.requests.filter((request) => request.path === "/graphql" || request.path.startsWith("/repos/"));
    expect(used.every((request) => request.token.startsWith("ghs_"))).toBe(true);
    // One token served both calls: it lasts an hour.
    expect(new Set(used.map((request) => request.token)).size).toBe(1);
  });

  it("refuses what the editor never does: another repository, the published branch, a call of its own", async () => {
    expect((await api("/v3/repos/example-owner/other/git/trees/main", session)).status).toBe(403);
    expect((await api("/v3/repos/example-owner/site/git/refs/heads/main", session, { method: "DELETE" })).status).toBe(
      403,
    );
    expect((await api("/v3/repos/example-owner/site/collaborators/someone/permission", session)).status).toBe(403);
    const toMain = await graphql(
      session,
      "mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid } } }",
      {
        input: {
          branch: { repositoryNameWithOwner: "example-owner/site", branchName: "main" },
          expectedHeadOid: "0",
          message: { headline: "x" },
        },
      },
    );
    expect(toMain.status).toBe(403);
    expect(((await toMain.json()) as { message: string }).message).toContain(
      "a commit to main, which only Publish changes",
    );
    const elsewhere = await graphql(session, "query { viewer { login } }", { owner: "someone", repo: "else" });
    expect(elsewhere.status).toBe(403);
  });

  it("answers only the site's origin", async () => {
    expect((await api("/v3/user", session, { origin: "https://evil.example" })).status).toBe(403);
    const preflight = await fetch(`${service.url}/api/v3/user`, {
      method: "OPTIONS",
      headers: {
        Origin: SITE,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
  });

  it("refuses a session that has ended, or that it did not sign, as GitHub refuses a bad token", async () => {
    const ended = await signSession(
      { email: OWNER, repository: "example-owner/site", expires: Math.floor(Date.now() / 1000) - 1 },
      service.sessionSecret,
    );
    const forged = await signSession(
      { email: OWNER, repository: "example-owner/site", expires: Math.floor(Date.now() / 1000) + 3600 },
      "not the secret",
    );
    for (const token of [ended, forged]) {
      const answer = await api("/v3/user", token);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ message: "Bad credentials" });
    }
  });
});

describe("an address that may not edit", () => {
  it("gets no PIN when Access's policy leaves it out, though the page reads the same", async () => {
    const { page, sent } = await signIn("nobody@example.com");
    expect(sent).toBe(false);
    expect(page).toContain("A code has been emailed to you");
    expect(service.access.outbox.some((mail) => mail.to === "nobody@example.com")).toBe(false);
  }, 60_000);

  it("gets no session when the service does not allow it, and the editor is told why", async () => {
    const { page, sent } = await signIn("stranger@example.com");
    expect(sent).toBe(true);
    expect(page).not.toContain("session1.");
    expect(messageOf(page)).toBe(
      'authorization:github:error:{"provider":"github","error":"stranger@example.com may not edit this site. Ask whoever keeps the site to add it."}',
    );
  }, 60_000);

  it("gets nothing from /auth without Access's token, nor with one it made up", async () => {
    const direct = await fetch(`${service.workerUrl}/auth?provider=github&site_id=127.0.0.1`, {
      headers: {
        "Cf-Access-Jwt-Assertion": "eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6Im93bmVyQGV4YW1wbGUuY29tIn0.c2lnbmF0dXJl",
      },
    });
    const page = await direct.text();
    expect(page).not.toContain("session1.");
    expect(page).toContain("The sign-in did not go through");
  });
});

describe("a keeper's own GitHub token", () => {
  it("is passed on as it is, for the same calls: GitHub says who it is and whether they may edit", async () => {
    const user = await api("/v3/user", KEEPER.token);
    expect(await user.json()).toMatchObject({ login: "keeper" });
    expect((await api("/v3/repos/example-owner/site/collaborators/keeper", KEEPER.token)).status).toBe(204);
    expect((await api("/v3/repos/example-owner/site/git/trees/main?recursive=1", KEEPER.token)).status).toBe(200);
    expect(github.requests.at(-1)!.token).toBe(KEEPER.token);
  });
});

describe("removing an address from the allowed list", () => {
  it("ends that person's next sign-in and their session's next call", async () => {
    const { page } = await signIn("helper@example.com");
    const helperSession = sessionOf(page);
    expect((await api("/v3/user", helperSession)).status).toBe(200);
    // The list as the service is redeployed with it: the helper's address taken out.
    const settings = {
      siteOrigin: SITE,
      repository: "example-owner/site",
      allowedEmails: [OWNER],
      githubApiUrl: github.url,
      app,
    };
    const restarted = await startSignInService({
      ...settings,
      accessPolicy: [OWNER, "helper@example.com"],
      sessionSecret: service.sessionSecret,
    });
    try {
      const call = await fetch(`${restarted.url}/api/v3/user`, {
        headers: { Authorization: `token ${helperSession}`, Origin: SITE },
      });
      expect(call.status).toBe(401);
      const previous = service;
      service = restarted;
      try {
        const again = await signIn("helper@example.com");
        expect(messageOf(again.page)).toContain("helper@example.com may not edit this site");
      } finally {
        service = previous;
      }
    } finally {
      await restarted.close();
    }
  }, 120_000); // the sign-in service stopped and started again in workerd
});

describe("deploying the service", () => {
  it("is one command, which tells wrangler the site's address and repository from site.yaml; the Worker bundles", async () => {
    const { site } = await loadData(DATA_DIR);
    const args = signInDeployArguments(site, { dryRun: true });
    expect(args).toEqual([
      "deploy",
      "--config",
      SIGN_IN_CONFIG,
      "--var",
      `SITE_ORIGIN:${new URL(site.url).origin}`,
      "--var",
      `REPOSITORY:${site.editor.repository}`,
      "--dry-run",
    ]);
    // wrangler's own dry run bundles the Worker as it would deploy it and sends nothing; in a copy
    // of the folder, where wrangler leaves its own files.
    const tmp = await mkdtemp(path.join(tmpdir(), "sign-in-deploy-"));
    try {
      await cp(path.dirname(SIGN_IN_CONFIG), path.join(tmp, "sign-in"), { recursive: true });
      const copied = args.map((arg) => (arg === SIGN_IN_CONFIG ? path.join(tmp, "sign-in", "wrangler.toml") : arg));
      const { stdout } = await promisify(execFile)(
        hostBinary("wrangler"),
        [...copied, "--outdir", path.join(tmp, "out")],
        {
          cwd: tmp,
          env: {
            ...process.env,
            HOME: tmp,
            CLOUDFLARE_CF_FETCH_ENABLED: "false",
            WRANGLER_SEND_METRICS: "false",
            CI: "1",
          },
        },
      );
      expect(stdout).toContain("--dry-run: exiting now.");
      expect(stdout).toMatch(/env\.SITE_ORIGIN \("https:\/\/www\.centralillinoisexcavating\.example"\)|SITE_ORIGIN/);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }, 120_000); // wrangler's dry run bundles the Worker
});
