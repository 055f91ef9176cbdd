// The pages `sitegen dev` serves listen here (Server-Sent Events) for the number of the latest
// build, and reload when it is not the one they were built by.
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { transform } from "esbuild";
import { SCRIPTS_DIR } from "../lib/paths.ts";

const DEV_PREFIX = "/__sitegen/";
export const EVENTS_PATH = `${DEV_PREFIX}events`;
export const RELOAD_SCRIPT_PATH = `${DEV_PREFIX}reload.js`;

async function buildDevScript(name: string): Promise<string> {
  const source = await readFile(path.join(SCRIPTS_DIR, "browser", name), "utf8");
  const result = await transform(source, { loader: "ts", minify: true, target: "es2020" });
  return result.code;
}

export const buildReloadScript = () => buildDevScript("dev-reload.ts");

/**
 * What the dev server sends at the service worker's address: a worker that removes itself and
 * every kept copy (browser/dev-service-worker.ts), so that the dev loop never shows a page from a cache.
 */
export const buildDevServiceWorker = () => buildDevScript("dev-service-worker.ts");

/** The tag that makes a page reload itself; `build` is the build the page came from. */
export function reloadScriptTag(build: number): string {
  return `<script src="${RELOAD_SCRIPT_PATH}" data-build="${build}" defer></script>`;
}

/** Adds the reload script to a page, in <head> so that it runs even if the body is cut short. */
export function injectReloadScript(html: string, build: number): string {
  const tag = reloadScriptTag(build);
  const headEnd = html.indexOf("</head>");
  if (headEnd >= 0) return `${html.slice(0, headEnd)}${tag}${html.slice(headEnd)}`;
  const bodyEnd = html.lastIndexOf("</body>");
  if (bodyEnd >= 0) return `${html.slice(0, bodyEnd)}${tag}${html.slice(bodyEnd)}`;
  return `${html}${tag}`;
}

export class LiveReload {
  private readonly clients = new Set<ServerResponse>();

  constructor(private readonly currentBuild: () => number) {}

  /** Answers GET /__sitegen/events: an open stream of "build" events. */
  connect(req: IncomingMessage, res: ServerResponse) {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
    });
    // Reconnect quickly when `sitegen dev` restarts.
    res.write("retry: 500\n\n");
    this.send(res, this.currentBuild());
    this.clients.add(res);
    req.on("close", () => this.clients.delete(res));
  }

  announce(build: number) {
    for (const client of this.clients) this.send(client, build);
  }

  get listeners(): number {
    return this.clients.size;
  }

  close() {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private send(res: ServerResponse, build: number) {
    res.write(`event: build\ndata: ${build}\n\n`);
  }
}
