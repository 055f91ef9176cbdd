// The git credential, which never leaves the service: a GitHub App installed on the site's one
// repository. The service signs a JSON Web Token with the app's private key (RS256, issued a minute
// back against clock drift, ending within GitHub's ten minutes: "Generating a JSON Web Token (JWT)
// for a GitHub App") and trades it for an installation access token ("Generating an installation
// access token for a GitHub App"), asked for this repository alone and for no more than the editor
// needs. GitHub ends such a token after an hour; an isolate keeps it until five minutes before.
import { fromBase64url } from "./session.ts";

/** What the editor needs of the repository, by GitHub App permission: its files, its drafts, and what the host says of a draft. */
export const EDITOR_PERMISSIONS = {
  contents: "write",
  pull_requests: "write",
  statuses: "read",
  checks: "read",
  deployments: "read",
  metadata: "read",
} as const;

interface AppSettings {
  apiUrl: string;
  appId: string;
  installationId: string;
  /** The app's private key, PKCS#8 PEM ("BEGIN PRIVATE KEY"). */
  privateKey: string;
  /** The repository's name alone (the token is asked for it only). */
  repositoryName: string;
}

let kept: { key: string; token: string; until: number } | undefined;
const KEEP_MARGIN_MS = 5 * 60_000;

const base64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

async function appToken(settings: AppSettings, now: number): Promise<string> {
  const pem = settings.privateKey.replace(/-----(BEGIN|END) PRIVATE KEY-----|\s+/g, "");
  if (settings.privateKey.includes("BEGIN RSA PRIVATE KEY")) {
    throw new Error("GITHUB_APP_PRIVATE_KEY is in PKCS#1 form: convert it to PKCS#8 as scripts/sign-in/README.md says");
  }
  const key = await crypto.subtle.importKey(
    "pkcs8",
    fromBase64url(pem.replace(/\+/g, "-").replace(/\//g, "_")),
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const seconds = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = base64url(JSON.stringify({ iat: seconds - 60, exp: seconds + 9 * 60, iss: settings.appId }));
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(`${header}.${claims}`));
  let binary = "";
  for (const byte of new Uint8Array(signature)) binary += String.fromCharCode(byte);
  return `${header}.${claims}.${base64url(binary)}`;
}

/** An installation token for the repository, with EDITOR_PERMISSIONS: the one kept, or a new one. */
export async function installationToken(settings: AppSettings, now = Date.now()): Promise<string> {
  const key = `${settings.apiUrl} ${settings.installationId} ${settings.repositoryName}`;
  if (kept && kept.key === key && kept.until > now) return kept.token;
  const response = await fetch(`${settings.apiUrl}/app/installations/${settings.installationId}/access_tokens`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${await appToken(settings, now)}`,
      Accept: "application/vnd.github+json",
      "Content-Type": "application/json",
      "User-Agent": "site-editor-sign-in",
      "X-GitHub-Api-Version": "2022-11-28",
    },
    body: JSON.stringify({ repositories: [settings.repositoryName], permissions: EDITOR_PERMISSIONS }),
  });
  if (!response.ok) throw new Error(`GitHub refused the app's token: ${response.status} ${await response.text()}`);
  const { token, expires_at: expiresAt } = (await response.json()) as { token: string; expires_at: string };
  kept = { key, token, until: Date.parse(expiresAt) - KEEP_MARGIN_MS };
  return token;
}

/** Forgets the kept token, after GitHub refused it. */
export function forgetInstallationToken(): void {
  kept = undefined;
}
