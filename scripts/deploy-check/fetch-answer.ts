// One request to the live site, as a browser meets the answer: the status, every header line as
// sent, and the body decoded. node:http rather than fetch(), which joins a header sent twice into
// one value: a second Content-Security-Policy added by a host's dashboard would hide inside the
// first. Redirects are not followed; each is an answer of its own. HTTPS_PROXY and the like are
// honoured where Node is told to (NODE_USE_ENV_PROXY=1).
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { SentHeaders } from "./servers.ts";

export interface LiveAnswer {
  status: number;
  headers: SentHeaders;
  /** The body, decoded from the Content-Encoding it was sent in. */
  body: Buffer;
}

/** More than any file of the site: a server that sends more is not sending the site. */
const MAX_BODY = 16 * 1024 * 1024;

const USER_AGENT = "sitegen-check-deploy";

function headerLines(response: IncomingMessage): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (let index = 0; index + 1 < response.rawHeaders.length; index += 2) {
    const name = response.rawHeaders[index]!.toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), response.rawHeaders[index + 1]!]);
  }
  return headers;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? "identity").trim().toLowerCase()) {
    case "identity":
      return body;
    case "gzip":
    case "x-gzip":
      return gunzipSync(body);
    case "br":
      return brotliDecompressSync(body);
    case "deflate":
      return inflateSync(body);
    default:
      throw new Error(`sent in an encoding browsers do not read (Content-Encoding: ${encoding})`);
  }
}

/** GETs `url`; rejects with a short reason when no whole answer comes within `timeoutMs`. */
export function fetchAnswer(url: URL, timeoutMs: number): Promise<LiveAnswer> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "GET",
      headers: { "User-Agent": USER_AGENT, "Accept-Encoding": "br, gzip", Accept: "*/*" },
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY) req.destroy(new Error(`more than ${MAX_BODY / 1024 / 1024} MiB sent`));
        else chunks.push(chunk);
      });
      response.on("end", () => {
        clearTimeout(timer);
        const headers = headerLines(response);
        try {
          const body = decoded(Buffer.concat(chunks), headers.get("content-encoding")?.join(","));
          resolve({ status: response.statusCode ?? 0, headers, body });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      response.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}
