// The site editor's sign-in service (scripts/sign-in/) run as it runs on Cloudflare: the Worker in
// `wrangler dev` (workerd, offline), from a copy of its folder so that wrangler's own files stay out
// of the project, with its settings in an env file as `wrangler secret put` would give them, and
// GitHub's API and Cloudflare Access stood in for on 127.0.0.1. Cloudflare Access's stand-in is the
// service's public address, in front of the Worker.
import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startAccess, type AccessStandIn } from "./access-stand-in.ts";
import { fetchRaw, freePort } from "./http.ts";
import { ROOT } from "./paths.ts";
import { hostBinary } from "./tools.ts";

const SIGN_IN_DIR = path.join(ROOT, "scripts", "sign-in");

/** A GitHub App of the tests' own: its key pair, id and installation. */
export interface TestApp {
  id: string;
  installationId: string;
  publicKey: string;
  /** PKCS#8 PEM, as the service takes it. */
  privateKey: string;
}

export function makeTestApp(): TestApp {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { id: "123456", installationId: "7890123", publicKey, privateKey };
}

export interface ServiceSettings {
  siteOrigin: string;
  repository: string;
  allowedEmails: string[];
  githubApiUrl: string;
  app: TestApp;
  /** Addresses Access's policy lets get a PIN: by default the allowed ones. */
  accessPolicy?: string[];
  sessionHours?: string;
  sessionSecret?: string;
}

export interface SignInService {
  /** The service's public address (Access in front of the Worker). */
  url: string;
  access: AccessStandIn;
  /** The Worker's own address, behind Access. */
  workerUrl: string;
  sessionSecret: string;
  output(): string;
  close(): Promise<void>;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(-child.pid, "SIGTERM");
  const force = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, 5_000);
  return exited.finally(() => clearTimeout(force));
}

/** An env file's line: the value in double quotes, its line breaks and quotes escaped. */
const envLine = (name: string, value: string) =>
  `${name}="${value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"')}"`;

export async function startSignInService(settings: ServiceSettings): Promise<SignInService> {
  const tmp = await mkdtemp(path.join(tmpdir(), "sign-in-service-"));
  const work = path.join(tmp, "worker");
  await cp(SIGN_IN_DIR, work, { recursive: true, filter: (source) => !source.endsWith(".md") });
  const port = await freePort();
  const workerUrl = `http://127.0.0.1:${port}`;
  // Access first: the Worker is told its team domain, which the stand-in's address is.
  const access = await startAccess({ target: workerUrl, policy: settings.accessPolicy ?? settings.allowedEmails });
  const sessionSecret = settings.sessionSecret ?? randomBytes(32).toString("base64url");
  const envFile = path.join(tmp, "settings.env");
  await writeFile(
    envFile,
    [
      envLine("SITE_ORIGIN", settings.siteOrigin),
      envLine("REPOSITORY", settings.repository),
      envLine("ALLOWED_EMAILS", settings.allowedEmails.join(", ")),
      envLine("ACCESS_TEAM_DOMAIN", access.url),
      envLine("ACCESS_AUD", access.audience),
      envLine("GITHUB_APP_ID", settings.app.id),
      envLine("GITHUB_APP_INSTALLATION_ID", settings.app.installationId),
      envLine("GITHUB_APP_PRIVATE_KEY", settings.app.privateKey),
      envLine("SESSION_SECRET", sessionSecret),
      envLine("GITHUB_API_URL", settings.githubApiUrl),
      ...(settings.sessionHours ? [envLine("SESSION_HOURS", settings.sessionHours)] : []),
    ].join("\n") + "\n",
  );
  const child = spawn(
    hostBinary("wrangler"),
    [
      "dev",
      "--config",
      path.join(work, "wrangler.toml"),
      "--env-file",
      envFile,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(await freePort()),
      "--persist-to",
      path.join(tmp, "state"),
      "--show-interactive-dev-session=false",
      "--log-level",
      "info",
    ],
    {
      cwd: work,
      env: {
        ...process.env,
        HOME: tmp,
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_UPDATE_CHECK: "false",
        NO_COLOR: "1",
        CI: "1",
      },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let printed = "";
  child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const close = async () => {
    await stop(child);
    await access.close();
    await rm(tmp, { recursive: true, force: true });
  };
  // workerd takes a few seconds to start; the service answers its own root address.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetchRaw(`${workerUrl}/`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`the sign-in service did not start:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url: access.url, access, workerUrl, sessionSecret, output: () => printed, close };
}
