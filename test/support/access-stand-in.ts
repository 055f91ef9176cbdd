// A stand-in for Cloudflare Access in front of the sign-in service, as Cloudflare's documentation
// describes it (Cloudflare Zero Trust: "One-time PIN login", "Validate JWTs", "Authorization
// cookie"), on one address of 127.0.0.1 that is both the service's public address and the Access
// team's domain:
//
// - a request for a protected path (/auth) without a valid CF_Authorization cookie is sent (302) to
//   the login page, which asks for an e-mail address; Access then e-mails a one-time PIN to an
//   address its policy allows, and to no other, while the page says "A code has been emailed to
//   you" either way ("By design, blocked users will not receive an email"); a PIN lasts ten minutes;
// - the right PIN sets the CF_Authorization cookie, a JSON Web Token Access signs with RS256 for the
//   application's audience (AUD) tag, and goes back to the address first asked;
// - each request to a protected path then reaches the service with that token in the
//   Cf-Access-Jwt-Assertion header (one a browser sends is replaced); every other path (the
//   editor's API calls) reaches it as sent;
// - the team's public keys are at /cdn-cgi/access/certs.
//
// The e-mails it would send are kept in `outbox`, where a test reads the PIN. Over plain HTTP on
// 127.0.0.1 the cookie is set without Secure, which Access always sets.
import { createPublicKey, generateKeyPairSync, randomInt, sign } from "node:crypto";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

export interface AccessStandIn {
  /** The service's public address, and the team domain (the tokens' issuer). */
  url: string;
  /** The application's audience tag. */
  audience: string;
  /** The one-time PINs sent, newest last. */
  outbox: { to: string; pin: string }[];
  /** Addresses the Access policy lets in; the policy is changed by changing this list. */
  policy: string[];
  close(): Promise<void>;
}

const COOKIE = "CF_Authorization";
const PIN_LIFETIME_MS = 10 * 60_000;
/** How long a sign-in lasts at Access: the application's session duration, 24 hours by default. */
const SESSION_SECONDS = 24 * 3600;
const PROTECTED = /^\/auth(\/|$)/;

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

async function formFields(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

export async function startAccess(options: { target: string; policy: string[] }): Promise<AccessStandIn> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = base64url(Buffer.from(String(randomInt(1e9))));
  const audience = `aud-${randomInt(1e9).toString(16)}`;
  /** The PINs sent, by the login's nonce and the PIN. */
  const pins = new Map<string, { email: string; expires: number; redirect: string }>();
  const outbox: AccessStandIn["outbox"] = [];
  let url = "";

  const token = (email: string) => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: "RS256", kid, typ: "JWT" }));
    const claims = base64url(
      JSON.stringify({
        aud: [audience],
        email,
        exp: now + SESSION_SECONDS,
        iat: now,
        nbf: now,
        iss: url,
        type: "app",
        sub: email,
      }),
    );
    return `${header}.${claims}.${base64url(sign("RSA-SHA256", Buffer.from(`${header}.${claims}`), privateKey))}`;
  };
  const issued = new Set<string>();
  const allows = (email: string) => access.policy.some((allowed) => allowed.toLowerCase() === email);

  const cookieOf = (req: IncomingMessage) =>
    (req.headers.cookie ?? "")
      .split(";")
      .map((part) => part.trim().split("="))
      .find(([name]) => name === COOKIE)?.[1];

  function proxy(req: IncomingMessage, res: ServerResponse, assertion?: string): void {
    const headers: Record<string, string | string[] | undefined> = {
      ...req.headers,
      host: new URL(options.target).host,
    };
    delete headers["cf-access-jwt-assertion"];
    if (assertion) headers["cf-access-jwt-assertion"] = assertion;
    const upstream = httpRequest(`${options.target}${req.url ?? "/"}`, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = new URL(req.url ?? "/", url);
    if (address.pathname === "/cdn-cgi/access/certs") {
      const jwk = { ...createPublicKey(privateKey).export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (address.pathname === "/cdn-cgi/access/login" && req.method === "GET") {
      const redirect = address.searchParams.get("redirect_url") ?? "/";
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          page(
            "Sign in to the site editor",
            `<p>Get a login code emailed to you</p><form method="post" action="/cdn-cgi/access/login"><input type="hidden" name="redirect_url" value="${redirect.replace(/"/g, "&quot;")}"><label>Email <input type="email" name="email" autocomplete="email" required></label><button type="submit">Send me a code</button></form>`,
          ),
        );
      return;
    }
    if (address.pathname === "/cdn-cgi/access/login" && req.method === "POST") {
      const fields = await formFields(req);
      const email = (fields.get("email") ?? "").trim().toLowerCase();
      const nonce = base64url(Buffer.from(String(randomInt(1e12))));
      if (allows(email)) {
        const pin = String(randomInt(100000, 1000000));
        outbox.push({ to: email, pin });
        pins.set(`${nonce}:${pin}`, {
          email,
          expires: Date.now() + PIN_LIFETIME_MS,
          redirect: fields.get("redirect_url") ?? "/",
        });
      }
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          page(
            "A code has been emailed to you",
            `<form method="post" action="/cdn-cgi/access/callback"><input type="hidden" name="nonce" value="${nonce}"><label>Code <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label><button type="submit">Sign in</button></form>`,
          ),
        );
      return;
    }
    if (address.pathname === "/cdn-cgi/access/callback" && req.method === "POST") {
      const fields = await formFields(req);
      const entry = pins.get(`${fields.get("nonce")}:${(fields.get("code") ?? "").trim()}`);
      if (!entry || entry.expires < Date.now() || !allows(entry.email)) {
        res
          .writeHead(403, { "content-type": "text/html; charset=utf-8" })
          .end(page("That code is not valid", "<p>Request a new code and try again.</p>"));
        return;
      }
      pins.delete(`${fields.get("nonce")}:${fields.get("code")}`);
      const jwt = token(entry.email);
      issued.add(jwt);
      res
        .writeHead(302, { location: entry.redirect, "set-cookie": `${COOKIE}=${jwt}; Path=/; HttpOnly; SameSite=Lax` })
        .end();
      return;
    }
    if (PROTECTED.test(address.pathname)) {
      const jwt = cookieOf(req);
      if (!jwt || !issued.has(jwt)) {
        const login = `/cdn-cgi/access/login?redirect_url=${encodeURIComponent(`${address.pathname}${address.search}`)}`;
        res.writeHead(302, { location: login }).end();
        return;
      }
      proxy(req, res, jwt);
      return;
    }
    proxy(req, res);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const access: AccessStandIn = {
    url,
    audience,
    outbox,
    policy: [...options.policy],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return access;
}
