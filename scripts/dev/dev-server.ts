// The server of `sitegen dev`: the built pages with the reload script added on the way out (the
// files in dist/ stay exactly as `generate` writes them), the error page while the last build
// failed, and everything else (images, sitemap, 404 status) from the production server.
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { NOT_FOUND_FILE } from "../pages/routes.ts";
import { createSiteServer } from "../serve/server.ts";
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
  state(): DevState;
}

/** A request path that names a page rather than a file such as /sitemap.xml or /favicon.svg. */
export function isPagePath(urlPath: string): boolean {
  const last = urlPath.split("/").pop() ?? "";
  return !last.includes(".") || last.endsWith(".html");
}

/** The HTML file a page path is served from, the way clean-URL hosts resolve it. */
export async function findPageFile(dir: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const clean = path.posix.normalize(decoded);
  const candidates = clean.endsWith("/")
    ? [`${clean}index.html`]
    : clean.endsWith(".html")
      ? [clean]
      : [`${clean}.html`, `${clean}/index.html`];
  const root = path.resolve(dir);
  for (const candidate of candidates) {
    const file = path.join(root, candidate);
    if (!file.startsWith(root + path.sep)) continue;
    const found = await stat(file).then(
      (info) => info.isFile(),
      () => false,
    );
    if (found) return file;
  }
  return undefined;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string | Buffer) {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  res.writeHead(status, { "Content-Type": type, "Content-Length": bytes.length, "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : bytes);
}

export function createDevServer(options: DevServerOptions): { server: Server; refresh(): Promise<void> } {
  const { dir, live } = options;
  let site: Server | undefined;

  const sendPage = async (req: IncomingMessage, res: ServerResponse, file: string, status: number) => {
    const html = await readFile(file, "utf8");
    send(req, res, status, "text/html; charset=utf-8", injectReloadScript(html, options.state().build));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const urlPath = new URL(req.url ?? "/", "http://localhost").pathname;
    if (urlPath === EVENTS_PATH) return live.connect(req, res);
    if (urlPath === RELOAD_SCRIPT_PATH) return send(req, res, 200, "text/javascript; charset=utf-8", options.reloadScript);
    if (req.method !== "GET" && req.method !== "HEAD") return site ? site.emit("request", req, res) : send(req, res, 405, "text/plain", "");

    const state = options.state();
    if (isPagePath(urlPath)) {
      if (state.build === 0 && !(await findPageFile(dir, urlPath))) {
        // Opened during the very first build: this page reloads itself when the build is done.
        return send(req, res, 503, "text/html; charset=utf-8", renderBuildingPage());
      }
      if (state.failure) {
        return send(req, res, 500, "text/html; charset=utf-8", renderErrorPage(state.failure, state.build, options.outDirLabel));
      }
      const file = await findPageFile(dir, urlPath);
      if (file) return sendPage(req, res, file, 200);
      const notFound = path.join(dir, NOT_FOUND_FILE);
      return sendPage(req, res, notFound, 404).catch(() => send(req, res, 404, "text/plain", "Not found\n"));
    }
    if (site) return site.emit("request", req, res);
    return send(req, res, 404, "text/plain", "Not found\n");
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(req, res, 500, "text/plain; charset=utf-8", `${String(error)}\n`);
      else res.end();
    });
  });

  return {
    server,
    /** Call after every successful build: the production server indexes the files it serves. */
    async refresh() {
      site = await createSiteServer(dir);
    },
  };
}
