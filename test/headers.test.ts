// The header policy: one source for every response header, written as dist/_headers and as an
// nginx config, with a Content-Security-Policy that allows exactly what the pages use.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { inlineHash, pageSources, serializePolicy } from "../scripts/headers/csp.ts";
import { PolicyError } from "../scripts/headers/policy-error.ts";
import { renderSite, type RenderedSite } from "../scripts/pipeline/generate.ts";
import { CACHE_IMMUTABLE, pageContext, SITE_HEADERS } from "../scripts/headers/policy.ts";
import { headersForPath, type HeaderRule } from "../scripts/headers/rules.ts";
import { formatHeadersFile, HEADERS_FILE, parseHeadersFile, patternsOverlap } from "../scripts/headers/headers-file.ts";
import { renderNginxConfig } from "../scripts/headers/nginx-config.ts";
import { NOT_FOUND_FILE, pathForFile, isSitePageFile } from "../scripts/site/urls.ts";
import { outputText } from "../scripts/lib/output.ts";
import { DATA_DIR, ROOT } from "./support/paths.ts";
import { sharedBuild } from "./support/site.ts";

const SITE = "https://www.example.test";
const PROVIDER_FRAME = "https://forms.provider.test";
const PROVIDER_SCRIPT = "https://cdn.provider.test";
const context = {
  file: "page.html",
  siteOrigin: SITE,
  allowedOrigins: new Set([PROVIDER_FRAME, PROVIDER_SCRIPT]),
};
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);

let site: RenderedSite;
let rules: HeaderRule[];
const cspFor = (urlPath: string) => headersForPath(rules, urlPath)["Content-Security-Policy"] ?? "";

beforeAll(async () => {
  site = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
  rules = parseHeadersFile(outputText(site.files.get(HEADERS_FILE)!));
});

describe("the hashes of inline code", () => {
  it("are the sha256 of the element's exact text, after the parser's newline normalisation", () => {
    expect(inlineHash("alert(1)")).toBe(sha256("alert(1)"));
    expect(inlineHash("a\r\nb\rc")).toBe(sha256("a\nb\nc"));
  });

  it("cover classic, module and speculation-rules scripts and styles, but not JSON-LD data blocks", () => {
    const html = [
      "<script>one()</script>",
      '<script type="module">two()</script>',
      '<script type="speculationrules">{"prefetch":[]}</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      "<style>body{color:red}</style>",
    ].join("");
    const sources = pageSources(html, context);
    expect([...(sources.get("script-src") ?? [])].sort()).toEqual(
      [sha256("one()"), sha256("two()"), sha256('{"prefetch":[]}')].sort(),
    );
    expect([...(sources.get("style-src") ?? [])]).toEqual([sha256("body{color:red}")]);
  });

  it("hash every inline script and style of every generated page, and nothing else", () => {
    for (const [file, contents] of site.files) {
      if (!isSitePageFile(file) || typeof contents !== "string") continue;
      // Found here with plain regular expressions, independently of the generator's scanner.
      const scripts = [...contents.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/application\/ld\+json/.test(attributes!))
        .map(([, , text]) => sha256(text!));
      const styles = [...contents.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, text]) => sha256(text!));
      expect(scripts.length, file).toBeGreaterThanOrEqual(2);
      const policy = cspFor(pathForFile(file));
      const scriptHashes = directive(policy, "script-src")!.filter((source) => source.startsWith("'sha256-"));
      const styleHashes = directive(policy, "style-src")!.filter((source) => source.startsWith("'sha256-"));
      expect(new Set(scriptHashes), file).toEqual(new Set(scripts));
      expect(new Set(styleHashes), file).toEqual(new Set(styles));
    }
  });
});

describe("what a page may load", () => {
  it("allows this site as 'self' and the provider by origin", () => {
    const html =
      '<link rel="icon" href="/favicon.svg"><img src="https://www.example.test/a.png">' +
      `<iframe src="${PROVIDER_FRAME}/widget/form/1"></iframe><script src="${PROVIDER_SCRIPT}/embed.js" async></script>`;
    const sources = pageSources(html, context);
    expect([...(sources.get("img-src") ?? [])]).toEqual(["'self'"]);
    expect([...(sources.get("frame-src") ?? [])]).toEqual([PROVIDER_FRAME]);
    expect([...(sources.get("script-src") ?? [])]).toEqual([PROVIDER_SCRIPT]);
  });

  it("allows data: images only where a page uses one, and nothing for about:blank", () => {
    const withData = pageSources('<style>i{background:url("data:image/png;base64,AA==")}</style>', context);
    expect([...(withData.get("img-src") ?? [])]).toEqual(["data:"]);
    expect(pageSources('<iframe src="about:blank"></iframe><p>x</p>', context).get("frame-src")).toBeUndefined();
    expect(serializePolicy(pageSources("<p>x</p>", context))).not.toContain("data:");
  });

  it("stops the build, naming the page, when anything else would load", () => {
    for (const html of [
      '<script src="https://analytics.example.com/a.js"></script>',
      '<img src="//tracker.example.com/pixel.gif">',
      '<link rel="stylesheet" href="https://fonts.example.com/css">',
      "<style>body{background:url(https://cdn.example.com/bg.png)}</style>",
    ]) {
      expect(() => pageSources(html, context)).toThrow(PolicyError);
      expect(() => pageSources(html, context)).toThrow(/page\.html/);
    }
  });

  it("stops the build on inline style attributes and event handlers, which the policy would block", () => {
    expect(() => pageSources('<div style="color:red"></div>', context)).toThrow(/style=/);
    expect(() => pageSources('<button onclick="go()"></button>', context)).toThrow(/onclick/);
    expect(() => pageSources('<a href="javascript:go()">x</a>', context)).toThrow(/javascript:/);
  });

  it("names only form origins on a host name, however the form's addresses were filled", () => {
    for (const frameUrl of [
      "https://*/widget/form/x",
      "https://link.msgsndr.com;sandbox/x",
      "https://0x7f.1/x",
      "http://a.example/x",
    ]) {
      const business = { url: SITE, leadForm: { frameUrl, scriptUrl: `${PROVIDER_SCRIPT}/embed.js` } };
      expect(() => pageContext(business as Parameters<typeof pageContext>[0], "contact.html"), frameUrl).toThrow(
        PolicyError,
      );
    }
  });

  it("lets forms submit nowhere unless a page has one", () => {
    expect(directive(serializePolicy(pageSources("<p>no form</p>", context)), "form-action")).toEqual(["'none'"]);
    expect(directive(serializePolicy(pageSources("<form><input></form>", context)), "form-action")).toEqual(["'self'"]);
  });
});

describe("the site's header policy", () => {
  it("sends the security headers on every path", () => {
    for (const urlPath of ["/", "/contact", "/towns/mattoon", "/no-such-page", "/favicon.svg", "/assets/x.js"]) {
      const headers = headersForPath(rules, urlPath);
      for (const [name, value] of Object.entries(SITE_HEADERS)) expect(headers[name], `${urlPath} ${name}`).toBe(value);
    }
    const headers = headersForPath(rules, "/");
    expect(headers["Strict-Transport-Security"]).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(headers["Strict-Transport-Security"]!)![1])).toBeGreaterThanOrEqual(63072000);
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(headers["Cross-Origin-Resource-Policy"]).toBe("same-origin");
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(headers["Permissions-Policy"]).toContain(`${feature}=()`);
    }
  });

  it("has a strict policy: nothing by default, no unsafe sources, no base, no framing", () => {
    for (const urlPath of ["/", "/contact", "/no-such-page"]) {
      const policy = cspFor(urlPath);
      expect(directive(policy, "default-src")).toEqual(["'none'"]);
      expect(directive(policy, "base-uri")).toEqual(["'none'"]);
      expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
      expect(directive(policy, "form-action")).toEqual(["'none'"]);
      expect(directive(policy, "img-src")).toContain("'self'");
      expect(directive(policy, "img-src")?.every((source) => ["'self'", "data:"].includes(source))).toBe(true);
      expect(
        directive(policy, "script-src")?.every(
          (source) => source.startsWith("'sha256-") || source.startsWith("https://"),
        ),
      ).toBe(true);
      expect(policy).toContain("upgrade-insecure-requests");
      expect(policy).not.toMatch(/unsafe-|\*|http:/);
    }
  });

  it("allows the lead-form provider on the contact page only", () => {
    const { frameUrl, scriptUrl } = site.model.business.leadForm;
    const [frameOrigin, scriptOrigin] = [new URL(frameUrl).origin, new URL(scriptUrl).origin];
    expect(directive(cspFor("/contact"), "frame-src")).toEqual([frameOrigin]);
    expect(directive(cspFor("/contact"), "script-src")).toContain(scriptOrigin);
    // "/contact.html" gets the same policy: `netlify dev` matches rules against the file it serves.
    expect(cspFor("/contact.html")).toBe(cspFor("/contact"));
    for (const route of site.routes.filter((route) => route.path !== "/contact")) {
      const policy = cspFor(route.path);
      expect(policy, route.path).not.toContain(new URL(frameUrl).host);
      expect(policy, route.path).not.toContain(new URL(scriptUrl).host);
      expect(directive(policy, "frame-src"), route.path).toBeUndefined();
    }
  });

  it("has HTML revalidate and content-hashed assets cached for a year", () => {
    for (const urlPath of ["/", "/towns/paris", "/contact", "/no-such-page"]) {
      expect(headersForPath(rules, urlPath)["Cache-Control"], urlPath).toBe("no-cache");
    }
    expect(headersForPath(rules, "/assets/site.0123abcd.js")["Cache-Control"]).toBe(CACHE_IMMUTABLE);
    expect(CACHE_IMMUTABLE).toMatch(/max-age=31536000.*immutable/);
  });
});

describe("dist/_headers", () => {
  it("is written by the generator from the policy", () => {
    expect(site.files.get(HEADERS_FILE)).toBe(formatHeadersFile(rules));
  });

  it("reads back to the same headers for every path", () => {
    const parsed = parseHeadersFile(formatHeadersFile(rules));
    const paths = [
      ...site.routes.map((route) => route.path),
      "/contact.html",
      "/nope",
      "/assets/a.css",
      `/${NOT_FOUND_FILE}`,
    ];
    for (const urlPath of paths)
      expect(headersForPath(parsed, urlPath), urlPath).toEqual(headersForPath(rules, urlPath));
  });

  // The two hosts' documented merging, applied to the file as written.
  const cloudflare = (text: string, urlPath: string) => {
    const headers = new Map<string, string>();
    let matching = false;
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      if (!line || line.startsWith("#")) continue;
      if (!raw.startsWith(" "))
        matching = line.endsWith("*") ? urlPath.startsWith(line.slice(0, -1)) : line === urlPath;
      else if (matching && line.startsWith("!")) headers.delete(line.slice(1).trim());
      else if (matching) {
        const [name, ...rest] = line.split(":");
        const value = rest.join(":").trim();
        headers.set(name!, headers.has(name!) ? `${headers.get(name!)}, ${value}` : value);
      }
    }
    return headers;
  };
  const netlify = (text: string, urlPath: string) => {
    const headers = new Map<string, string>();
    let matching = false;
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      if (!line || line.startsWith("#")) continue;
      if (line.startsWith("/"))
        matching = line.endsWith("*") ? urlPath.startsWith(line.slice(0, -1)) : line === urlPath;
      else if (matching && line.includes(":")) {
        const [name, ...rest] = line.split(":");
        headers.set(name!, rest.join(":").trim()); // a later rule replaces; a line without ":" is skipped
      }
    }
    return headers;
  };

  it("gives the contact page one policy, its own, on Cloudflare Pages and on Netlify", () => {
    const text = formatHeadersFile(rules);
    expect(text).toMatch(/\n\/contact\n {2}! Content-Security-Policy\n {2}Content-Security-Policy: /);
    for (const host of [cloudflare, netlify]) {
      expect(host(text, "/contact").get("Content-Security-Policy")).toBe(cspFor("/contact"));
      expect(host(text, "/").get("Content-Security-Policy")).toBe(cspFor("/"));
      expect(host(text, "/assets/a.js").get("Cache-Control")).toBe(CACHE_IMMUTABLE);
    }
  });

  it("knows which path patterns overlap", () => {
    expect(patternsOverlap("/*", "/contact")).toBe(true);
    expect(patternsOverlap("/assets/*", "/assets/a.js")).toBe(true);
    expect(patternsOverlap("/assets/*", "/contact")).toBe(false);
    expect(patternsOverlap("/contact", "/contact.html")).toBe(false);
  });

  it("refuses what the hosts would drop: too many rules or an overlong line", () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ path: `/p${i}`, headers: { "X-A": "1" } }));
    expect(() => formatHeadersFile(many)).toThrow(/100/);
    expect(() => formatHeadersFile([{ path: "/*", headers: { "X-A": "a".repeat(2100) } }])).toThrow(/2000/);
  });
});

describe("the nginx config", () => {
  const config = () =>
    renderNginxConfig(rules, {
      root: "/srv/site",
      serverNames: ["www.example.test"],
      canonicalOrigin: SITE,
      listenHttp: ["80"],
      tls: { listen: ["443"], certificate: "/c.pem", certificateKey: "/k.pem" },
    });

  it("serves clean URLs, the 404 page with status 404 and the precompressed files", () => {
    const text = config();
    expect(text).toContain("try_files $uri.html $uri =404;");
    expect(text).toContain("return 301 $page$is_args$args;");
    expect(text).toContain("error_page 404 /404.html;");
    expect(text).toContain("gzip_static on;");
    expect(text).toContain(`return 301 ${SITE}$request_uri;`);
    expect(text).toContain("root /srv/site;");
  });

  it("repeats every header of the policy in each location, also on error responses", () => {
    const text = config();
    for (const selector of ["= /", "/", "= /contact", "/assets/"]) {
      const block = text.split(`    location ${selector} {\n`)[1]!.split("    }")[0]!;
      const representative =
        selector === "/"
          ? "/*"
          : selector.replace("= ", "") + (selector.endsWith("/") && selector !== "= /" ? "*" : "");
      const expected = headersForPath(rules, representative);
      for (const [name, value] of Object.entries(expected)) {
        expect(block, `${selector} ${name}`).toContain(`add_header ${name} "${value}" always;`);
      }
      expect(block.match(/add_header/g)?.length, selector).toBe(Object.keys(expected).length);
    }
  });

  it("writes only server names, paths and addresses that cannot end a directive or name a variable", () => {
    const options = {
      root: "/srv/site",
      serverNames: ["www.example.test"],
      canonicalOrigin: SITE,
      listenHttp: ["80", "[::]:80"],
      tls: { listen: ["127.0.0.1:8443", "[::]:443"], certificate: "/etc/ssl/site cert.pem", certificateKey: "/k.pem" },
    };
    const text = renderNginxConfig(rules, options);
    expect(text).toContain('    ssl_certificate "/etc/ssl/site cert.pem";');
    expect(text).toContain("    listen [::]:443 ssl;");
    const refused: [string, Partial<typeof options>, RegExp][] = [
      [
        "a ; in a server name",
        { serverNames: ["www.example.com;x"] },
        /the server name "www\.example\.com;x" is not a host name/,
      ],
      ["a * server name", { serverNames: ["*.example.com"] }, /the server name "\*\.example\.com" is not a host name/],
      ["a $ in a server name", { serverNames: ["$host"] }, /is not a host name/],
      ["a server name of 2,000 characters", { serverNames: [`${"a.".repeat(1000)}com`] }, /is not a host name/],
      ["no server name", { serverNames: [] }, /no server name/],
      ["an origin with a path", { canonicalOrigin: `${SITE}/x;` }, /is not an https origin on a host name/],
      ["a $ in the root", { root: "/srv/$site" }, /cannot write "\/srv\/\$site" as the site's folder \(--root\)/],
      ["a quote in the root", { root: '/srv/a"b' }, /as the site's folder/],
      ["a line break in the root", { root: "/srv/a\nb" }, /as the site's folder/],
      ["a directive after a port", { listenHttp: ["80; return 200"] }, /"80; return 200" is not a listen address/],
      ["a port out of range", { listenHttp: ["70000"] }, /is not a listen address/],
    ];
    for (const [name, change, message] of refused) {
      expect(() => renderNginxConfig(rules, { ...options, ...change }), name).toThrow(message);
    }
    expect(() =>
      renderNginxConfig(rules, { ...options, tls: { ...options.tls, certificateKey: "/k.pem;\nssl_verify off" } }),
    ).toThrow(/as the certificate's key/);
    expect(() => renderNginxConfig([{ path: "/*", headers: { "X-A b": "1" } }], options)).toThrow(
      /is not a header name/,
    );
  });

  it("refuses header values nginx would read as variables", () => {
    expect(() =>
      renderNginxConfig([{ path: "/*", headers: { "X-A": "$host" } }], {
        root: "/srv",
        serverNames: ["a"],
        canonicalOrigin: SITE,
        listenHttp: ["80"],
      }),
    ).toThrow(/\$host/);
  });
});

describe("sitegen nginx", () => {
  const cli = path.join(ROOT, "bin", "sitegen.js");
  const run = promisify(execFile);

  it("prints the config for a built dist/, from its _headers", async () => {
    const out = await sharedBuild();
    const { stdout } = await run(process.execPath, [cli, "nginx", "--out", out, "--root", "/srv/site", "--plain-http"]);
    expect(stdout).toContain("root /srv/site;");
    expect(stdout).toContain("listen 80;");
    expect(stdout).not.toContain("ssl");
    const rulesOnDisk = parseHeadersFile(await readFile(path.join(out, HEADERS_FILE), "utf8"));
    expect(stdout).toContain(`"${headersForPath(rulesOnDisk, "/contact")["Content-Security-Policy"]}"`);
    const secure = (await run(process.execPath, [cli, "nginx", "--out", out])).stdout;
    expect(secure).toContain(`server_name ${new URL(site.model.business.url).hostname};`);
    // Clean on nginx 1.22 and on 1.25.1 and later: no "http2" either way (nginx-config.ts says why).
    expect(secure).toContain("listen 443 ssl;");
    expect(secure).not.toContain("http2");
    expect(secure).toContain(`/etc/letsencrypt/live/${new URL(site.model.business.url).hostname}/fullchain.pem`);
  });

  it("refuses a --server-name that is not a host name, printing no config", async () => {
    const out = await sharedBuild();
    const failure = await run(process.execPath, [
      cli,
      "nginx",
      "--out",
      out,
      "--server-name",
      "www.example.com;x",
    ]).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 3, stdout: "" });
    expect((failure as { stderr: string }).stderr).toMatch(
      /^nginx: the server name "www\.example\.com;x" is not a host name/,
    );
  });

  it("says to generate first when the output folder has no _headers", async () => {
    const empty = await mkdtemp(path.join(tmpdir(), "site-nginx-empty-"));
    const error = await run(process.execPath, [cli, "nginx", "--out", empty]).catch(
      (failure: { code: number; stderr: string }) => failure,
    );
    expect(error).toMatchObject({ code: 3 });
    expect((error as { stderr: string }).stderr).toMatch(/_headers is missing: run `sitegen generate` first/);
  });
});
