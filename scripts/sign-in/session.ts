// The editor's session: what the browser holds after signing in, in place of any credential for the
// git host. A short text the service signs with its own secret (HMAC-SHA-256): who signed in, for
// which repository, until when. Only this service can make one or read one; it is checked again,
// with the list of allowed addresses, at every call the editor makes.

/** How a session reads: its version, then the claims and their signature, each base64url. */
const PREFIX = "session1";

export interface Session {
  /** The address the person signed in with, in lower case. */
  email: string;
  /** The one repository the session may edit, as owner/name. */
  repository: string;
  /** When it ends, in seconds since 1970. */
  expires: number;
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/** A signed session for `session`. */
export async function signSession(session: Session, secret: string): Promise<string> {
  const claims = base64url(encoder.encode(JSON.stringify(session)));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(`${PREFIX}.${claims}`));
  return `${PREFIX}.${claims}.${base64url(new Uint8Array(signature))}`;
}

/** Whether a token is one of this service's sessions at all (else it may be a git host's own token). */
export const isSession = (token: string) => token.startsWith(`${PREFIX}.`);

/** The session a token holds, when its signature is this service's and it has not ended; undefined otherwise. */
export async function readSession(token: string, secret: string, now = Date.now()): Promise<Session | undefined> {
  const [prefix, claims, signature, ...rest] = token.split(".");
  if (prefix !== PREFIX || !claims || !signature || rest.length > 0) return undefined;
  let valid = false;
  try {
    valid = await crypto.subtle.verify(
      "HMAC",
      await hmacKey(secret),
      fromBase64url(signature),
      encoder.encode(`${PREFIX}.${claims}`),
    );
  } catch {
    return undefined;
  }
  if (!valid) return undefined;
  const session = JSON.parse(new TextDecoder().decode(fromBase64url(claims))) as Session;
  return session.expires * 1000 > now ? session : undefined;
}
