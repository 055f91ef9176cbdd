// dist/ holds a .br and a .gz beside every text file, each decompressing to the file itself, and the
// server sends the one the client accepts (or the file as written when it accepts neither).
import { request } from "node:http";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncodings } from "../scripts/serve/encodings.ts";
import { COMPRESSIBLE_FILE, compressedSiblings } from "../scripts/lib/compress.ts";
import { BuildCache } from "../scripts/lib/cache.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import { buildRoutes } from "../scripts/pages/routes.ts";
import { serve } from "../scripts/serve/server.ts";
import { readTree } from "./support/files.ts";
import { DATA_DIR } from "./support/paths.ts";
import { closeServer, sharedBuild } from "./support/site.ts";
import { pagesWritten } from "./support/pages.ts";

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with node:http, which (unlike fetch) hands back the body exactly as sent. */
function rawGet(url: string, acceptEncoding: string | undefined): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decode(response: RawResponse): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "gzip") return gunzipSync(response.body);
  if (encoding === undefined) return response.body;
  throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
}

describe("acceptedEncodings", () => {
  it("reads the encodings a client accepts, brotli first", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("BR;q=0.5")).toEqual(["br"]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings("")).toEqual([]);
    expect(acceptedEncodings("identity")).toEqual([]);
  });

  it("honours q=0 and the wildcard", () => {
    expect(acceptedEncodings("br;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("gzip;q=0")).toEqual([]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("*;q=0.1, br;q=0")).toEqual(["gzip"]);
  });
});

describe("compressedSiblings", () => {
  it("makes a .br and a .gz of each text file, none of an image, and keeps both in its cache", async () => {
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const text = "<!DOCTYPE html><p>Drainage, grading and site work</p>".repeat(20);
    const cacheDir = await mkdtemp(path.join(tmpdir(), "site-brotli-"));
    const cache = new BuildCache(cacheDir);
    expect(await compressedSiblings("og/site.png", png, cache)).toEqual([]);
    const siblings = await compressedSiblings("index.html", text, cache);
    expect(siblings.map(([file]) => file)).toEqual(["index.html.br", "index.html.gz"]);
    const [br, gz] = siblings.map(([, bytes]) => bytes);
    expect(brotliDecompressSync(br!).toString()).toBe(text);
    expect(gunzipSync(gz!).toString()).toBe(text);
    expect(
      (await compressedSiblings("robots.txt", new TextEncoder().encode("User-agent: *\n"), cache)).map(
        ([file]) => file,
      ),
    ).toEqual(["robots.txt.br", "robots.txt.gz"]);
    expect(await readdir(path.join(cacheDir, "compressed"))).toHaveLength(4);
    // A second run reads both from the cache: the same bytes.
    const again = await compressedSiblings("index.html", text, cache);
    expect(Buffer.from(again[0]![1]).equals(br!)).toBe(true);
    expect(Buffer.from(again[1]![1]).equals(gz!)).toBe(true);
    await rm(cacheDir, { recursive: true, force: true });
  });
});

describe("precompressed output", () => {
  let dir: string;
  let tree: Map<string, Buffer>;

  beforeAll(async () => {
    // generate's output for data/, with its copies: the run's shared build (support/site.ts).
    dir = await sharedBuild();
    tree = await readTree(dir);
  });

  it("has a .br and a .gz for every HTML, CSS, JS, XML, SVG, TXT and JSON file, decompressing to it", async () => {
    const originals = [...tree.keys()].filter((file) => COMPRESSIBLE_FILE.test(file));
    // The pages of the route table, the not-found page, the pages the editor's preview links open, and the editor's.
    const pages = pagesWritten(buildRoutes(buildModel(await loadData(DATA_DIR))));
    expect(originals.filter((file) => file.endsWith(".html"))).toHaveLength(pages + 1);
    expect(originals).toEqual(expect.arrayContaining(["sitemap.xml", "robots.txt", "favicon.svg"]));
    for (const file of originals) {
      const original = tree.get(file)!;
      const br = tree.get(`${file}.br`);
      const gz = tree.get(`${file}.gz`);
      expect(br, `${file}.br`).toBeDefined();
      expect(gz, `${file}.gz`).toBeDefined();
      expect(brotliDecompressSync(br!).equals(original), `${file}.br decompresses to ${file}`).toBe(true);
      expect(gunzipSync(gz!).equals(original), `${file}.gz decompresses to ${file}`).toBe(true);
      // A file of a few bytes (the editor's empty status answer) cannot get smaller.
      if (original.length < 64) continue;
      expect(br!.length, `${file}.br is smaller`).toBeLessThan(original.length);
    }
  });

  it("has no compressed file without its original, and does not compress images", () => {
    for (const file of tree.keys()) {
      const original = file.replace(/\.(br|gz)$/, "");
      if (original !== file) {
        expect(tree.has(original), `${file} has ${original}`).toBe(true);
        expect(COMPRESSIBLE_FILE.test(original), `${original} is text`).toBe(true);
      }
    }
  });

  describe("served", () => {
    let url: string;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const served = await serve({ dir, port: 0 });
      url = served.url;
      close = () => closeServer(served.server);
    });

    afterAll(async () => {
      await close();
    });

    const cases = [
      { acceptEncoding: "gzip, deflate, br, zstd", expected: "br" },
      { acceptEncoding: "br", expected: "br" },
      { acceptEncoding: "gzip", expected: "gzip" },
      { acceptEncoding: "br;q=0, gzip", expected: "gzip" },
      { acceptEncoding: "identity", expected: undefined },
      { acceptEncoding: undefined, expected: undefined },
    ] as const;

    const paths = [
      { urlPath: "/", file: "index.html", status: 200 },
      { urlPath: "/towns/mattoon", file: "towns/mattoon.html", status: 200 },
      { urlPath: "/services/road-building", file: "services/road-building.html", status: 200 },
      { urlPath: "/sitemap.xml", file: "sitemap.xml", status: 200 },
      { urlPath: "/robots.txt", file: "robots.txt", status: 200 },
      { urlPath: "/favicon.svg", file: "favicon.svg", status: 200 },
      { urlPath: "/no-such-page", file: "404.html", status: 404 },
    ];

    for (const { acceptEncoding, expected } of cases) {
      it(`answers Accept-Encoding ${acceptEncoding ?? "(none)"} with ${expected ?? "the file as written"}`, async () => {
        for (const { urlPath, file, status } of paths) {
          const response = await rawGet(`${url}${urlPath}`, acceptEncoding);
          const label = `${urlPath} with Accept-Encoding ${acceptEncoding ?? "(none)"}`;
          expect(response.status, label).toBe(status);
          expect(response.headers["content-encoding"], label).toBe(expected);
          expect(String(response.headers["vary"]), label).toMatch(/accept-encoding/i);
          expect(Number(response.headers["content-length"]), label).toBe(response.body.length);
          expect(decode(response).equals(tree.get(file)!), `${label} decodes to ${file}`).toBe(true);
        }
      });
    }

    it("keeps the content type of the original file", async () => {
      const page = await rawGet(`${url}/towns/mattoon`, "br");
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      const sitemap = await rawGet(`${url}/sitemap.xml`, "gzip");
      expect(sitemap.headers["content-type"]).toMatch(/xml/);
      const icon = await rawGet(`${url}/favicon.svg`, "br");
      expect(icon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    });
  });
});
