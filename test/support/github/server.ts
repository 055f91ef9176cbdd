// A stand-in for GitHub's API (api.github.com), on 127.0.0.1, for the site editor's way through the
// sign-in service: only what the service and the CMS call, answered as GitHub answers, over a real
// git repository (repository.ts) and GraphQL (graphql.ts). Its REST calls were read in the CMS's
// source (Sveltia CMS 0.221.1: github/files.js, pull-requests.js, workflow.js, repository.js,
// shared/user.js) and GitHub's REST reference (docs.github.com/en/rest):
//
// - a GitHub App's installation token: POST /app/installations/{id}/access_tokens with the app's
//   JSON Web Token (RS256, iss the app's id, at most 10 minutes, "Authenticating as a GitHub App"),
//   limited to the repositories and permissions asked, never more than the installation has;
//   it lasts an hour (expires_at), and a token past it is refused with 401 "Bad credentials";
// - GET /user (403 "Resource not accessible by integration" for an installation token, as GitHub
//   answers) and the collaborator check, for a personal access token of a keeper of the site;
// - the tree, blobs, pull requests (opened, listed, labelled, closed, merged), branch refs;
// - a merge refused with 405 while a required status check of the branch's protection is missing
//   ("Required status check "check" is expected.") or failed, as GitHub's protected branches do.
//
// A push to any branch (a commit, a new branch, a merge) is told to `onPush`, where the tests put
// what GitHub Actions and the host do then: run `sitegen check`, build a preview or the site.
import { createVerify, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { runGraphql, type GraphqlContext } from "./graphql.ts";
import type { CheckRun, CommitStatus, PullRequest, Repository } from "./repository.ts";

/** Permissions an installation token may carry, by GitHub's names, with the level the installation granted. */
type Permissions = Record<string, "read" | "write">;

export interface GitHubApp {
  id: string;
  installationId: string;
  /** The app's public key, PEM: what GitHub holds to check the app's tokens. */
  publicKey: string;
  /** What the owner granted when installing the app on the repository. */
  permissions: Permissions;
}

export interface Keeper {
  login: string;
  /** A personal access token of theirs, with write access to the repository. */
  token: string;
}

interface Token {
  kind: "installation" | "personal";
  expires: number;
  repositories?: string[];
  permissions?: Permissions;
  login?: string;
}

export interface GitHubStandIn {
  url: string;
  repository: Repository;
  /** Every request, as "METHOD /path" and who made it. */
  requests: { method: string; path: string; token: string }[];
  /** The installation tokens handed out, in order, with what each may do. */
  issued: { token: string; repositories: string[]; permissions: Permissions; expiresAt: string }[];
  /** The checks a merge into the default branch needs to have passed, by name (branch protection). */
  requiredChecks: string[];
  setStatus(sha: string, status: CommitStatus): void;
  setCheckRun(sha: string, run: CheckRun): void;
  /** Ends an installation token's hour now, as if it had passed. */
  expire(token: string): void;
  close(): Promise<void>;
}

const GITHUB_DOCS = "https://docs.github.com/rest";

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers }).end(text);
}

const fail = (res: ServerResponse, status: number, message: string) =>
  send(res, status, { message, documentation_url: GITHUB_DOCS, status: `${status}` });

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The claims of a GitHub App's JSON Web Token, if its RS256 signature is the app's; else undefined. */
function appClaims(jwt: string, publicKey: string): { iss?: string | number; iat?: number; exp?: number } | undefined {
  const [header, payload, signature] = jwt.split(".");
  if (!header || !payload || !signature) return undefined;
  const alg = (JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string }).alg;
  if (alg !== "RS256") return undefined;
  const verified = createVerify("RSA-SHA256")
    .update(`${header}.${payload}`)
    .verify(publicKey, Buffer.from(signature, "base64url"));
  return verified
    ? (JSON.parse(Buffer.from(payload, "base64url").toString()) as { iss?: string; iat?: number; exp?: number })
    : undefined;
}

const LEVEL = { read: 1, write: 2 } as const;

export async function startGitHub(
  repository: Repository,
  options: { app: GitHubApp; keepers?: Keeper[]; onPush?: (branch: string, sha: string) => void | Promise<void> },
): Promise<GitHubStandIn> {
  const tokens = new Map<string, Token>();
  for (const keeper of options.keepers ?? [])
    tokens.set(keeper.token, { kind: "personal", expires: Infinity, login: keeper.login });
  const requests: GitHubStandIn["requests"] = [];
  const issued: GitHubStandIn["issued"] = [];
  const fullName = `${repository.owner}/${repository.name}`;
  let url = "";
  const htmlBase = () => `${url}/${fullName}`;
  const pushes: Promise<unknown>[] = [];
  const pushed = (branch: string, sha: string) => {
    if (options.onPush)
      pushes.push(Promise.resolve(options.onPush(branch, sha)).catch((error: unknown) => console.error(error)));
  };
  const context = (): GraphqlContext => ({ repository, htmlBase: htmlBase(), pushed });
  let pullCount = 0;

  const restPull = async (pull: PullRequest) => ({
    id: pull.number * 1000,
    node_id: pull.id,
    number: pull.number,
    state: pull.state,
    merged: pull.merged,
    draft: pull.draft,
    title: pull.title,
    body: pull.body,
    html_url: `${htmlBase()}/pull/${pull.number}`,
    head: {
      ref: pull.head,
      sha: (await repository.branchHead(pull.head)) ?? null,
      label: `${repository.owner}:${pull.head}`,
    },
    base: { ref: pull.base, sha: await repository.branchHead(pull.base), label: `${repository.owner}:${pull.base}` },
    labels: pull.labels.map((name) => ({ name })),
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
  });

  /** Why a merge into the default branch is refused, as GitHub's protected branch says it; undefined when it may go. */
  const protectionRefusal = async (pull: PullRequest): Promise<string | undefined> => {
    if (pull.base !== repository.defaultBranch) return undefined;
    const sha = await repository.branchHead(pull.head);
    for (const name of standIn.requiredChecks) {
      const run = (sha ? (repository.checkRuns.get(sha) ?? []) : []).filter((found) => found.name === name).at(-1);
      const status = (sha ? (repository.statuses.get(sha) ?? []) : []).filter((found) => found.context === name).at(-1);
      const passed = run ? run.status === "completed" && run.conclusion === "success" : status?.state === "success";
      const failed = run
        ? run.status === "completed" && run.conclusion !== "success"
        : status && status.state !== "pending" && status.state !== "success";
      if (failed) return `Required status check "${name}" is failing.`;
      if (!passed) return `Required status check "${name}" is expected.`;
    }
    return undefined;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    const auth = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    requests.push({ method, path: address.pathname, token: auth });

    // The app's own call: an installation token, with its JSON Web Token.
    const installation = /^\/app\/installations\/([^/]+)\/access_tokens$/.exec(address.pathname);
    if (installation && method === "POST") {
      const claims = appClaims(auth, options.app.publicKey);
      const now = Math.floor(Date.now() / 1000);
      if (
        !claims ||
        String(claims.iss) !== options.app.id ||
        !claims.exp ||
        claims.exp < now ||
        claims.exp - (claims.iat ?? 0) > 600
      ) {
        return fail(res, 401, "A JSON web token could not be decoded");
      }
      if (installation[1] !== options.app.installationId) return fail(res, 404, "Not Found");
      const asked = JSON.parse((await readBody(req)).toString() || "{}") as {
        repositories?: string[];
        permissions?: Permissions;
      };
      const repositories = asked.repositories ?? [repository.name];
      if (repositories.some((name) => name !== repository.name)) {
        return fail(
          res,
          422,
          "There is at least one repository that does not exist or is not accessible to the parent installation.",
        );
      }
      const permissions = asked.permissions ?? options.app.permissions;
      for (const [name, level] of Object.entries(permissions)) {
        const granted = options.app.permissions[name];
        if (!granted || LEVEL[granted] < LEVEL[level]) {
          return fail(res, 422, `The permissions requested are not granted to this installation.`);
        }
      }
      const token = `ghs_${randomBytes(18).toString("base64url")}`;
      const expires = Date.now() + 3600_000;
      tokens.set(token, { kind: "installation", expires, repositories, permissions });
      const expiresAt = new Date(expires).toISOString().replace(/\.\d{3}Z$/, "Z");
      issued.push({ token, repositories, permissions, expiresAt });
      return send(res, 201, { token, expires_at: expiresAt, permissions, repository_selection: "selected" });
    }

    const holder = tokens.get(auth);
    if (!holder || holder.expires <= Date.now()) return fail(res, 401, "Bad credentials");
    const may = (permission: string, level: "read" | "write") =>
      holder.kind === "personal" ||
      (LEVEL[holder.permissions?.[permission] ?? "read"] >= LEVEL[level] && !!holder.permissions?.[permission]);
    const forbidden = () => fail(res, 403, "Resource not accessible by integration");

    if (address.pathname === "/graphql" && method === "POST") {
      const body = JSON.parse((await readBody(req)).toString() || "{}") as {
        query?: string;
        variables?: Record<string, unknown>;
      };
      if (/^\s*mutation/.test(body.query ?? "") && !may("contents", "write")) return forbidden();
      return send(res, 200, await runGraphql(context(), body));
    }

    if (address.pathname === "/user" && method === "GET") {
      if (holder.kind !== "personal") return forbidden();
      return send(res, 200, {
        login: holder.login,
        id: 1,
        name: holder.login,
        email: null,
        avatar_url: "",
        html_url: `${url}/${holder.login}`,
      });
    }

    const inRepository = new RegExp(`^/repos/${fullName.replace("/", "\\/")}(/.*)$`).exec(address.pathname);
    if (!inRepository) return fail(res, 404, "Not Found");
    const rest = inRepository[1]!;
    const body = async () => JSON.parse((await readBody(req)).toString() || "{}") as Record<string, unknown>;
    let match: RegExpExecArray | null;

    if ((match = /^\/collaborators\/([^/]+)$/.exec(rest)) && method === "GET") {
      const login = decodeURIComponent(match[1]!);
      if (holder.kind !== "personal") return forbidden();
      return (options.keepers ?? []).some((keeper) => keeper.login === login)
        ? send(res, 204)
        : fail(res, 404, "Not Found");
    }
    if ((match = /^\/git\/trees\/(.+)$/.exec(rest)) && method === "GET") {
      const ref = decodeURIComponent(match[1]!);
      const head = (await repository.branchHead(ref)) ?? (await repository.object(ref))?.sha;
      if (!head) return fail(res, 404, "Not Found");
      const tree = await repository.tree(head, address.searchParams.get("recursive") !== null);
      const sha = (await repository.object(`${head}^{tree}`))?.sha;
      return send(res, 200, { sha, url: `${url}${address.pathname}`, tree, truncated: false });
    }
    if ((match = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest)) && method === "GET") {
      const bytes = await repository.blob(match[1]!).catch(() => undefined);
      if (!bytes) return fail(res, 404, "Not Found");
      if ((req.headers.accept ?? "").includes("raw"))
        return send(res, 200, bytes, { "content-type": "application/octet-stream" });
      return send(res, 200, {
        sha: match[1],
        size: bytes.length,
        encoding: "base64",
        content: bytes.toString("base64"),
      });
    }
    if ((match = /^\/git\/refs\/heads\/(.+)$/.exec(rest))) {
      const branch = decodeURIComponent(match[1]!);
      if (!may("contents", "write")) return forbidden();
      if (method === "DELETE")
        return (await repository.deleteBranch(branch)) ? send(res, 204) : fail(res, 422, "Reference does not exist");
      if (method === "PATCH") {
        const { sha, force } = (await body()) as { sha: string; force?: boolean };
        const head = await repository.branchHead(branch);
        if (!head) return fail(res, 422, "Reference does not exist");
        if (!force) return fail(res, 422, "Update is not a fast forward");
        await repository.moveBranch(branch, sha, head);
        pushed(branch, sha);
        return send(res, 200, { ref: `refs/heads/${branch}`, object: { sha, type: "commit" } });
      }
    }
    if (rest === "/pulls" && method === "POST") {
      if (!may("pull_requests", "write")) return forbidden();
      const { title, head, base, draft, body: text } = (await body()) as Record<string, string | boolean | undefined>;
      if (!(await repository.branchHead(String(head))) || !(await repository.branchHead(String(base)))) {
        return send(res, 422, {
          message: "Validation Failed",
          errors: [{ resource: "PullRequest", field: "head", code: "invalid" }],
        });
      }
      if (repository.pullRequests.some((pull) => pull.head === head && pull.state === "open")) {
        return send(res, 422, {
          message: "Validation Failed",
          errors: [{ message: `A pull request already exists for ${repository.owner}:${head}.` }],
        });
      }
      pullCount += 1;
      const now = repository.now();
      const pull: PullRequest = {
        number: pullCount,
        id: `PR_${Buffer.from(`${fullName}#${pullCount}`).toString("base64url")}`,
        title: String(title),
        body: String(text ?? ""),
        head: String(head),
        base: String(base),
        draft: draft === true,
        state: "open",
        merged: false,
        labels: [],
        createdAt: now,
        updatedAt: now,
      };
      repository.pullRequests.push(pull);
      pushed(pull.head, (await repository.branchHead(pull.head))!);
      return send(res, 201, await restPull(pull));
    }
    const pullMatch = /^\/(pulls|issues)\/(\d+)(\/[a-z]+)?$/.exec(rest);
    const pull = pullMatch ? repository.pullRequests.find((found) => found.number === Number(pullMatch[2])) : undefined;
    if (pullMatch && !pull) return fail(res, 404, "Not Found");
    if (pull && pullMatch) {
      const [, kind, , tail] = pullMatch;
      if (kind === "issues" && tail === "/labels" && method === "POST") {
        if (!may("pull_requests", "write")) return forbidden();
        const { labels } = (await body()) as { labels: string[] };
        pull.labels = [...new Set([...pull.labels, ...labels])];
        pull.updatedAt = repository.now();
        return send(
          res,
          200,
          pull.labels.map((name) => ({ name })),
        );
      }
      if (kind === "issues" && !tail && method === "GET") {
        return send(res, 200, {
          number: pull.number,
          title: pull.title,
          labels: pull.labels.map((name) => ({ name })),
          pull_request: {},
        });
      }
      if (kind === "issues" && !tail && method === "PATCH") {
        if (!may("pull_requests", "write")) return forbidden();
        const { labels } = (await body()) as { labels?: string[] };
        if (labels) pull.labels = labels;
        pull.updatedAt = repository.now();
        return send(res, 200, { number: pull.number, labels: pull.labels.map((name) => ({ name })) });
      }
      if (kind === "pulls" && !tail && method === "PATCH") {
        if (!may("pull_requests", "write")) return forbidden();
        const { state } = (await body()) as { state?: "open" | "closed" };
        if (state) pull.state = state;
        pull.updatedAt = repository.now();
        return send(res, 200, await restPull(pull));
      }
      if (kind === "pulls" && !tail && method === "GET") return send(res, 200, await restPull(pull));
      if (kind === "pulls" && tail === "/files" && method === "GET") {
        const files = await repository.changedFiles(pull.base, pull.head);
        return send(
          res,
          200,
          files.map((file) => ({ filename: file.path, status: file.status, sha: file.sha })),
        );
      }
      if (kind === "pulls" && tail === "/merge" && method === "PUT") {
        if (!may("contents", "write")) return forbidden();
        const { merge_method: how = "merge", commit_title: title } = (await body()) as {
          merge_method?: string;
          commit_title?: string;
        };
        if (pull.state !== "open") return fail(res, 405, "Pull Request is not mergeable");
        if (pull.draft) return fail(res, 405, "Pull Request is still a draft");
        const refused = await protectionRefusal(pull);
        if (refused) {
          return send(res, 405, {
            message: refused,
            documentation_url: "https://docs.github.com/articles/about-protected-branches",
            status: "405",
          });
        }
        const message = title ?? `Merge pull request #${pull.number} from ${repository.owner}/${pull.head}`;
        const base = (await repository.branchHead(pull.base))!;
        // A squash merge is one commit of the merged files on the base; a merge, a commit with both parents.
        const merged = await repository.mergeCommit(pull.base, pull.head, message, { squash: how === "squash" });
        if (!merged || !(await repository.moveBranch(pull.base, merged, base)))
          return fail(res, 405, "Pull Request is not mergeable");
        pull.merged = true;
        pull.state = "closed";
        pull.updatedAt = repository.now();
        pushed(pull.base, merged);
        return send(res, 200, { sha: merged, merged: true, message: "Pull Request successfully merged" });
      }
    }
    return fail(res, 404, "Not Found");
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) fail(res, 500, "Server Error");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: GitHubStandIn = {
    url,
    repository,
    requests,
    issued,
    requiredChecks: [],
    setStatus: (sha, status) => repository.statuses.set(sha, [...(repository.statuses.get(sha) ?? []), status]),
    setCheckRun: (sha, run) =>
      repository.checkRuns.set(sha, [
        ...(repository.checkRuns.get(sha) ?? []).filter((found) => found.name !== run.name),
        run,
      ]),
    expire: (token) => {
      const found = tokens.get(token);
      if (found) found.expires = 0;
    },
    close: async () => {
      await Promise.allSettled(pushes);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
