// `sitegen sign-in-deploy`: the site editor's sign-in service (scripts/sign-in/) deployed to
// Cloudflare Workers with wrangler, told the site's address and repository from site.yaml, the one
// place they are written. Its other settings are the Worker's secrets (scripts/sign-in/README.md).
import path from "node:path";
import type { SiteData } from "../data/schema.ts";
import { SCRIPTS_DIR } from "../lib/paths.ts";

/** The Worker's configuration: its name and entry. */
export const SIGN_IN_CONFIG = path.join(SCRIPTS_DIR, "sign-in", "wrangler.toml");

/** wrangler's arguments after `wrangler`: deploy, with the site's origin and repository as the Worker's variables. */
export function signInDeployArguments(site: Pick<SiteData, "url" | "editor">, { dryRun = false } = {}): string[] {
  return [
    "deploy",
    "--config",
    SIGN_IN_CONFIG,
    "--var",
    `SITE_ORIGIN:${new URL(site.url).origin}`,
    "--var",
    `REPOSITORY:${site.editor.repository}`,
    ...(dryRun ? ["--dry-run"] : []),
  ];
}
