// The servers a deploy of the site can be on, and which one answered, told by the headers of its
// answer. Light on purpose: the command line reads the list for its options without loading the
// check itself.

/** `sitegen serve` (and `npm start`), nginx with the generated config, and the two static hosts. */
export const SERVERS = ["sitegen", "nginx", "netlify", "cloudflare"] as const;
export type Server = (typeof SERVERS)[number];

export const SERVER_NAMES: Record<Server, string> = {
  sitegen: "sitegen serve",
  nginx: "nginx",
  netlify: "Netlify",
  cloudflare: "Cloudflare",
};

/** Header lines by lower-case name, each value as sent: a header sent twice has two values. */
export type SentHeaders = ReadonlyMap<string, readonly string[]>;

export interface Detected {
  server: Server;
  /** The header that told, as `name: value`. */
  evidence: string;
}

/**
 * The server an answer came from, by the headers each sends on every answer: Netlify's `Server:
 * Netlify` and `X-Nf-Request-Id`, Cloudflare's `CF-Ray` and `Server: cloudflare`, nginx's
 * `Server: nginx`. Undefined for `sitegen serve`, which names no server, and for any other.
 * Behind Cloudflare's proxy, any server answers with Cloudflare's headers: tell the command which.
 */
export function detectServer(headers: SentHeaders): Detected | undefined {
  const first = (name: string) => headers.get(name)?.[0];
  const server = first("server") ?? "";
  const said = (name: string, value: string) => `${name}: ${value}`;
  if (/^netlify\b/i.test(server)) return { server: "netlify", evidence: said("Server", server) };
  if (first("x-nf-request-id"))
    return { server: "netlify", evidence: said("X-Nf-Request-Id", first("x-nf-request-id")!) };
  if (/^cloudflare\b/i.test(server)) return { server: "cloudflare", evidence: said("Server", server) };
  if (first("cf-ray")) return { server: "cloudflare", evidence: said("CF-Ray", first("cf-ray")!) };
  if (/^nginx\b/i.test(server)) return { server: "nginx", evidence: said("Server", server) };
  return undefined;
}
