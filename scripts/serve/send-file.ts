// Sends an opened file: 200, 206 for a single byte range, 416 past its end, or 304 when the
// client's copy is current; HEAD gets the same headers and no body.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { contentType } from "../headers/content-types.ts";
import type { OpenedFile } from "./open-file.ts";
import { usableRange } from "./request-guard.ts";

/** The byte range a usable Range header asks of a file of `size` bytes, or "unsatisfiable". */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  const range = usableRange(header);
  if (!range) return undefined;
  const [first = "", last = ""] = range.slice("bytes=".length).split("-");
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

export function sendFile(req: IncomingMessage, res: ServerResponse, opened: OpenedFile): void {
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
  if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*"))
    return finish(304);
  const range = byteRange(req.headers.range, opened.size);
  if (range === "unsatisfiable") return finish(416, { "Content-Range": `bytes */${opened.size}`, "Content-Length": 0 });
  const { start, end } = range ?? { start: 0, end: opened.size - 1 };
  const length = Math.max(0, end - start + 1);
  const status = range ? 206 : 200;
  const headers = {
    "Content-Length": length,
    ...(range ? { "Content-Range": `bytes ${start}-${end}/${opened.size}` } : {}),
  };
  if (req.method === "HEAD" || length === 0) return finish(status, headers);
  res.writeHead(status, headers);
  const stream = opened.handle.createReadStream({ start, end, autoClose: true });
  // A failed read cannot change a status already sent: end the connection, keep the server.
  stream.on("error", () => res.destroy());
  res.on("close", () => stream.destroy());
  stream.pipe(res);
}

/** Sends a page as rewritten text (the dev server's pages): whole, never ranged or compressed. */
export async function sendRewrittenPage(
  req: IncomingMessage,
  res: ServerResponse,
  opened: OpenedFile,
  status: number,
  rewrite: (html: string) => string,
): Promise<void> {
  const html = await opened.handle.readFile("utf8").finally(() => opened.handle.close().catch(() => {}));
  const body = Buffer.from(rewrite(html));
  res.writeHead(status, { "Content-Type": contentType(opened.file), "Content-Length": body.length });
  res.end(req.method === "HEAD" ? undefined : body);
}
