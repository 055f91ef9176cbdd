// The site editor's sign-in service, a Cloudflare Worker (README.md says how it is set up and why
// this design). The owner signs in with his e-mail address and a one-time PIN, which Cloudflare
// Access asks for in front of /auth; the service then hands the editor a session of a few hours for
// the site's one repository. The editor's calls to GitHub come here (its api_root), and the service
// passes on the ones the editor makes, with the GitHub App's installation token, which never leaves
// it. A token of GitHub's own (a keeper's personal access token) is passed on as it is.
import { accessEmail } from "./access.ts";
import { graphqlRefusal, isEditorCall } from "./calls.ts";
import { forgetInstallationToken, installationToken } from "./github-app.ts";
import { HANDSHAKE_PATH, HANDSHAKE_SCRIPT, PAGE_HEADERS, refusedPage, signedInPage } from "./pages.ts";
import { isSession, readSession, signSession, type Session } from "./session.ts";

export interface Env {
  /** The site's own address, https://…: the only origin the service answers and signs in for. */
  SITE_ORIGIN: string;
  /** owner/name of the site's repository. */
  REPOSITORY: string;
  /** The addresses that may edit, separated by commas. */
  ALLOWED_EMAILS: string;
  /** https://<team>.cloudflareaccess.com, the Access team that asks for the address and PIN. */
  ACCESS_TEAM_DOMAIN: string;
  /** The Access application's audience (AUD) tag. */
  ACCESS_AUD: string;
  GITHUB_APP_ID: string;
  GITHUB_APP_INSTALLATION_ID: string;
  /** Secret: the app's private key, PKCS#8 PEM. */
  GITHUB_APP_PRIVATE_KEY: string;
  /** Secret: at least 32 random characters, which sign the sessions. */
  SESSION_SECRET: string;
  /** How many hours a session lasts; 8 unless set. */
  SESSION_HOURS?: string;
  /** GitHub's API; https://api.github.com unless set. */
  GITHUB_API_URL?: string;
}

const DEFAULT_SESSION_HOURS = 8;

const allowedEmails = (env: Env) =>
  new Set(
    env.ALLOWED_EMAILS.split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

const repositoryOf = (env: Env) => {
  const [owner = "", name = ""] = env.REPOSITORY.split("/");
  return { owner, name };
};

/** The cross-origin headers of an answer to the editor: its origin only. */
function corsHeaders(env: Env): Record<string, string> {
  return { "Access-Control-Allow-Origin": env.SITE_ORIGIN, Vary: "Origin" };
}

function json(env: Env, status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...corsHeaders(env) },
  });
}

/** GitHub's own answer for a token it does not take, so that the editor reacts as it does to GitHub. */
const badCredentials = (env: Env) =>
  json(env, 401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" });

async function signIn(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const answer = (html: string) => new Response(html, { headers: PAGE_HEADERS });
  if (url.searchParams.get("provider") !== "github")
    return answer(refusedPage(env.SITE_ORIGIN, "This service signs in to the site editor only."));
  if (url.searchParams.get("site_id") !== new URL(env.SITE_ORIGIN).hostname) {
    return answer(refusedPage(env.SITE_ORIGIN, "This service signs in to the editor of another site."));
  }
  const email = await accessEmail(
    request.headers.get("Cf-Access-Jwt-Assertion"),
    env.ACCESS_TEAM_DOMAIN,
    env.ACCESS_AUD,
  );
  if (!email)
    return answer(refusedPage(env.SITE_ORIGIN, "The sign-in did not go through. Close this window and try again."));
  if (!allowedEmails(env).has(email)) {
    return answer(
      refusedPage(env.SITE_ORIGIN, `${email} may not edit this site. Ask whoever keeps the site to add it.`),
    );
  }
  const hours = Number(env.SESSION_HOURS ?? DEFAULT_SESSION_HOURS) || DEFAULT_SESSION_HOURS;
  const session: Session = { email, repository: env.REPOSITORY, expires: Math.floor(Date.now() / 1000 + hours * 3600) };
  return answer(signedInPage(env.SITE_ORIGIN, email, await signSession(session, env.SESSION_SECRET)));
}

/** The editor's call, passed on to GitHub with `token`; GitHub's answer, readable by the editor. */
async function passOn(
  request: Request,
  env: Env,
  path: string,
  token: string,
  body: ArrayBuffer | undefined,
): Promise<Response> {
  const api = env.GITHUB_API_URL ?? "https://api.github.com";
  const search = new URL(request.url).search;
  const headers: Record<string, string> = {
    Authorization: `token ${token}`,
    Accept: request.headers.get("Accept") ?? "application/vnd.github+json",
    "User-Agent": "site-editor-sign-in",
    "X-GitHub-Api-Version": "2022-11-28",
  };
  const type = request.headers.get("Content-Type");
  if (type) headers["Content-Type"] = type;
  const answer = await fetch(`${api}${path}${search}`, { method: request.method, headers, body });
  const passed = new Headers({ "Cache-Control": "no-store", ...corsHeaders(env) });
  const answerType = answer.headers.get("Content-Type");
  if (answerType) passed.set("Content-Type", answerType);
  return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
    status: answer.status,
    headers: passed,
  });
}

async function api(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== env.SITE_ORIGIN) return new Response("Not the site's editor", { status: 403 });
  if (request.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        ...corsHeaders(env),
        "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE",
        "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept, Cache-Control, Pragma",
        "Access-Control-Max-Age": "600",
      },
    });
  }
  const token = /^(?:token|bearer) (.+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
  const repository = repositoryOf(env);
  // The path as GitHub's API names it: the editor asks <api_root>/api/v3/… and <api_root>/api/graphql.
  const path = url.pathname === "/api/graphql" ? "/graphql" : url.pathname.replace(/^\/api\/v3/, "");
  const session = isSession(token) ? await readSession(token, env.SESSION_SECRET) : undefined;
  if (
    isSession(token) &&
    (!session || session.repository !== env.REPOSITORY || !allowedEmails(env).has(session.email))
  ) {
    return badCredentials(env);
  }
  if (session && path === "/user" && request.method === "GET") {
    return json(env, 200, {
      login: session.email,
      id: 1,
      name: session.email,
      email: session.email,
      avatar_url: "",
      html_url: env.SITE_ORIGIN,
    });
  }
  const inRepository = `/repos/${repository.owner}/${repository.name}`;
  if (
    session &&
    request.method === "GET" &&
    path === `${inRepository}/collaborators/${encodeURIComponent(session.email)}`
  ) {
    return new Response(null, { status: 204, headers: corsHeaders(env) });
  }
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  const inRepositoryPath = path.startsWith(`${inRepository}/`) ? path.slice(inRepository.length) : undefined;
  let allowed = false;
  if (path === "/graphql" && request.method === "POST") {
    const refusal = graphqlRefusal(JSON.parse(new TextDecoder().decode(body)) as { query?: string }, repository);
    if (refusal) return json(env, 403, { message: `Not something the site editor does: ${refusal}` });
    allowed = true;
  } else if (inRepositoryPath !== undefined) {
    allowed = isEditorCall(request.method, inRepositoryPath);
  }
  // A keeper's own GitHub token: their account, and whether they may edit, as GitHub says.
  const accountCall = path === "/user" || /^\/collaborators\/[^/]+$/.test(inRepositoryPath ?? "");
  if (!session && request.method === "GET" && accountCall) allowed = true;
  if (!allowed) return json(env, 403, { message: "Not something the site editor does" });
  if (!session) return passOn(request, env, path, token, body);
  const settings = {
    apiUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    appId: env.GITHUB_APP_ID,
    installationId: env.GITHUB_APP_INSTALLATION_ID,
    privateKey: env.GITHUB_APP_PRIVATE_KEY,
    repositoryName: repository.name,
  };
  const answer = await passOn(request, env, path, await installationToken(settings), body);
  if (answer.status !== 401) return answer;
  // GitHub ended the app's token before the hour was up: once more with a new one.
  forgetInstallationToken();
  return passOn(request, env, path, await installationToken(settings), body);
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/auth" && request.method === "GET") return signIn(request, env);
    if (pathname === HANDSHAKE_PATH && request.method === "GET") {
      return new Response(HANDSHAKE_SCRIPT, {
        headers: {
          "Content-Type": "text/javascript; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
    if (pathname.startsWith("/api/")) return api(request, env);
    return new Response("The site editor's sign-in service.", {
      status: pathname === "/" ? 200 : 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  },
};
