// The local server under hostile and malformed requests, sent as raw bytes: path traversal in
// plain and encoded forms, NUL bytes, 10 KB paths, broken percent-encoding, unusual methods, huge
// headers. It must never answer 5xx, never hand out a file from outside dist/, and keep serving.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawExchange, type RawExchange } from "./support/http.ts";
import { ROOT } from "./support/paths.ts";
import { serveSharedSite, type BuiltSite } from "./support/site.ts";

let site: BuiltSite;
let port: number;
/** A file beside dist/ that no request may ever read. */
const SECRET = `secret-${process.pid}-beside-dist`;

beforeAll(async () => {
  site = await serveSharedSite();
  port = Number(new URL(site.url).port);
  await writeFile(path.join(path.dirname(site.dir), "secret.txt"), SECRET);
});

afterAll(async () => {
  await site?.close();
});

const get = (target: string, method = "GET", extraHeaders = "") =>
  `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`;

/** Ways to climb out of dist/: plain, percent-encoded once and twice, with backslashes, mixed. */
const TRAVERSALS = [
  "../",
  "..%2f",
  "..%2F",
  "%2e%2e/",
  "%2e%2e%2f",
  "%2E%2E%2F",
  ".%2e/",
  "%2e./",
  "%252e%252e/",
  "%252e%252e%252f",
  "..%252f",
  "..\\",
  "..%5c",
  "%2e%2e%5c",
  "%252e%252e%255c",
  "%c0%ae%c0%ae/",
  "%uff0e%uff0e/",
  "....//",
  "..;/",
  ".../",
];
const TARGETS = [
  "secret.txt",
  "package.json",
  "etc/passwd",
  "../../../../../../../../etc/passwd",
  "work/main/package.json",
];

function traversalRequests(): string[] {
  const requests: string[] = [];
  for (const climb of TRAVERSALS) {
    for (const target of TARGETS) requests.push(get(`/${climb}${target}`));
    requests.push(get(`/towns/${climb.repeat(6)}package.json`));
    requests.push(get(`/${climb.repeat(12)}etc/passwd`, "HEAD"));
  }
  return requests;
}

function malformedRequests(): string[] {
  const longSegment = "a".repeat(10 * 1024);
  return [
    // absolute paths and odd request targets
    get("/etc/passwd"),
    get(`/${ROOT}/package.json`),
    get("//etc/passwd"),
    get("http://127.0.0.1/../package.json"),
    get("*"),
    get("/\\..\\..\\package.json"),
    get("\\..\\package.json"),
    get("/..\\..\\secret.txt"),
    // NUL bytes, encoded and raw
    get("/index.html%00"),
    get("/index.html%00.txt"),
    get("/%00"),
    get("/%00../../package.json"),
    get("/contact\0.html"),
    "GET /\0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    // overlong paths: 10 KB and more
    get(`/${longSegment}`),
    get(`/towns/${longSegment}`),
    get(`/${"../".repeat(3500)}etc/passwd`),
    get(`/${"%2e%2e%2f".repeat(1200)}etc/passwd`),
    get(`/${"a/".repeat(5200)}`),
    get(`/?${longSegment}`),
    // invalid percent-encoding
    get("/%"),
    get("/%%"),
    get("/%zz"),
    get("/%e0%a4"),
    get("/%ff"),
    get("/%c0"),
    get("/contact%"),
    get("/%2"),
    get("/towns/%E2%82"),
    get("/%u002e%u002e/package.json"),
    // odd methods
    ...[
      "POST",
      "PUT",
      "DELETE",
      "PATCH",
      "OPTIONS",
      "TRACE",
      "CONNECT",
      "PROPFIND",
      "MKCOL",
      "LOCK",
      "FOO",
      "get",
      "G3T",
      "X".repeat(300),
    ].map((method) => get(method === "CONNECT" ? "127.0.0.1:80" : "/", method)),
    get("/../package.json", "POST"),
    get("/", "DELETE", "Content-Length: 5\r\n").replace("\r\n\r\n", "\r\n\r\nhello"),
    // huge and broken headers
    get("/", "GET", `X-Big: ${"b".repeat(64 * 1024)}\r\n`),
    get("/", "GET", `Cookie: ${"c=1; ".repeat(4000)}\r\n`),
    get("/", "GET", Array.from({ length: 2000 }, (_, i) => `X-H${i}: v\r\n`).join("")),
    get("/", "GET", "X-Nul: a\0b\r\n"),
    get("/", "GET", "Bad Header Name: x\r\n"),
    get("/", "GET", ": no-name\r\n"),
    get("/", "GET", "Host: second.example\r\n"),
    get("/", "GET", "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n"),
    get("/", "GET", "Content-Length: -1\r\n"),
    get("/", "GET", "Content-Length: abc\r\n"),
    get("/", "GET", `Accept-Encoding: ${"br;q=0, ".repeat(1500)}gzip\r\n`),
    get("/", "GET", "If-None-Match: *\r\n"),
    get("/", "GET", "If-Modified-Since: not a date\r\n"),
    // ranges a careless handler would trust
    ...[
      "bytes=10-5",
      "bytes=-5",
      "bytes=abc",
      "bytes=0-0,5-9",
      "bytes=99999999999999999999-",
      "bytes=5-",
      "bytes=-",
      "items=0-5",
      "bytes=0-1e9",
    ].map((range) => get("/robots.txt", "GET", `Range: ${range}\r\n`)),
    // not HTTP/1.1
    "GET /\r\n\r\n",
    "GET / HTTP/9.9\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    "\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03",
    "GET / HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n",
    `\r\n\r\n${get("/../secret.txt")}`,
    "GET/HTTP/1.1\r\n\r\n",
  ];
}

const FORBIDDEN_CONTENT = [
  { name: "the file beside dist/", text: SECRET },
  { name: "/etc/passwd", text: "root:x:0:0" },
  { name: "package.json", text: '"devDependencies"' },
  { name: "dist/_headers", text: "Do not edit: change the data" },
];

describe("hostile and malformed requests", () => {
  it("never answer 5xx, never serve a file outside dist/, and leave the server answering", async () => {
    const packageJson = await readFile(path.join(ROOT, "package.json"), "utf8");
    expect(packageJson).toContain('"devDependencies"');
    const requests = [...traversalRequests(), ...malformedRequests()];
    expect(requests.length).toBeGreaterThanOrEqual(200);

    const results: { request: string; exchange: RawExchange }[] = [];
    for (let i = 0; i < requests.length; i += 8) {
      const batch = requests.slice(i, i + 8);
      const exchanges = await Promise.all(batch.map((request) => rawExchange(port, request)));
      exchanges.forEach((exchange, j) => results.push({ request: batch[j]!, exchange }));
    }

    const label = (request: string) => JSON.stringify(request.split("\r\n")[0]!.slice(0, 100));
    for (const { request, exchange } of results) {
      expect(exchange.timedOut, `${label(request)} hung`).toBe(false);
      if (exchange.status !== undefined) expect(exchange.status, label(request)).toBeLessThan(500);
      for (const { name, text } of FORBIDDEN_CONTENT) {
        expect(exchange.text.includes(text), `${label(request)} leaked ${name}`).toBe(false);
      }
    }
    // Every path that climbs out of dist/ is simply not found (or refused as malformed).
    for (const { request, exchange } of results.filter(({ request }) =>
      /\.\.|%2e|%252e|passwd|%c0%ae|%uff0e/i.test(request),
    )) {
      if (exchange.status !== undefined) expect([400, 404, 405, 431], label(request)).toContain(exchange.status);
    }
    const answered = results.filter(({ exchange }) => exchange.status !== undefined).length;
    console.log(`hostile requests: ${results.length} sent, ${answered} answered, none 5xx, nothing leaked`);

    const after = await rawExchange(port, get("/"));
    expect(after.status).toBe(200);
    expect(after.text).toContain("Content-Security-Policy:");
  });

  it("answers a reversed or malformed Range with the whole file rather than hanging", async () => {
    const robots = await readFile(path.join(site.dir, "robots.txt"), "latin1");
    for (const range of ["bytes=10-5", "bytes=-5", "bytes=0-0,5-9", "bytes=abc"]) {
      const exchange = await rawExchange(
        port,
        get("/robots.txt", "GET", `Range: ${range}\r\nAccept-Encoding: identity\r\n`),
      );
      expect(exchange.status, range).toBe(200);
      expect(exchange.text.endsWith(robots), range).toBe(true);
    }
    const partial = await rawExchange(
      port,
      get("/robots.txt", "GET", "Range: bytes=0-9\r\nAccept-Encoding: identity\r\n"),
    );
    expect(partial.status).toBe(206);
    expect(partial.text.endsWith(robots.slice(0, 10))).toBe(true);
  });
});
