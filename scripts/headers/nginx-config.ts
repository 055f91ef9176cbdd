// An nginx server configuration for self-hosting dist/, generated from the same header rules as
// dist/_headers: clean URLs, the 404 page with status 404, precompressed .gz files, and on every
// response the headers the rules give its path.
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

function addHeaders(rules: readonly HeaderRule[], representativePath: string, indent: string): string[] {
  // "always": nginx otherwise leaves added headers off 404 and other error responses.
  return Object.entries(headersForPath(rules, representativePath)).map(
    ([name, value]) => `${indent}add_header ${name} ${quoted(value)} always;`,
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
    `    root ${root};`,
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
  const names = options.serverNames.join(" ");
  const listen = (addresses: string[], suffix = "") => addresses.map((address) => `    listen ${address}${suffix};`);
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
  redirect.push(`    return 301 ${options.canonicalOrigin}$request_uri;`, "}");
  const secure = ["server {", ...listen(options.tls.listen, " ssl http2"), `    server_name ${names};`];
  secure.push(
    `    ssl_certificate ${options.tls.certificate};`,
    `    ssl_certificate_key ${options.tls.certificateKey};`,
    "    ssl_protocols TLSv1.2 TLSv1.3;",
    "    ssl_session_timeout 1d;",
    "    ssl_session_tickets off;",
    "",
    ...siteBody(rules, options.root),
    "}",
  );
  return [...header, ...redirect, "", ...secure, ""].join("\n");
}
