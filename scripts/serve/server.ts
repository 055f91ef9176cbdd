// Serves dist/ the way production does: each page at its one address (site/urls.ts; its other
// names redirect there), precompressed files when the client accepts them, the 404 page with status
// 404 for anything else, and on every response the headers that dist/_headers gives its path (the
// file the static hosts read).
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { SIBLING_SUFFIX, type ContentEncoding } from "../lib/compress.ts";
import { HEADERS_FILE, parseHeadersFile } from "../headers/headers-file.ts";
import { headersForPath, type HeaderSet } from "../headers/rules.ts";
import { answerFor, isPagePath, NOT_FOUND_FILE } from "../site/urls.ts";
import { acceptedEncodings } from "./encodings.ts";
import { withPlainHttpPolicy } from "./plain-http-policy.ts";
import { hasSiteFile, openSiteFile } from "./open-file.ts";
import { servablePath } from "./request-guard.ts";
import { sendFile, sendRewrittenPage } from "./send-file.ts";

export interface ServeOptions {
  dir: string;
  host?: string;
  port?: number;
}

/**
 * A change to every page on its way out, and to the headers sent with it: the dev server adds its
 * reload script this way, so that it answers exactly as this server does otherwise.
 */
export interface PageRewrite {
  html(html: string): string;
  headers(headers: HeaderSet, req: IncomingMessage): HeaderSet;
}

/** The 404 page as written, and its precompressed siblings where generate wrote them. */
async function readNotFoundPages(
  dir: string,
): Promise<{ identity: Buffer } & Partial<Record<ContentEncoding, Buffer>>> {
  const file = path.join(dir, NOT_FOUND_FILE);
  const optional = (encoding: ContentEncoding) => readFile(`${file}${SIBLING_SUFFIX[encoding]}`).catch(() => undefined);
  const [identity, br, gzip] = await Promise.all([readFile(file), optional("br"), optional("gzip")]);
  return { identity, br, gzip };
}

/** A page's other address: a permanent redirect to its one URL, keeping the query. */
function sendRedirect(req: IncomingMessage, res: ServerResponse, location: string) {
  const query = req.url?.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
  res.writeHead(301, { Location: `${location}${query}`, "Content-Length": 0 });
  res.end();
}

/** The size and time of a file, to notice that a build replaced it; undefined while it is missing. */
async function fileVersion(file: string): Promise<string | undefined> {
  const stats = await stat(file).catch(() => undefined);
  return stats ? `${stats.size}:${stats.mtimeMs}:${stats.ino}` : undefined;
}

/** Replaces every header set so far with `headers`. */
function setOnly(res: ServerResponse, headers: HeaderSet) {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** Answers requests for the built site in `dir`; reads its 404 page and _headers, and again after each new build. */
export async function createSiteHandler(
  dir: string,
  rewrite?: PageRewrite,
): Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> {
  const root = path.resolve(dir);
  const headersFile = path.join(root, HEADERS_FILE);
  // The policy and the 404 page are read again whenever a new build has replaced _headers: its
  // hashes must match the pages now on disk, or browsers would refuse their stylesheet and script.
  const readSite = async () => ({
    version: await fileVersion(headersFile),
    notFoundPages: await readNotFoundPages(root),
    headerRules: parseHeadersFile(await readFile(headersFile, "utf8")),
  });
  let current = await readSite();
  const refresh = async () => {
    const version = await fileVersion(headersFile);
    if (version !== undefined && version !== current.version) current = await readSite().catch(() => current);
  };
  /** The headers of a path; for a page that is rewritten on its way out, rewritten too. */
  const headersFor = (urlPath: string, req: IncomingMessage, isPage: boolean) => {
    const headers = withPlainHttpPolicy(headersForPath(current.headerRules, urlPath), req);
    return rewrite && isPage ? rewrite.headers(headers, req) : headers;
  };

  const sendNotFound = (req: IncomingMessage, res: ServerResponse) => {
    const { notFoundPages } = current;
    setOnly(res, headersFor(`/${NOT_FOUND_FILE}`, req, true));
    const encoding = rewrite
      ? undefined
      : acceptedEncodings(req.headers["accept-encoding"]).find((coding) => notFoundPages[coding]);
    const page = rewrite
      ? Buffer.from(rewrite.html(notFoundPages.identity.toString("utf8")))
      : (encoding && notFoundPages[encoding]) || notFoundPages.identity;
    res.writeHead(404, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": page.length,
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : page);
  };

  return async (req, res) => {
    await refresh();
    const urlPath = servablePath(req.url);
    setOnly(res, headersFor(urlPath ?? `/${NOT_FOUND_FILE}`, req, false));
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Method Not Allowed\n");
      return;
    }
    if (urlPath === undefined) return sendNotFound(req, res);
    const answer = answerFor(urlPath);
    if (answer.kind === "not-found") return sendNotFound(req, res);
    if (answer.kind === "redirect") {
      if (!(await hasSiteFile(root, answer.ifFile))) return sendNotFound(req, res);
      return sendRedirect(req, res, answer.location);
    }
    const rewritten = rewrite && isPagePath(urlPath);
    const accepted = rewritten ? [] : acceptedEncodings(req.headers["accept-encoding"]);
    const opened = await openSiteFile(root, answer.file, accepted);
    if (!opened) return sendNotFound(req, res);
    if (rewritten) {
      setOnly(res, headersFor(urlPath, req, true));
      return sendRewrittenPage(req, res, opened, 200, rewrite.html);
    }
    sendFile(req, res, opened);
  };
}

/** An HTTP server around a request handler: timeouts for slow clients, and a 500 for a failure. */
export function serverFor(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Server {
  // Slow clients get 10 s to send their headers and 30 s for the whole request.
  return createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error\n");
      } else res.destroy();
    });
  });
}

/** Starts listening; resolves with the address once it does, or rejects (a port in use, say). */
export async function listen(server: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
}

export async function serve({ dir, host = "127.0.0.1", port = 4321 }: ServeOptions) {
  const server = serverFor(await createSiteHandler(dir));
  const url = await listen(server, host, port);
  return { server, url };
}
