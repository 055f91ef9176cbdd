// The local server under load: `sitegen serve` in its own process, 100 concurrent connections on
// 127.0.0.1 for 8 seconds across pages and files, then 2 seconds of the 404 page (10 s in all). Every request
// must be answered; the speed is printed for the record, not judged.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT } from "./support/paths.ts";
import { sharedBuild } from "./support/site.ts";

let server: ChildProcess | undefined;
let url: string;

beforeAll(async () => {
  const dir = await sharedBuild();
  server = spawn(process.execPath, [path.join(ROOT, "bin", "sitegen.js"), "serve", "--out", dir, "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  url = await new Promise<string>((resolve, reject) => {
    let output = "";
    server!.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (match) resolve(match[0]);
    });
    server!.once("exit", (code) => reject(new Error(`the server exited with code ${code}: ${output}`)));
  });
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
});

it("answers every request of 100 concurrent connections without an error", async () => {
  const paths = ["/", "/contact", "/services/culvert", "/towns/mattoon", "/towns", "/favicon.svg"];
  const result = await autocannon({
    url,
    connections: 100,
    duration: 8,
    timeout: 10,
    headers: { "accept-encoding": "br, gzip" },
    requests: paths.map((urlPath) => ({ path: urlPath })),
  });
  const notFound = await autocannon({ url: `${url}/no-such-page`, connections: 100, duration: 2, timeout: 10 });
  console.log(
    `load: ${Math.round(result.requests.average)} req/s average over ${result.duration} s at 100 connections ` +
      `(${result.requests.total} requests, p99 latency ${result.latency.p99} ms, ` +
      `${Math.round(result.throughput.average / 1024)} KiB/s); 404 page: ${Math.round(notFound.requests.average)} req/s`,
  );
  expect(result.requests.total).toBeGreaterThan(0);
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.non2xx).toBe(0);
  expect(notFound.requests.total).toBeGreaterThan(0);
  expect(notFound.errors).toBe(0);
  expect(notFound.timeouts).toBe(0);
  expect(Object.keys(notFound.statusCodeStats)).toEqual(["404"]);
}, 60_000);
