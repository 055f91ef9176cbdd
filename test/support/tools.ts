// The programs the tests run beyond npm's packages, where each is found, and how a newcomer gets
// it. The tests find their tools here, and `npm test` first installs what is missing
// (test/tools/install.ts, its `pretest` step), so that no test ever skips for want of a tool.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromiumPath } from "../../scripts/measure/chromium.ts";
import { ROOT } from "./paths.ts";

export interface Tool {
  /** What a person calls it. */
  name: string;
  /** What it is for in the tests. */
  usedFor: string;
  /** Where it is, or undefined when it is missing. */
  find(): string | undefined;
  /** Debian and Ubuntu packages that provide it, the first that exists on the machine wins. */
  apt: readonly string[];
  /** How to get it elsewhere. */
  elsewhere: string;
}

const firstExisting = (...candidates: (string | undefined)[]) =>
  candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));

/** A program on PATH. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/** WebKitGTK's MiniBrowser sits in the library folder of the machine's architecture. */
function miniBrowser(): string | undefined {
  const lib = "/usr/lib";
  const arches = existsSync(lib) ? readdirSync(lib).filter((name) => name.endsWith("-linux-gnu")) : [];
  return firstExisting(
    process.env.MINIBROWSER_PATH,
    ...arches.map((arch) => path.join(lib, arch, "webkit2gtk-4.1", "MiniBrowser")),
  );
}

const CHROMIUM: Tool = {
  name: "Chromium",
  usedFor: "the browser tests",
  find: chromiumPath,
  apt: ["chromium"],
  elsewhere: "install Chromium and set CHROMIUM_PATH to its executable",
};

export const FIREFOX: Tool = {
  name: "Firefox ESR",
  usedFor: "the behaviour tests in Firefox",
  find: () => firstExisting(process.env.FIREFOX_PATH, "/usr/bin/firefox-esr"),
  apt: ["firefox-esr"],
  elsewhere: "install Firefox ESR 128 or newer and set FIREFOX_PATH to its executable",
};

export const NGINX: Tool = {
  name: "nginx",
  usedFor: "the generated nginx config, run on nginx",
  find: () => firstExisting("/usr/sbin/nginx", "/usr/bin/nginx", onPath("nginx")),
  apt: ["nginx-light", "nginx"],
  elsewhere: "install nginx (any build with the gzip_static module) so that `nginx` is on PATH",
};

export const OPENSSL: Tool = {
  name: "OpenSSL",
  usedFor: "a throwaway certificate for the nginx test",
  find: () => firstExisting("/usr/bin/openssl", onPath("openssl")),
  apt: ["openssl"],
  elsewhere: "install OpenSSL so that `openssl` is on PATH",
};

export const JAVA: Tool = {
  name: "Java 11 or newer",
  usedFor: "the W3C Nu HTML Checker",
  find: () => onPath("java"),
  apt: ["default-jre-headless"],
  elsewhere: "install a Java runtime, 11 or newer, so that `java` is on PATH",
};

export const WEBKIT_DRIVER: Tool = {
  name: "WebKitWebDriver",
  usedFor: "the behaviour tests in WebKit, Safari's engine",
  find: () => firstExisting(process.env.WEBKIT_DRIVER_PATH, "/usr/bin/WebKitWebDriver"),
  apt: ["webkit2gtk-driver"],
  elsewhere: "install WebKitGTK's WebDriver (webkit2gtk-driver) and set WEBKIT_DRIVER_PATH",
};

export const MINIBROWSER: Tool = {
  name: "WebKitGTK MiniBrowser",
  usedFor: "the browser WebKitWebDriver drives",
  find: miniBrowser,
  apt: ["libwebkit2gtk-4.1-0"],
  elsewhere: "install WebKitGTK 4.1 and set MINIBROWSER_PATH to its MiniBrowser",
};

export const XVFB: Tool = {
  name: "Xvfb",
  usedFor: "a display for WebKitGTK, which has no headless mode",
  find: () => firstExisting("/usr/bin/Xvfb", onPath("Xvfb")),
  apt: ["xvfb"],
  elsewhere: "install the X virtual framebuffer so that `Xvfb` is on PATH",
};

export const FAKETIME: Tool = {
  name: "libfaketime",
  usedFor: "the tests of what a build shows on a later day, run with the clock moved on",
  find: () => firstExisting("/usr/bin/faketime", onPath("faketime")),
  apt: ["faketime"],
  elsewhere: "install libfaketime so that `faketime` is on PATH",
};

/**
 * libfaketime's library itself, beside the `faketime` command in the same package: preloaded by a
 * test that moves the clock while one process runs (FAKETIME_TIMESTAMP_FILE), which the command,
 * setting one time for the whole run, cannot.
 */
export function libfaketimePath(): string {
  const lib = "/usr/lib";
  const arches = existsSync(lib) ? readdirSync(lib).filter((name) => name.endsWith("-linux-gnu")) : [];
  const found = firstExisting(...arches.map((arch) => path.join(lib, arch, "faketime", "libfaketime.so.1")));
  if (!found) throw new Error(`libfaketime.so.1 is missing: ${FAKETIME.elsewhere}`);
  return found;
}

export const SYSTEM_TOOLS: readonly Tool[] = [
  CHROMIUM,
  FIREFOX,
  NGINX,
  OPENSSL,
  JAVA,
  WEBKIT_DRIVER,
  MINIBROWSER,
  XVFB,
  FAKETIME,
];

/** Where the hosts' runtimes are installed: a package of their own, outside the site's dependencies. */
export const HOST_TOOLS_DIR = path.join(ROOT, "test", "tools", "hosts");

/**
 * Where Mozilla's HTTP Observatory scanner is installed: a package of its own too, installed without
 * its install scripts (test/tools/install.ts says why).
 */
export const OBSERVATORY_TOOLS_DIR = path.join(ROOT, "test", "tools", "observatory");

/** The scanner's copy of Chromium's HSTS preload list, which its install script would download. */
export const OBSERVATORY_PRELOAD_LIST = path.join(
  OBSERVATORY_TOOLS_DIR,
  "node_modules",
  "@mdn",
  "mdn-http-observatory",
  "conf",
  "hsts-preload.json",
);

/** The packages a tools folder (HOST_TOOLS_DIR, OBSERVATORY_TOOLS_DIR) pins in its package.json. */
function pinnedPackages(dir: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  return manifest.dependencies;
}

/** The host packages the tests run, at the versions test/tools/hosts/package.json pins. */
export function pinnedHostPackages(): Record<string, string> {
  return pinnedPackages(HOST_TOOLS_DIR);
}

/** The version of a package the hosts' lockfile installs, such as workerd, the runtime wrangler starts. */
export function lockedHostPackage(name: string): string {
  const lock = JSON.parse(readFileSync(path.join(HOST_TOOLS_DIR, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`test/tools/hosts/package-lock.json installs no ${name}`);
  return version;
}

/** The packages of a tools folder that are missing or at another version than the pinned one. */
export function stalePackages(dir: string): string[] {
  return Object.entries(pinnedPackages(dir))
    .filter(([name, version]) => {
      const manifest = path.join(dir, "node_modules", name, "package.json");
      if (!existsSync(manifest)) return true;
      return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version !== version;
    })
    .map(([name, version]) => `${name}@${version}`);
}

/** What is missing of the scanner: its packages at the pinned versions, and its preload list. */
export function staleObservatory(): string[] {
  const stale = stalePackages(OBSERVATORY_TOOLS_DIR);
  return existsSync(OBSERVATORY_PRELOAD_LIST) ? stale : [...stale, "its HSTS preload list"];
}

/** The scanner's package folder; throws, naming the fix, when it is not installed. */
export function observatoryPackage(): string {
  if (staleObservatory().length > 0) {
    throw new Error(
      "Mozilla's HTTP Observatory scanner is not installed: run `npm test` (its first step installs it) or `npm run test:tools`",
    );
  }
  return path.dirname(path.dirname(OBSERVATORY_PRELOAD_LIST));
}

/** A command of the hosts' packages (wrangler, netlify); throws, naming the fix, when missing. */
export function hostBinary(name: "wrangler" | "netlify" | "netlify-build" | "netlify-config"): string {
  const binary = path.join(HOST_TOOLS_DIR, "node_modules", ".bin", name);
  if (!existsSync(binary)) {
    throw new Error(
      `${name} is not installed: run \`npm test\` (its first step installs it) or \`npm run test:tools\``,
    );
  }
  return binary;
}

/** A system tool's path; throws, naming the package, when it is missing. */
export function toolPath(tool: Tool): string {
  const found = tool.find();
  if (!found) {
    throw new Error(
      `${tool.name} is missing (${tool.usedFor}): run \`npm run test:tools\`, or apt-get install ${tool.apt[0]}, or ${tool.elsewhere}`,
    );
  }
  return found;
}

/** What a person reads when tools are missing: each one, what it is for, and how to get it. */
export function missingToolsReport(
  missing: readonly Tool[],
  staleHosts: readonly string[],
  staleObservatory: readonly string[] = [],
): string {
  const lines = ["", "The tests need these tools, and they could not be installed here:", ""];
  for (const tool of missing) {
    lines.push(`  ${tool.name} (${tool.usedFor})`);
    lines.push(`    Debian or Ubuntu, as root: apt-get install ${tool.apt.join(" or ")}`);
    lines.push(`    elsewhere: ${tool.elsewhere}`, "");
  }
  if (staleHosts.length > 0) {
    lines.push(`  the hosts' local runtimes: ${staleHosts.join(", ")}`);
    lines.push("    npm install --prefix test/tools/hosts (needs the npm registry)", "");
  }
  if (staleObservatory.length > 0) {
    lines.push(`  Mozilla's HTTP Observatory scanner: ${staleObservatory.join(", ")}`);
    lines.push("    npm run test:tools installs it into test/tools/observatory (needs the npm registry)", "");
  }
  lines.push("No test was run. Install the tools above, then run `npm test` again.");
  return lines.join("\n");
}
