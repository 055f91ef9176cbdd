// Serves dist/ the way production does: clean URLs, precompressed files when the client accepts
// them, the 404 page with status 404 for anything else, and on every response the headers that
// dist/_headers gives its path (the file the static hosts read).
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import sirv from "sirv";
import { acceptedEncodings, type ContentEncoding } from "./accept-encoding.ts";
import { headersForPath, type HeaderSet } from "./headers.ts";
import { HEADERS_FILE, parseHeadersFile } from "./headers-file.ts";
import { servablePath, usableRange } from "./request-guard.ts";
import { textContentType } from "./content-types.ts";
import { NOT_FOUND_FILE } from "./routes.ts";

export interface ServeOptions {
  dir: string;
  host?: string;
  port?: number;
}

/** The 404 page as written, and its precompressed siblings where generate wrote them. */
async function readNotFoundPages(dir: string): Promise<{ identity: Buffer } & Partial<Record<ContentEncoding, Buffer>>> {
  const file = path.join(dir, NOT_FOUND_FILE);
  const optional = (suffix: string) => readFile(`${file}${suffix}`).catch(() => undefined);
  const [identity, br, gzip] = await Promise.all([readFile(file), optional(".br"), optional(".gz")]);
  return { identity, br, gzip };
}

/** Replaces every header set so far with `headers`. */
function setOnly(res: ServerResponse, headers: HeaderSet) {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

export async function createSiteServer(dir: string): Promise<Server> {
  const notFoundPages = await readNotFoundPages(dir);
  const headerRules = parseHeadersFile(await readFile(path.join(dir, HEADERS_FILE), "utf8"));
  const serveStatic = sirv(dir, {
    dev: false,
    etag: true,
    extensions: ["html"],
    brotli: true,
    gzip: true,
    dotfiles: false,
    setHeaders: (res, pathname) => {
      const type = textContentType(pathname);
      if (type) res.setHeader("Content-Type", type);
    },
  });

  const sendNotFound = (req: IncomingMessage, res: ServerResponse) => {
    const encoding = acceptedEncodings(req.headers["accept-encoding"]).find((coding) => notFoundPages[coding]);
    const notFoundPage = (encoding && notFoundPages[encoding]) || notFoundPages.identity;
    setOnly(res, headersForPath(headerRules, `/${NOT_FOUND_FILE}`));
    res.writeHead(404, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": notFoundPage.length,
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : notFoundPage);
  };

  // Slow clients get 10 s to send their headers and 30 s for the whole request.
  return createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, (req, res) => {
    const urlPath = servablePath(req.url);
    setOnly(res, headersForPath(headerRules, urlPath ?? `/${NOT_FOUND_FILE}`));
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Method Not Allowed\n");
      return;
    }
    if (urlPath === undefined) {
      sendNotFound(req, res);
      return;
    }
    const range = usableRange(req.headers.range);
    if (range) req.headers.range = range;
    else delete req.headers.range;
    // sirv matches "br"/"gzip" anywhere in the header; give it only what the client accepts.
    req.headers["accept-encoding"] = acceptedEncodings(req.headers["accept-encoding"]).join(", ");
    try {
      serveStatic(req, res, () => sendNotFound(req, res));
    } catch {
      // Malformed paths (bad percent-encoding and the like) are simply not found.
      if (!res.headersSent) sendNotFound(req, res);
    }
  });
}

export async function serve({ dir, host = "127.0.0.1", port = 4321 }: ServeOptions) {
  const server = await createSiteServer(dir);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return { server, url: `http://${host}:${actualPort}` };
}
