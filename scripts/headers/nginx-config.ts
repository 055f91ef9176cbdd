// An nginx server configuration for self-hosting dist/, generated from the same header rules as
// dist/_headers: clean URLs, the 404 page with status 404, precompressed .gz files, and on every
// response the headers the rules give its path.
import { isHostName } from "../data/web-address.ts";
import { FILE_KINDS, UNKNOWN_TYPE } from "./content-types.ts";
import { headersForPath, type HeaderRule } from "./rules.ts";
import {
  ADMIN_ALIASES,
  ADMIN_DIR,
  ADMIN_FILE,
  ADMIN_PATH,
  HOME_FILE,
  NOT_FOUND_FILE,
  PAGE_SUFFIX,
  pathForFile,
} from "../site/urls.ts";

export interface NginxOptions {
  /** Absolute path of the uploaded dist/ folder on the server. */
  root: string;
  /** Host names this server answers, e.g. "www.example.com". */
  serverNames: string[];
  /** Where plain-HTTP requests are sent: the site's canonical origin from site.yaml. */
  canonicalOrigin: string;
  /** listen addresses for plain HTTP, e.g. ["80", "[::]:80"]. */
  listenHttp: string[];
  /**
   * HTTPS: the HTTP server then only redirects. Leave out when a proxy in front of nginx
   * terminates TLS; the site is then served on the HTTP addresses.
   */
  tls?: { listen: string[]; certificate: string; certificateKey: string };
}

/** nginx reads "$" as a variable and '"' as the end of the value; header values never need them. */
function quoted(value: string): string {
  if (/["$\\\r\n]/.test(value)) throw new Error(`nginx: cannot quote header value ${JSON.stringify(value)}`);
  return `"${value}"`;
}

// Every value written into the config below passed one of these first, so that none can end a
// directive (";"), open a block ("{"), start a comment ("#"), name a variable ("$") or break a line.

/** A header's name: letters, digits and hyphens, as every name of the policy is. */
const HEADER_NAME = /^[A-Za-z0-9-]+$/;

function headerName(name: string): string {
  if (!HEADER_NAME.test(name)) throw new Error(`nginx: ${JSON.stringify(name)} is not a header name`);
  return name;
}

/** A name for server_name: a host name by the one rule of data/ (web-address.ts), whether from site.yaml or --server-name. */
function serverName(name: string): string {
  if (!isHostName(name))
    throw new Error(
      `nginx: the server name ${JSON.stringify(name)} is not a host name (letters, digits, hyphens and dots, at most 253 characters, ending in a name such as .com)`,
    );
  return name;
}

/**
 * The origin plain HTTP is sent to: https:// and a host name, nothing more (site.yaml's url passed
 * the same rule); or, for a config that redirects to itself on this machine, an IPv4 address and a
 * port, which hold nothing nginx reads either.
 */
function httpsOrigin(origin: string): string {
  const host = origin.startsWith("https://") ? origin.slice("https://".length) : "";
  if (!isHostName(host) && !/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(host))
    throw new Error(`nginx: ${JSON.stringify(origin)} is not an https origin on a host name`);
  return origin;
}

/** A file's path, bare when it is plain, in double quotes when it holds spaces or other punctuation. */
function filePath(value: string, what: string): string {
  // Inside double quotes, only a quote, a backslash and "$" mean anything to nginx (control characters end a line).
  if (value === "" || /["\\$\p{Cc}]/u.test(value))
    throw new Error(`nginx: cannot write ${JSON.stringify(value)} as ${what}`);
  return /^[A-Za-z0-9._/+@%,=~-]+$/.test(value) ? value : `"${value}"`;
}

/** A listen address: a port, or an IPv4 address, [IPv6 address], host name or * and a port. */
function listenAddress(address: string): string {
  const match = /^(?:(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9A-Fa-f:.]+\]|\*|([^:]+)):)?(\d{1,5})$/.exec(address);
  const port = Number(match?.[2]);
  if (!match || (match[1] !== undefined && !isHostName(match[1])) || port < 1 || port > 65535)
    throw new Error(
      `nginx: ${JSON.stringify(address)} is not a listen address (a port, such as 443, or an address and a port, such as 127.0.0.1:8443 or [::]:443)`,
    );
  return address;
}

function addHeaders(rules: readonly HeaderRule[], representativePath: string, indent: string): string[] {
  // "always": nginx otherwise leaves added headers off 404 and other error responses.
  return Object.entries(headersForPath(rules, representativePath)).map(
    ([name, value]) => `${indent}add_header ${headerName(name)} ${quoted(value)} always;`,
  );
}

/**
 * The addresses of site/urls.ts (answerFor), in nginx's words: a page at its clean path from its
 * .html file, its file's own name and /index redirected there with a 301, no address for the
 * not-found page or the precompressed siblings. Then one location per header rule path: a location
 * with add_header inherits none from outside it, so each carries the full set its paths get. nginx
 * picks "= exact" over regular expressions, and those over the longest prefix.
 */
function locations(rules: readonly HeaderRule[]): string[] {
  const lines: string[] = [];
  const block = (selector: string, representativePath: string, body: string[]) => {
    lines.push("", `    location ${selector} {`, ...addHeaders(rules, representativePath, "        "));
    lines.push(...body.map((line) => `        ${line}`), "    }");
  };
  const page = `$uri${PAGE_SUFFIX}`;
  block("= /", "/", [`try_files /${HOME_FILE} =404;`]);
  block("/", "/*", [`try_files ${page} $uri =404;`]);
  // The home page's file and "/index" are names of "/".
  for (const alias of [`/${HOME_FILE}`, `/${HOME_FILE.slice(0, -PAGE_SUFFIX.length)}`]) {
    block(`= ${alias}`, "/*", ["return 301 /$is_args$args;"]);
  }
  // The site editor is the one folder with an address; its other names redirect there.
  block(`= ${ADMIN_PATH}`, ADMIN_PATH, [`try_files /${ADMIN_FILE} =404;`]);
  for (const alias of ADMIN_ALIASES) block(`= ${alias}`, alias, [`return 301 ${ADMIN_PATH}$is_args$args;`]);
  // The not-found page is sent for unknown paths (error_page), and has no address of its own.
  block(`= /${NOT_FOUND_FILE}`, `/${NOT_FOUND_FILE}`, ["internal;"]);
  block(`= /${NOT_FOUND_FILE.slice(0, -PAGE_SUFFIX.length)}`, "/*", ["return 404;"]);
  block("~ \\.(?:br|gz)$", "/*", ["return 404;"]);
  // A page's file under its own name redirects to the page's address, when there is such a page.
  const suffix = PAGE_SUFFIX.replace(".", "\\.");
  block(`~ "^(?<page>/.+)${suffix}$"`, "/*", [
    "if (-f $request_filename) {",
    "    return 301 $page$is_args$args;",
    "}",
    "return 404;",
  ]);
  // A page's address with a slash added redirects to the page; other names with a slash (the home
  // page's and the not-found page's names, the editor's files) name nothing.
  const notPages = [HOME_FILE, NOT_FOUND_FILE].map((file) => file.slice(0, -PAGE_SUFFIX.length)).join("|");
  block(`~ "^(?<page>/(?!(?:${notPages})/$)(?!${ADMIN_DIR}).+)/$"`, "/*", [
    `if (-f $document_root$page${PAGE_SUFFIX}) {`,
    "    return 301 $page$is_args$args;",
    "}",
    "return 404;",
  ]);
  // The other header rules, each in a location of its own. A rule for a page's file name (there
  // for hosts that match rules against the file they serve) answers as that name always does.
  const seen = new Set(["/", "/*", `/${HOME_FILE}`, ADMIN_PATH, ...ADMIN_ALIASES, `/${NOT_FOUND_FILE}`]);
  for (const { path } of rules) {
    if (seen.has(path)) continue;
    seen.add(path);
    if (path.endsWith("/*")) block(path.slice(0, -1), path, ["try_files $uri =404;"]);
    else if (path.endsWith("*")) throw new Error(`nginx: unsupported path pattern ${path}`);
    else if (path.endsWith(PAGE_SUFFIX))
      block(`= ${path}`, path, [`return 301 ${pathForFile(path.slice(1))}$is_args$args;`]);
    else block(`= ${path}`, path, [`try_files ${page} $uri =404;`]);
  }
  return lines;
}

/**
 * The Content-Type of each kind of file, as the local server sends it (content-types.ts), in place
 * of the system's mime.types (which has no YAML, and names JavaScript differently).
 */
function contentTypes(): string[] {
  // nginx always adds the charset to text/html, and warns when it is named.
  const textTypes = FILE_KINDS.filter((kind) => kind.text && kind.type !== "text/html").map((kind) => kind.type);
  return [
    "    types {",
    ...FILE_KINDS.map((kind) => `        ${kind.type} ${kind.extension.slice(1)};`),
    "    }",
    `    default_type ${UNKNOWN_TYPE};`,
    "    charset utf-8;",
    `    charset_types ${textTypes.join(" ")};`,
  ];
}

function siteBody(rules: readonly HeaderRule[], root: string): string[] {
  return [
    `    root ${filePath(root, "the site's folder (--root)")};`,
    "    server_tokens off;",
    ...contentTypes(),
    "",
    "    # The generator writes page.html.gz beside page.html; nginx sends it to clients that accept",
    "    # gzip. (Debian's nginx has no brotli_static module, so the .br files go unused here.)",
    "    gzip_static on;",
    "    gzip_vary on;",
    "    # Redirects name the path only, as the local server's do.",
    "    absolute_redirect off;",
    "",
    `    error_page 404 /${NOT_FOUND_FILE};`,
    "",
    "    # Host configuration such as /_headers, and dotfiles, are not part of the site.",
    "    location ^~ /_ {",
    "        return 404;",
    "    }",
    "    location ~ /\\. {",
    "        return 404;",
    "    }",
    ...locations(rules),
  ];
}

export function renderNginxConfig(rules: readonly HeaderRule[], options: NginxOptions): string {
  if (options.serverNames.length === 0) throw new Error("nginx: no server name");
  const names = options.serverNames.map(serverName).join(" ");
  const listen = (addresses: string[], suffix = "") =>
    addresses.map((address) => `    listen ${listenAddress(address)}${suffix};`);
  const header = [
    "# nginx server configuration for the site, generated by `sitegen nginx` from dist/_headers.",
    "# Regenerate it after every build: the Content-Security-Policy holds hashes of the pages' code.",
  ];
  if (!options.tls) {
    return [
      ...header,
      "server {",
      ...listen(options.listenHttp),
      `    server_name ${names};`,
      ...siteBody(rules, options.root),
      "}",
      "",
    ].join("\n");
  }
  const redirect = ["server {", ...listen(options.listenHttp), `    server_name ${names};`, "    server_tokens off;"];
  redirect.push(`    return 301 ${httpsOrigin(options.canonicalOrigin)}$request_uri;`, "}");
  // HTTP/2 is left to the server's own nginx.conf. nginx 1.22 (Debian 12) turns it on only as
  // "listen ... ssl http2", which 1.25.1 and later (Debian 13 has 1.26) deprecate with a warning on
  // every "nginx -t"; their "http2 on;" is an unknown directive to 1.22, which then refuses the
  // whole config. "listen ... ssl" is clean on both; on 1.25.1 or later, "http2 on;" in the http
  // block (a file in /etc/nginx/conf.d/) turns HTTP/2 on for this server too.
  const secure = ["server {", ...listen(options.tls.listen, " ssl"), `    server_name ${names};`];
  secure.push(
    `    ssl_certificate ${filePath(options.tls.certificate, "the certificate (--certificate)")};`,
    `    ssl_certificate_key ${filePath(options.tls.certificateKey, "the certificate's key (--certificate-key)")};`,
    "    ssl_protocols TLSv1.2 TLSv1.3;",
    "    ssl_session_timeout 1d;",
    "    ssl_session_tickets off;",
    "",
    ...siteBody(rules, options.root),
    "}",
  );
  return [...header, ...redirect, "", ...secure, ""].join("\n");
}
