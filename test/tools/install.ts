// Installs what the tests need beyond the site's own npm packages, and runs first in `npm test`
// (its `pretest` step): the browsers, nginx, Java, WebKitWebDriver and Xvfb with apt-get where the
// machine has it and allows it (as root, or through sudo without a password), the hosts' local
// runtimes (wrangler, netlify-cli) with npm into test/tools/hosts/, and Mozilla's HTTP Observatory
// scanner into test/tools/observatory/, each apart from the site's packages.
// Where something cannot be installed, it names each missing tool and how to get it, and exits
// with status 1, so that no test runs without its tools. With everything present it only checks.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import {
  HOST_TOOLS_DIR,
  missingToolsReport,
  OBSERVATORY_PRELOAD_LIST,
  OBSERVATORY_TOOLS_DIR,
  staleObservatory,
  stalePackages,
  SYSTEM_TOOLS,
  type Tool,
} from "../support/tools.ts";

const say = (line: string) => console.log(`[test tools] ${line}`);

function run(command: string, args: readonly string[], quiet = true): boolean {
  const result = spawnSync(command, args, {
    stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

/** How apt-get can be run here: directly as root, through sudo without a password, or not at all. */
function aptRunner(): ((args: readonly string[]) => boolean) | undefined {
  if (!existsSync("/usr/bin/apt-get")) return undefined;
  if (process.getuid?.() === 0) return (args) => run("apt-get", args);
  if (existsSync("/usr/bin/sudo") && run("sudo", ["-n", "true"]))
    return (args) => run("sudo", ["-n", "apt-get", ...args]);
  return undefined;
}

/** The first package of each tool's list that the machine's package index knows. */
function availablePackage(tool: Tool): string | undefined {
  return tool.apt.find((name) => {
    const shown = spawnSync("apt-cache", ["show", "--no-all-versions", name], { encoding: "utf8" });
    return shown.status === 0 && shown.stdout.includes("Package:");
  });
}

function installSystemTools(missing: readonly Tool[]): void {
  const apt = aptRunner();
  if (!apt) return;
  say(`installing with apt-get: ${missing.map((tool) => tool.name).join(", ")}`);
  apt(["update"]);
  const packages = [...new Set(missing.map(availablePackage).filter((name): name is string => !!name))];
  if (packages.length > 0 && !apt(["install", "-y", "--no-install-recommends", ...packages])) {
    say(`apt-get could not install ${packages.join(" ")}`);
  }
}

/**
 * `npm install`, not `npm ci`: both install the lockfile's versions, but `npm ci` stops where the
 * registry lacks another platform's optional build that the lockfile names (workerd's for macOS
 * and Windows, on the registry this project's machines use), and `npm install` passes over it.
 */
function installHostTools(): boolean {
  say(`installing the hosts' runtimes into ${HOST_TOOLS_DIR}: ${stalePackages(HOST_TOOLS_DIR).join(", ")}`);
  return run("npm", ["install", "--prefix", HOST_TOOLS_DIR, "--no-audit", "--no-fund", "--loglevel=error"], false);
}

/**
 * The scanner's own install scripts download Chromium's HSTS preload list, the IANA list of
 * top-level domains and Mozilla's bundle of intermediate certificates, and fail without the
 * network; its PostgreSQL driver builds a native addon. The tests need none of them: the server
 * they scan is 127.0.0.1, on no preload list, so an empty list gives the scanner the same answer,
 * and the server's certificate is trusted by NODE_EXTRA_CA_CERTS (support/observatory.ts).
 */
function installObservatory(): void {
  if (stalePackages(OBSERVATORY_TOOLS_DIR).length > 0) {
    say(`installing Mozilla's HTTP Observatory scanner into ${OBSERVATORY_TOOLS_DIR}`);
    const args = ["install", "--prefix", OBSERVATORY_TOOLS_DIR, "--ignore-scripts", "--no-audit", "--no-fund"];
    run("npm", [...args, "--loglevel=error"], false);
  }
  if (stalePackages(OBSERVATORY_TOOLS_DIR).length === 0 && !existsSync(OBSERVATORY_PRELOAD_LIST)) {
    writeFileSync(OBSERVATORY_PRELOAD_LIST, "{}\n");
  }
}

function main(): number {
  let missing = SYSTEM_TOOLS.filter((tool) => !tool.find());
  if (missing.length > 0) {
    installSystemTools(missing);
    missing = SYSTEM_TOOLS.filter((tool) => !tool.find());
  }
  if (stalePackages(HOST_TOOLS_DIR).length > 0) installHostTools();
  const staleHosts = stalePackages(HOST_TOOLS_DIR);
  installObservatory();
  const observatory = staleObservatory();

  if (missing.length === 0 && staleHosts.length === 0 && observatory.length === 0) return 0;
  console.error(missingToolsReport(missing, staleHosts, observatory));
  return 1;
}

process.exitCode = main();
