// The estimate form's provider, stood in for at its own addresses: a local HTTPS server with a
// throwaway certificate for the provider's host names, and a proxy that takes every connection to
// those hosts there and refuses any other. A child process run with `environment()` asks the
// provider's real addresses (site.yaml's leadForm), over TLS, and reaches the stand-in, which
// records each request: nothing leaves the machine. Node's own proxy support does the routing
// (NODE_USE_ENV_PROXY, Node 24.5 or newer).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { connect, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Business } from "../../scripts/data/model.ts";
import { formProviderOrigins } from "./form-provider.ts";
import { selfSignedCertificate } from "./tls.ts";

export interface FormStandIn {
  /** Each request the stand-in answered, as "GET https://host/path". */
  requests: string[];
  /** From now on, answer `status` to requests for `url` (200 otherwise). */
  answer(url: string, status: number): void;
  /** The environment that sends a child's requests for the provider here, trusting `certificates` too (PEM files). */
  environment(...certificates: string[]): Promise<NodeJS.ProcessEnv>;
  close(): Promise<void>;
}

const listening = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};

export async function startFormStandIn(business: Business): Promise<FormStandIn> {
  const hosts = formProviderOrigins(business).map((origin) => new URL(origin).host);
  const tmp = await mkdtemp(path.join(tmpdir(), "form-stand-in-"));
  const { certificate, certificateKey: key } = await selfSignedCertificate(tmp, hosts);

  const requests: string[] = [];
  const statuses = new Map<string, number>();
  const provider = createHttpsServer({ key: await readFile(key), cert: await readFile(certificate) }, (req, res) => {
    const url = `https://${req.headers.host}${req.url}`;
    requests.push(`${req.method} ${url}`);
    res.writeHead(statuses.get(url) ?? 200, { "Content-Type": "text/plain" }).end("stand-in");
  });
  const providerPort = await listening(provider);

  const proxy = createHttpServer((_, res) => res.writeHead(403).end());
  const tunnels = new Set<Socket>();
  proxy.on("connect", (req, socket: Socket, head) => {
    if (!hosts.map((host) => `${host}:443`).includes(req.url ?? "")) {
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = connect(providerPort, "127.0.0.1", () => {
      tunnels.add(socket).add(upstream);
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  const proxyPort = await listening(proxy);

  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    requests,
    answer: (url, status) => statuses.set(url, status),
    async environment(...certificates) {
      const bundle = path.join(tmp, `trusted-${certificates.length}.pem`);
      const pems = await Promise.all([certificate, ...certificates].map((file) => readFile(file, "utf8")));
      await writeFile(bundle, pems.join("\n"));
      const proxyUrl = `http://127.0.0.1:${proxyPort}`;
      return {
        NODE_USE_ENV_PROXY: "1",
        HTTPS_PROXY: proxyUrl,
        HTTP_PROXY: proxyUrl,
        NO_PROXY: "127.0.0.1,localhost",
        NODE_EXTRA_CA_CERTS: bundle,
      };
    },
    async close() {
      for (const socket of tunnels) socket.destroy();
      await Promise.all([close(provider), close(proxy)]);
      await rm(tmp, { recursive: true, force: true });
    },
  };
}
