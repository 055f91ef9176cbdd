// A self-signed certificate for test servers that speak HTTPS: nginx, and the stand-ins for the
// form provider (the one check-deploy asks, and the one WebKit reaches through its proxy).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { OPENSSL, toolPath } from "./tools.ts";

export interface Certificate {
  certificate: string;
  certificateKey: string;
}

/**
 * Writes a certificate for `names` (host names or IPv4 addresses; the first is its common name) and
 * its key into `dir`, valid one day.
 */
export async function selfSignedCertificate(dir: string, names: readonly string[]): Promise<Certificate> {
  const files = { certificate: path.join(dir, "cert.pem"), certificateKey: path.join(dir, "key.pem") };
  await promisify(execFile)(toolPath(OPENSSL), [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    `/CN=${names[0]}`,
    "-addext",
    `subjectAltName=${names.map((name) => (/^[\d.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(",")}`,
    "-keyout",
    files.certificateKey,
    "-out",
    files.certificate,
  ]);
  return files;
}
