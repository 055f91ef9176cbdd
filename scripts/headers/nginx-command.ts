// `sitegen nginx`: the nginx config for a built dist/, from its _headers file and site.yaml. Every
// value written into it (site.yaml's host, --server-name, the paths, the listen addresses) is held
// to a rule by nginx-config.ts first; a name is a host name by data/'s one rule.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { HEADERS_FILE, parseHeadersFile } from "./headers-file.ts";
import { loadData } from "../data/load.ts";
import { buildModel } from "../data/model.ts";
import { renderNginxConfig, type NginxOptions } from "./nginx-config.ts";

export interface NginxCommandOptions {
  dataDir: string;
  /** The built site whose _headers the config repeats. */
  outDir: string;
  /** Where dist/ lives on the server; defaults to outDir. */
  root?: string;
  /** Defaults to the host of site.yaml's url. */
  serverNames?: string[];
  /** Where plain HTTP is sent; defaults to the origin of site.yaml's url. */
  canonicalOrigin?: string;
  /** Serve plain HTTP only, for a proxy in front that terminates TLS. */
  plainHttp?: boolean;
  certificate?: string;
  certificateKey?: string;
  listenHttp?: string[];
  listenHttps?: string[];
}

export async function nginxConfigFor(options: NginxCommandOptions): Promise<string> {
  // The data first: a value the config would be written from is refused at its line, whatever dist/ holds.
  const { business } = buildModel(await loadData(options.dataDir));
  const headersFile = path.join(options.outDir, HEADERS_FILE);
  const text = await readFile(headersFile, "utf8").catch(() => {
    throw new Error(`${headersFile} is missing: run \`sitegen generate\` first`);
  });
  const site = new URL(business.url);
  const serverNames = options.serverNames?.length ? options.serverNames : [site.hostname];
  const live = `/etc/letsencrypt/live/${serverNames[0]}`;
  const nginx: NginxOptions = {
    root: path.resolve(options.root ?? options.outDir),
    serverNames,
    canonicalOrigin: options.canonicalOrigin ?? site.origin,
    listenHttp: options.listenHttp ?? ["80", "[::]:80"],
    tls: options.plainHttp
      ? undefined
      : {
          listen: options.listenHttps ?? ["443", "[::]:443"],
          certificate: options.certificate ?? `${live}/fullchain.pem`,
          certificateKey: options.certificateKey ?? `${live}/privkey.pem`,
        },
  };
  return renderNginxConfig(parseHeadersFile(text), nginx);
}
