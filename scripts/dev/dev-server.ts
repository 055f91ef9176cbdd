// The server of `sitegen dev`: the production server (serve/), answering every request exactly as
// `sitegen serve` does, with three additions. Pages get the reload script on the way out (the files
// in dist/ stay exactly as `generate` writes them), and the policy allows that one script. The
// service worker's address answers with a worker that removes itself, so nothing is ever shown
// from a cache. While the last build failed, pages show its problems instead.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { HeaderSet } from "../headers/rules.ts";
import { createSiteHandler, serverFor, type PageRewrite } from "../serve/server.ts";
import { isPagePath, SERVICE_WORKER_PATH } from "../site/urls.ts";
import { renderBuildingPage, renderErrorPage } from "./error-page.ts";
import { EVENTS_PATH, RELOAD_SCRIPT_PATH, injectReloadScript, type LiveReload } from "./live-reload.ts";
import type { BuildFailure } from "./protocol.ts";

export interface DevState {
  /** Number of the latest build, failed or not; pages reload when it changes. */
  build: number;
  /** Why the latest build failed; unset once a build succeeds. */
  failure?: BuildFailure;
}

export interface DevServerOptions {
  dir: string;
  /** How the output folder is named to the owner, e.g. "dist/". */
  outDirLabel: string;
  live: LiveReload;
  reloadScript: string;
  /** Sent at the site's service worker address in place of the site's own (browser/dev-service-worker.ts). */
  serviceWorker: string;
  state(): DevState;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string) {
  const bytes = Buffer.from(body);
  res.writeHead(status, { "Content-Type": type, "Content-Length": bytes.length, "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : bytes);
}

/** The page's policy, allowing the reload script from this server too. */
export function allowReloadScript(headers: HeaderSet, host: string | undefined): HeaderSet {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === "content-security-policy");
  if (!name || !host) return headers;
  const source = `http://${host}${RELOAD_SCRIPT_PATH}`;
  const directives = headers[name]!.split(";").map((directive) => directive.trim());
  const index = directives.findIndex((directive) => directive.startsWith("script-src "));
  if (index >= 0) directives[index] = `${directives[index]} ${source}`;
  else directives.splice(1, 0, `script-src ${source}`);
  return { ...headers, [name]: directives.join("; ") };
}

export function createDevServer(options: DevServerOptions): { server: Server; refresh(): Promise<void> } {
  const { dir, live } = options;
  let site: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const urlPath = new URL(req.url ?? "/", "http://localhost").pathname;
    if (urlPath === EVENTS_PATH) return live.connect(req, res);
    if (urlPath === RELOAD_SCRIPT_PATH)
      return send(req, res, 200, "text/javascript; charset=utf-8", options.reloadScript);
    if (urlPath === SERVICE_WORKER_PATH)
      return send(req, res, 200, "text/javascript; charset=utf-8", options.serviceWorker);
    const state = options.state();
    if (isPagePath(urlPath) && (req.method === "GET" || req.method === "HEAD")) {
      // Opened during the very first build: this page reloads itself when the build is done.
      if (!site) return send(req, res, 503, "text/html; charset=utf-8", renderBuildingPage());
      if (state.failure) {
        return send(
          req,
          res,
          500,
          "text/html; charset=utf-8",
          renderErrorPage(state.failure, state.build, options.outDirLabel),
        );
      }
    }
    if (!site) return send(req, res, 503, "text/plain; charset=utf-8", "The site is being built.\n");
    return site(req, res);
  };

  return {
    server: serverFor(handle),
    /** Call after every successful build: the site's 404 page and _headers are read again. */
    async refresh() {
      const rewrite: PageRewrite = {
        // The build number is read as each page is sent: a page from an older build reloads itself.
        html: (html) => injectReloadScript(html, options.state().build),
        headers: (headers, req) => allowReloadScript(headers, req.headers.host),
      };
      site = await createSiteHandler(dir, rewrite);
    },
  };
}
