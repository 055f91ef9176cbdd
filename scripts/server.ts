// Serves dist/ the way production does: clean URLs, precompressed files when the client accepts
// them, the 404 page with status 404 for anything else.
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import sirv from "sirv";
import { NOT_FOUND_FILE } from "./routes.ts";

export interface ServeOptions {
  dir: string;
  host?: string;
  port?: number;
}

export async function createSiteServer(dir: string): Promise<Server> {
  const notFoundPage = await readFile(path.join(dir, NOT_FOUND_FILE));
  const serveStatic = sirv(dir, {
    dev: false,
    etag: true,
    extensions: ["html"],
    brotli: true,
    gzip: true,
    dotfiles: false,
  });

  const sendNotFound = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(404, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": notFoundPage.length,
      "Cache-Control": "no-cache",
    });
    res.end(req.method === "HEAD" ? undefined : notFoundPage);
  };

  return createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Method Not Allowed\n");
      return;
    }
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
