// Who signed in: Cloudflare Access, in front of the sign-in address, asks for the person's e-mail
// address and a one-time PIN it e-mails them ("One-time PIN login", Cloudflare Zero Trust), then
// passes each request on with a JSON Web Token it signed, in the Cf-Access-Jwt-Assertion header.
// The service trusts that token only after checking it as Cloudflare's "Validate JWTs" says: signed
// (RS256) by one of the team's keys, published at <team domain>/cdn-cgi/access/certs; issued by the
// team domain; for this application (its AUD tag among the token's audiences); not expired.
import { fromBase64url } from "./session.ts";

interface Jwk {
  kid: string;
  kty: string;
  n: string;
  e: string;
  alg?: string;
}

interface AccessClaims {
  aud?: string | string[];
  iss?: string;
  exp?: number;
  nbf?: number;
  email?: string;
}

/** The team's keys, as one isolate keeps them for a while; fetched again for a key it does not know. */
let keys: { domain: string; fetched: number; keys: Jwk[] } | undefined;
const KEYS_KEPT_MS = 3600_000;

async function teamKeys(teamDomain: string, kid: string): Promise<Jwk | undefined> {
  const fresh = keys && keys.domain === teamDomain && Date.now() - keys.fetched < KEYS_KEPT_MS;
  if (!fresh || !keys!.keys.some((key) => key.kid === kid)) {
    const response = await fetch(`${teamDomain}/cdn-cgi/access/certs`);
    if (!response.ok) return undefined;
    keys = { domain: teamDomain, fetched: Date.now(), keys: ((await response.json()) as { keys: Jwk[] }).keys };
  }
  return keys!.keys.find((key) => key.kid === kid);
}

const decodeJson = <T>(part: string): T => JSON.parse(new TextDecoder().decode(fromBase64url(part))) as T;

/**
 * The e-mail address Cloudflare Access vouches for in `token`, in lower case; undefined when the
 * token is missing, not signed by the team, not for this application, or expired.
 */
export async function accessEmail(
  token: string | null,
  teamDomain: string,
  audience: string,
  now = Date.now(),
): Promise<string | undefined> {
  const [header, payload, signature, ...rest] = (token ?? "").split(".");
  if (!header || !payload || !signature || rest.length > 0) return undefined;
  try {
    const { alg, kid } = decodeJson<{ alg?: string; kid?: string }>(header);
    if (alg !== "RS256" || !kid) return undefined;
    const jwk = await teamKeys(teamDomain, kid);
    if (!jwk) return undefined;
    const key = await crypto.subtle.importKey(
      "jwk",
      { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: "RS256", ext: true },
      { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
      false,
      ["verify"],
    );
    const signed = new TextEncoder().encode(`${header}.${payload}`);
    if (!(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, fromBase64url(signature), signed))) return undefined;
    const claims = decodeJson<AccessClaims>(payload);
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    const seconds = now / 1000;
    if (claims.iss !== teamDomain || !audiences.includes(audience)) return undefined;
    if (!claims.exp || claims.exp < seconds || (claims.nbf !== undefined && claims.nbf > seconds + 60))
      return undefined;
    return claims.email?.toLowerCase();
  } catch {
    return undefined;
  }
}
