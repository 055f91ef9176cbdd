// The generated nginx config on the real nginx, started on 127.0.0.1 over a freshly built dist/ (or
// a build it is given) with a throwaway certificate for localhost and 127.0.0.1: HTTPS as in
// production, and the plain-HTTP server that only redirects. Used by test/nginx.test.ts,
// test/check-deploy.test.ts and test/observatory.test.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate } from "../../scripts/pipeline/generate.ts";
import { HEADERS_FILE, parseHeadersFile } from "../../scripts/headers/headers-file.ts";
import { nginxConfigFor } from "../../scripts/headers/nginx-command.ts";
import type { HeaderRule } from "../../scripts/headers/rules.ts";
import { freePort } from "./http.ts";
import { DATA_DIR } from "./paths.ts";
import { selfSignedCertificate } from "./tls.ts";
import { NGINX, toolPath } from "./tools.ts";

const MIME_TYPES = "/etc/nginx/mime.types";

export interface NginxSite {
  /** The temporary folder that holds everything, dist/ among it unless it was given one. */
  tmp: string;
  dist: string;
  rules: HeaderRule[];
  /** The HTTPS address serving the site. */
  site: string;
  /** The plain-HTTP address that only redirects. */
  redirector: string;
  /** The site's certificate, which a client can be told to trust (NODE_EXTRA_CA_CERTS). */
  certificate: string;
  close(): Promise<void>;
}

async function waitForPort(port: number, process: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) break;
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: "127.0.0.1", port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = await readFile(errorLog, "utf8").catch(() => "");
  throw new Error(`nginx did not start on port ${port}:\n${log}`);
}

interface NginxStart {
  /** A build to serve, which nginx only reads; by default one of its own in its temporary folder. */
  dist?: string;
  /**
   * Plain HTTP sent to this server's own HTTPS address rather than to site.yaml's url, so that a
   * client can follow the redirect without leaving the machine.
   */
  redirectHere?: boolean;
}

export async function startNginx(options: NginxStart = {}): Promise<NginxSite> {
  const tmp = await mkdtemp(path.join(tmpdir(), "site-nginx-"));
  let nginx: ChildProcess | undefined;
  const close = async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    await rm(tmp, { recursive: true, force: true });
  };
  try {
    const dist = options.dist ?? path.join(tmp, "dist");
    if (!options.dist) await generate({ dataDir: DATA_DIR, outDir: dist });
    const rules = parseHeadersFile(await readFile(path.join(dist, HEADERS_FILE), "utf8"));

    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const tls = await selfSignedCertificate(tmp, ["localhost", "127.0.0.1"]);
    const siteConfig = await nginxConfigFor({
      dataDir: DATA_DIR,
      outDir: dist,
      serverNames: ["localhost"],
      ...(options.redirectHere ? { canonicalOrigin: `https://127.0.0.1:${httpsPort}` } : {}),
      plainHttp: false,
      ...tls,
      listenHttp: [`127.0.0.1:${httpPort}`],
      listenHttps: [`127.0.0.1:${httpsPort}`],
    });

    const temp = (name: string) => path.join(tmp, name);
    await Promise.all(["body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => mkdir(temp(name))));
    await writeFile(temp("site.conf"), siteConfig);
    const runningAsRoot = process.getuid?.() === 0;
    await writeFile(
      temp("nginx.conf"),
      [
        "daemon off;",
        "worker_processes 1;",
        `pid ${temp("nginx.pid")};`,
        `error_log ${temp("error.log")} warn;`,
        // As root, workers would run as nobody and could not read the temporary folder.
        runningAsRoot ? "user root;" : "",
        "events { worker_connections 256; }",
        "http {",
        existsSync(MIME_TYPES) ? `  include ${MIME_TYPES};` : "",
        "  default_type application/octet-stream;",
        "  access_log off;",
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (kind) => `  ${kind}_temp_path ${temp(kind === "client_body" ? "body" : kind)};`,
        ),
        `  include ${temp("site.conf")};`,
        "}",
        "",
      ].join("\n"),
    );
    nginx = spawn(toolPath(NGINX), ["-p", tmp, "-c", temp("nginx.conf"), "-e", temp("error.log")], { stdio: "ignore" });
    await waitForPort(httpsPort, nginx, temp("error.log"));
    return {
      tmp,
      dist,
      rules,
      site: `https://127.0.0.1:${httpsPort}`,
      redirector: `http://127.0.0.1:${httpPort}`,
      certificate: tls.certificate,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
