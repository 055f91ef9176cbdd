// Serves dist/ the way production does: clean URLs, precompressed files when the client accepts
// them, the 404 page with status 404 for anything else, and on every response the headers that
// dist/_headers gives its path (the file the static hosts read). Each file is opened before its
// status line is sent and read from that open handle, so a file replaced or removed by a new
// build while it is being served never breaks the response or stops the server.
import { open, readFile, type FileHandle } from "node:fs/promises";
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { acceptedEncodings, type ContentEncoding } from "./encodings.ts";
import { COMPRESSIBLE_FILE, SIBLING_SUFFIX } from "../lib/compress.ts";
import { headersForPath, type HeaderSet } from "../headers/policy.ts";
import { HEADERS_FILE, parseHeadersFile } from "../headers/headers-file.ts";
import { servablePath, usableRange } from "./request-guard.ts";
import { contentType } from "./content-types.ts";
import { NOT_FOUND_FILE } from "../pages/routes.ts";

export interface ServeOptions {
  dir: string;
  host?: string;
  port?: number;
}

/** The 404 page as written, and its precompressed siblings where generate wrote them. */
async function readNotFoundPages(dir: string): Promise<{ identity: Buffer } & Partial<Record<ContentEncoding, Buffer>>> {
  const file = path.join(dir, NOT_FOUND_FILE);
  const optional = (encoding: ContentEncoding) => readFile(`${file}${SIBLING_SUFFIX[encoding]}`).catch(() => undefined);
  const [identity, br, gzip] = await Promise.all([readFile(file), optional("br"), optional("gzip")]);
  return { identity, br, gzip };
}

/** Replaces every header set so far with `headers`. */
function setOnly(res: ServerResponse, headers: HeaderSet) {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

interface OpenedFile {
  handle: FileHandle;
  size: number;
  modified: Date;
  /** The file that answers the path, before any encoding: its name sets the Content-Type. */
  file: string;
  encoding: ContentEncoding | undefined;
  /** Whether the file has precompressed siblings, so the answer depends on Accept-Encoding. */
  varies: boolean;
}

async function openFile(file: string): Promise<{ handle: FileHandle; size: number; modified: Date } | undefined> {
  const handle = await open(file, "r").catch(() => undefined);
  if (!handle) return undefined;
  const stats = await handle.stat().catch(() => undefined);
  if (stats?.isFile()) return { handle, size: stats.size, modified: stats.mtime };
  await handle.close();
  return undefined;
}

/**
 * The file for a servable URL path, opened: /contact is contact.html, / is index.html, and any
 * other file is served under its own name. Of its .br and .gz siblings, the first that exists
 * in the client's order of preference is sent instead.
 */
async function openForPath(dir: string, urlPath: string, accepted: ContentEncoding[]): Promise<OpenedFile | undefined> {
  const relative = urlPath === "/" ? "index.html" : urlPath.slice(1);
  for (const name of [relative, `${relative}.html`]) {
    const file = path.join(dir, name);
    // servablePath has refused "." and ".." segments; a second guard, should it ever let one through.
    if (!file.startsWith(dir + path.sep)) return undefined;
    const plain = await openFile(file);
    if (!plain) continue;
    const varies = COMPRESSIBLE_FILE.test(name);
    for (const encoding of accepted) {
      const sibling = await openFile(`${file}${SIBLING_SUFFIX[encoding]}`);
      if (!sibling) continue;
      await plain.handle.close();
      return { ...sibling, file: name, encoding, varies };
    }
    return { ...plain, file: name, encoding: undefined, varies };
  }
  return undefined;
}

/** The byte range a usable Range header asks of a file of `size` bytes, or "unsatisfiable". */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | undefined {
  const range = usableRange(header);
  if (!range) return undefined;
  const [first = "", last = ""] = range.slice("bytes=".length).split("-");
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Sends an opened file: 200, 206 for a range, or 304 when the client's copy is current. */
function sendFile(req: IncomingMessage, res: ServerResponse, opened: OpenedFile): void {
  const etag = `W/"${opened.size.toString(16)}-${opened.modified.getTime().toString(16)}${opened.encoding ? `-${opened.encoding}` : ""}"`;
  res.setHeader("Content-Type", contentType(opened.file));
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", opened.modified.toUTCString());
  res.setHeader("Accept-Ranges", "bytes");
  if (opened.varies) res.setHeader("Vary", "Accept-Encoding");
  if (opened.encoding) res.setHeader("Content-Encoding", opened.encoding);
  /** Answers without a body, and lets the file go. */
  const finish = (status: number, headers: OutgoingHttpHeaders = {}) => {
    res.writeHead(status, headers);
    res.end();
    void opened.handle.close().catch(() => {});
  };
  if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) return finish(304);
  const range = byteRange(req.headers.range, opened.size);
  if (range === "unsatisfiable") return finish(416, { "Content-Range": `bytes */${opened.size}`, "Content-Length": 0 });
  const { start, end } = range ?? { start: 0, end: opened.size - 1 };
  const length = Math.max(0, end - start + 1);
  const status = range ? 206 : 200;
  const headers = { "Content-Length": length, ...(range ? { "Content-Range": `bytes ${start}-${end}/${opened.size}` } : {}) };
  if (req.method === "HEAD" || length === 0) return finish(status, headers);
  res.writeHead(status, headers);
  const stream = opened.handle.createReadStream({ start, end, autoClose: true });
  // A failed read cannot change a status already sent: end the connection, keep the server.
  stream.on("error", () => res.destroy());
  res.on("close", () => stream.destroy());
  stream.pipe(res);
}

export async function createSiteServer(dir: string): Promise<Server> {
  const root = path.resolve(dir);
  const notFoundPages = await readNotFoundPages(root);
  const headerRules = parseHeadersFile(await readFile(path.join(root, HEADERS_FILE), "utf8"));

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

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const urlPath = servablePath(req.url);
    setOnly(res, headersForPath(headerRules, urlPath ?? `/${NOT_FOUND_FILE}`));
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Method Not Allowed\n");
      return;
    }
    const opened = urlPath === undefined ? undefined : await openForPath(root, urlPath, acceptedEncodings(req.headers["accept-encoding"]));
    if (opened) sendFile(req, res, opened);
    else sendNotFound(req, res);
  };

  // Slow clients get 10 s to send their headers and 30 s for the whole request.
  return createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, (req, res) => {
    answer(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error\n");
      } else res.destroy();
    });
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
