// Mozilla's HTTP Observatory: its own scanner, the npm package @mdn/mdn-http-observatory (installed
// by `npm run test:tools` into test/tools/observatory/, apart from the site), run against a server
// of the tests over HTTPS, in a process of its own that trusts the server's throwaway certificate
// (support/observatory-scan.ts).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./paths.ts";
import { observatoryPackage } from "./tools.ts";

export interface ObservatoryReport {
  path: string;
  score: number;
  grade: string;
  /** Each of the scanner's tests: its result, whether it passed, and what it adds to the score. */
  tests: { name: string; result: string; pass: boolean; modifier: number }[];
}

export interface ScannedServer {
  /** The HTTPS origin, https://127.0.0.1:port. */
  origin: string;
  /** The port of the plain-HTTP server beside it. */
  httpPort: number;
  /** The certificate the HTTPS server presents, which the scanner is told to trust. */
  certificate: string;
}

const SCANNER = path.join(ROOT, "test", "support", "observatory-scan.ts");

/** The scanner's report for each path, scanned one after another as the Observatory scans a site. */
export async function observatoryScan(server: ScannedServer, paths: readonly string[]): Promise<ObservatoryReport[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", SCANNER, observatoryPackage(), server.origin, String(server.httpPort), ...paths],
    { cwd: ROOT, env: { ...process.env, NODE_EXTRA_CA_CERTS: server.certificate }, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as ObservatoryReport[];
}
