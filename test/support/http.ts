// HTTP for server tests: plain requests through node:http(s), which hand back status, headers and
// body exactly as sent, and raw bytes over a socket for requests no HTTP client would send.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { connect, createServer } from "node:net";

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET (or another method) one URL; certificates are not checked, for a test's self-signed one. */
export function fetchRaw(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<HttpResponse> {
  const request = url.startsWith("https:") ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? "GET", headers: options.headers ?? {}, rejectUnauthorized: false, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

export interface RawExchange {
  /** The status code of the first response line, or undefined if the server sent none. */
  status: number | undefined;
  /** Everything the server sent, as latin1 text. */
  text: string;
  /** True if the server neither answered nor closed within the time limit. */
  timedOut: boolean;
}

/** Writes `bytes` to host:port and collects what comes back until the server closes the socket. */
export function rawExchange(port: number, bytes: string | Buffer, timeoutMs = 5_000): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      const status = /^HTTP\/\d\.\d (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : undefined, text, timedOut });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => finish(false));
    socket.on("close", () => finish(false));
    socket.on("error", () => finish(false));
    socket.on("connect", () => socket.write(bytes));
  });
}

/** A port on 127.0.0.1 that nothing listens on now, for a server a test starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
