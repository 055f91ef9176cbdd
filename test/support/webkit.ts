// WebKit for browser tests: Debian's WebKitGTK MiniBrowser, driven through WebKitWebDriver
// (WebDriver classic) on an Xvfb display of its own, and reaching the site only through a small
// proxy in this process. WebDriver classic can neither read the console nor intercept requests, so
// the proxy does both jobs:
//
// - It forwards requests for the test's own server, and refuses every other one (a CONNECT for
//   https, a plain request otherwise), noting it in `refused`. The form provider's origins are
//   therefore never contacted: the browser asks the proxy for them and is turned away, as when the
//   provider is down; or, when the test brings a stand-in for the provider, the proxy answers for
//   the provider's hosts itself, over TLS with a certificate of its own that the session accepts.
//   The note also shows any address WebKit turned into https.
// - It puts one more inline script at the top of every page's <head>, allowed by its hash in the
//   page's Content-Security-Policy, which records what the console would show as errors: calls to
//   console.error and console.warn, uncaught errors and rejections, and policy violations.
//
// As a visitor's WebKit (`eventsApi`), for the counting tests (support/plausible.ts), the proxy
// also forwards the site's requests at SITE_HOST, answers Plausible's events address over TLS with
// the stand-in for its Events API, and its script sets window.__plausible: MiniBrowser has no switch
// to stop navigator.webdriver from saying it is driven, and that is the tracker's own flag for it.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import { connect, createServer as createNetServer, type AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Builder, By, Capabilities, Key, type WebDriver } from "selenium-webdriver";
import type { EngineDriver } from "./behaviour.ts";
import { providerAnswer } from "./form-provider.ts";
import { atSiteHost, eventsApiAnswer, STAND_IN_EVENTS, type CountedEvent } from "./plausible.ts";
import { selfSignedCertificate } from "./tls.ts";
import { MINIBROWSER, toolPath, WEBKIT_DRIVER, XVFB } from "./tools.ts";

const VIEWPORT_HEIGHT = 844;

/** Runs first in every page: keeps what the console would show as errors, in window.problems. */
function recordProblems() {
  const seen: string[] = [];
  (window as unknown as { problems: string[] }).problems = seen;
  for (const level of ["error", "warn"] as const) {
    const write = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      seen.push(`${level}: ${args.map(String).join(" ")}`);
      write(...args);
    };
  }
  addEventListener("error", (event) => seen.push(`uncaught: ${String(event.error ?? event.message)}`));
  addEventListener("unhandledrejection", (event) => seen.push(`uncaught: ${String(event.reason)}`));
  addEventListener("securitypolicyviolation", (event) =>
    seen.push(`error: refused ${event.blockedURI} (${event.effectiveDirective})`),
  );
}

/**
 * The script the proxy puts first in every page's <head>: the recorder, and in a visitor's WebKit
 * the tracker's flag (read at each count) that lets it count in a browser driven by automation.
 * With its source for the page's policy, by its hash.
 */
function injectedScript(visitor: boolean): { script: string; source: string } {
  const script = `(${recordProblems.toString()})()${visitor ? ";window.__plausible = true;" : ""}`;
  return { script, source: `'sha256-${createHash("sha256").update(script).digest("base64")}'` };
}

/** The page's policy, allowing the injected script (its `source`) too. */
function allowInjected(policy: string, source: string): string {
  return policy
    .split(";")
    .map((directive) => directive.trim())
    .map((directive) => (directive.startsWith("script-src ") ? `${directive} ${source}` : directive))
    .join("; ");
}

interface SiteProxy {
  /** The proxy's address, for the browser's --proxy. */
  url: string;
  /** The requests it refused: "CONNECT host:port" for https, "GET url" otherwise. */
  refused: string[];
  /** The status the server last answered for a path with. */
  statusOf(path: string): number | undefined;
  close(): Promise<void>;
}

/** A stand-in for the form provider (support/form-provider.ts), answering for its hosts. */
export interface ProviderStandIn {
  hosts: string[];
  script: string;
  document: string;
}

/** The stand-in for Plausible's Events API, as a visitor's WebKit reaches it through the proxy. */
export interface WebKitEventsApi {
  /** Every event the stand-in received, in order. */
  events: CountedEvent[];
  /**
   * While true, the events address cannot be reached: the proxy refuses its host's CONNECT (noted
   * in `refused`), and drops a request that comes on a tunnel opened before. Read at each one.
   */
  down?: boolean;
}

/** The events address's host, which a visitor's WebKit reaches at the proxy's stand-in. */
const EVENTS_HOST = new URL(STAND_IN_EVENTS).host;

/** A certificate for the hosts the proxy answers itself, made in `dir`; the session accepts it. */
async function certificateFor(hosts: string[], dir: string): Promise<{ cert: Buffer; key: Buffer }> {
  const { certificate, certificateKey } = await selfSignedCertificate(dir, hosts);
  const [cert, key] = await Promise.all([readFile(certificate), readFile(certificateKey)]);
  return { cert, key };
}

/** An HTTPS server, not listening, that answers the provider's requests with the stand-in. */
function providerServer(standIn: ProviderStandIn, tls: { cert: Buffer; key: Buffer }): HttpsServer {
  return createHttpsServer(tls, (req, res) => {
    const isScript = (req.url ?? "").endsWith(".js");
    const { status, contentType, body } = providerAnswer(isScript, standIn);
    res.writeHead(status, { "content-type": contentType }).end(body);
  });
}

/**
 * An HTTPS server, not listening, that answers the events address with the stand-in for
 * Plausible's Events API, recording each event, and a preflight (the tracker's text/plain POST needs
 * none) as for any cross-origin POST. Each answer closes its connection, so that the next request
 * comes through a CONNECT of its own, which the proxy refuses while the address is `down`.
 */
function eventsApiServer(api: WebKitEventsApi, tls: { cert: Buffer; key: Buffer }): HttpsServer {
  const eventsPath = new URL(STAND_IN_EVENTS).pathname;
  return createHttpsServer(tls, (req, res) => {
    if (api.down) return void req.socket.destroy();
    if (new URL(req.url ?? "/", STAND_IN_EVENTS).pathname !== eventsPath)
      return void res.writeHead(404, { connection: "close" }).end();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = eventsApiAnswer({
        method: req.method ?? "",
        contentType: req.headers["content-type"] ?? "",
        body: Buffer.concat(chunks).toString("utf8"),
        ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
      });
      if (answer.event) api.events.push(answer.event);
      res.writeHead(answer.status, { ...answer.headers, connection: "close" }).end(answer.body);
    });
  });
}

interface ProxyOptions {
  /** The form provider's stand-in, answered on its hosts. */
  standIn?: ProviderStandIn;
  /** More origins of the test's own, on 127.0.0.1, forwarded as the site is (plain HTTP). */
  forward?: readonly string[];
  /** Hosts of the test's own, as host:port on 127.0.0.1 (or host:* for any port), reached through a CONNECT (HTTPS). */
  tunnel?: readonly string[];
  /** Plausible's Events API's stand-in, answered on its host; and the site forwarded at SITE_HOST too. */
  eventsApi?: WebKitEventsApi;
  /** Where the certificate for the hosts answered here is written. */
  dir: string;
}

async function startSiteProxy(
  siteUrl: string,
  { standIn, eventsApi, dir, forward = [], tunnel = [] }: ProxyOptions,
): Promise<SiteProxy> {
  const answeredHosts = [...(standIn?.hosts ?? []), ...(eventsApi ? [EVENTS_HOST] : [])];
  const tls = answeredHosts.length > 0 ? await certificateFor(answeredHosts, dir) : undefined;
  /** The servers that answer a CONNECT to a host here, by host. */
  const tunnels = new Map<string, HttpsServer>();
  if (tls && standIn) {
    const provider = providerServer(standIn, tls);
    for (const host of standIn.hosts) tunnels.set(host, provider);
  }
  if (tls && eventsApi) tunnels.set(EVENTS_HOST, eventsApiServer(eventsApi, tls));
  const site = new URL(siteUrl);
  /** The origins forwarded to the site: its own, and in a visitor's WebKit its address at SITE_HOST. */
  const siteOrigins = [site.origin, ...(eventsApi ? [new URL(atSiteHost(siteUrl)).origin] : []), ...forward];
  const { script, source } = injectedScript(eventsApi !== undefined);
  const refused: string[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const requested = new URL(req.url ?? "/", site);
    if (!siteOrigins.includes(requested.origin)) {
      refused.push(`${req.method} ${requested.href}`);
      res.writeHead(403).end();
      return;
    }
    const target = new URL(
      `${requested.pathname}${requested.search}`,
      forward.includes(requested.origin) ? requested.origin : site,
    );
    // Whole, uncompressed answers: pages are rewritten on their way through.
    const headers: IncomingHttpHeaders = { ...req.headers, "accept-encoding": "identity" };
    delete headers["if-none-match"];
    delete headers["if-modified-since"];
    const upstream = request(target, { method: req.method, headers }, (answer) => {
      const status = answer.statusCode ?? 502;
      statuses.set(target.pathname, status);
      if (!answer.headers["content-type"]?.startsWith("text/html")) {
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const html = Buffer.concat(chunks).toString("utf8");
        const body = Buffer.from(html.replace(/<head[^>]*>/, (tag) => `${tag}<script>${script}</script>`));
        const policy = answer.headers["content-security-policy"];
        res.writeHead(status, {
          ...answer.headers,
          "content-length": body.length,
          ...(typeof policy === "string" ? { "content-security-policy": allowInjected(policy, source) } : {}),
        });
        res.end(req.method === "HEAD" ? undefined : body);
      });
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  /** The sockets of CONNECT requests: no longer the server's connections, so closed here. */
  const tunnelled = new Set<Duplex>();
  server.on("connect", (req, socket, head) => {
    tunnelled.add(socket);
    socket.once("close", () => tunnelled.delete(socket));
    const wanted = req.url ?? "";
    if (
      tunnel.some(
        (allowed) => allowed === wanted || (allowed.endsWith(":*") && wanted.startsWith(allowed.slice(0, -1))),
      )
    ) {
      const [host = "", port = ""] = (req.url ?? "").split(":");
      const upstream = connect(Number(port), host, () => {
        socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        if (head.length > 0) upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on("error", () => socket.destroy());
      socket.on("error", () => upstream.destroy());
      return;
    }
    const host = (req.url ?? "").replace(/:443$/, "");
    const answering = tunnels.get(host);
    if (answering && !(host === EVENTS_HOST && eventsApi?.down)) {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) socket.unshift(head);
      answering.emit("connection", socket);
      return;
    }
    refused.push(`CONNECT ${req.url}`);
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    statusOf: (path) => statuses.get(path),
    close: () =>
      new Promise((resolve) => {
        // A tunnel the browser opened as it was stopped can outlive it, and keep the server open.
        for (const socket of tunnelled) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listenOnLoopback(server: Server | ReturnType<typeof createNetServer>): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

/** A port nothing listens on now, for WebKitWebDriver, which cannot say which port it took. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  const port = await listenOnLoopback(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts Xvfb on a display it picks itself; resolves with the display's name. No window manager
 * runs, so the X server gives keyboard focus to the window under the pointer, and without it
 * :focus never matches. The screen is smaller than any window the tests open: the pointer starts
 * at its centre, (8, 8), inside the browser's window at (0, 0), over the header's empty corner.
 */
async function startXvfb(): Promise<{ process: ChildProcess; display: string }> {
  const xvfb = spawn(toolPath(XVFB), ["-displayfd", "1", "-screen", "0", "16x16x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  xvfb.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    let out = "";
    xvfb.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(`:${out.trim()}`);
    });
    xvfb.once("error", reject);
    xvfb.once("exit", (code) => reject(new Error(`Xvfb stopped (${code}) before it had a display: ${errors}`)));
  });
  return { process: xvfb, display };
}

/**
 * Starts WebKitWebDriver for `display`, in a process group of its own, and waits until it answers.
 * `config` is the XDG_CONFIG_HOME of the browser it starts.
 */
async function startWebDriver(display: string, config: string): Promise<{ process: ChildProcess; url: string }> {
  const port = await freePort();
  const driver = spawn(toolPath(WEBKIT_DRIVER), [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: config },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (driver.exitCode !== null) break;
    const ready = await fetch(`${url}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { process: driver, url };
    await sleep(50);
  }
  stopGroup(driver);
  throw new Error(`WebKitWebDriver did not answer on ${url}`);
}

/** Ends a process started here with `detached`, and what it started (the browser), by its group id. */
function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

export interface WebKit {
  /** The WebDriver session, for what the behaviour driver does not cover. */
  session: WebDriver;
  driver: EngineDriver;
  /** What the proxy refused: every request that was not for the test's server. */
  refused: string[];
  /** Sets the window, and so the viewport, to `width` × 844 px. */
  resize(width: number): Promise<void>;
  /** The viewport as a PNG, once what is drawn holds still (a scroll is repainted a moment later). */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface WebKitOptions {
  /** More origins of the test's own on 127.0.0.1 that the browser may reach: plain HTTP ones forwarded, HTTPS ones (host:port) tunnelled. */
  forward?: readonly string[];
  tunnel?: readonly string[];
  /**
   * WebKit as a visitor's, for the counting tests: the site is opened at SITE_HOST, which the proxy
   * forwards to the test's server; the events address (STAND_IN_EVENTS) is answered by the proxy's
   * stand-in for Plausible's Events API; and every page sets window.__plausible before its scripts.
   */
  eventsApi?: WebKitEventsApi;
}

/**
 * MiniBrowser on a display of its own, reaching `siteUrl` and nothing else; and the form
 * provider's hosts, answered by `standIn`, when given; and as a visitor's (`eventsApi`), the site at
 * SITE_HOST and the stand-in for Plausible's Events API.
 */
export async function launchWebKit(
  siteUrl: string,
  standIn?: ProviderStandIn,
  { eventsApi, forward, tunnel }: WebKitOptions = {},
): Promise<WebKit> {
  // Each fails, naming its Debian package, when the program is missing.
  for (const tool of [WEBKIT_DRIVER, MINIBROWSER, XVFB]) toolPath(tool);
  const config = await mkdtemp(path.join(tmpdir(), "webkit-config-"));
  const [xvfb, proxy] = await Promise.all([
    startXvfb(),
    startSiteProxy(siteUrl, { standIn, eventsApi, dir: config, forward, tunnel }),
  ]);
  const site = eventsApi ? atSiteHost(siteUrl) : siteUrl;
  let webDriver: Awaited<ReturnType<typeof startWebDriver>> | undefined;
  let session: WebDriver | undefined;
  const close = async () => {
    await session?.quit().catch(() => undefined);
    if (webDriver) stopGroup(webDriver.process);
    xvfb.process.kill("SIGTERM");
    await Promise.all([proxy.close(), rm(config, { recursive: true, force: true })]);
  };
  try {
    // MiniBrowser's own controls, hidden in full-screen mode, would keep its window 334 px wide at least.
    await mkdir(path.join(config, "gtk-3.0"));
    await writeFile(path.join(config, "gtk-3.0", "gtk.css"), "* { min-width: 0; }\n");
    webDriver = await startWebDriver(xvfb.display, config);
    const capabilities = new Capabilities({
      browserName: "MiniBrowser",
      // The stand-ins' certificate is the proxy's own.
      ...(standIn || eventsApi || tunnel ? { acceptInsecureCerts: true } : {}),
      "webkitgtk:browserOptions": {
        binary: toolPath(MINIBROWSER),
        args: ["--automation", "--full-screen", `--proxy=${proxy.url}`],
      },
    });
    session = await new Builder().usingServer(webDriver.url).withCapabilities(capabilities).build();
    const focused = session;
    await focused
      .wait(() => focused.executeScript(() => document.hasFocus()), 5000)
      .catch(() => Promise.reject(new Error("MiniBrowser's window has no keyboard focus on the Xvfb display")));
  } catch (error) {
    await close();
    throw error;
  }
  const browser = session;
  let width = 0;
  const waitFor = async (pageFunction: () => boolean, timeout = 10_000) => {
    await browser.wait(async () => Boolean(await browser.executeScript(pageFunction)), timeout);
  };
  const resize = async (wanted: number) => {
    if (wanted === width) return;
    await browser.manage().window().setRect({ width: wanted, height: VIEWPORT_HEIGHT });
    await browser.wait(async () => (await browser.executeScript(() => innerWidth)) === wanted, 5000);
    width = wanted;
  };
  const driver: EngineDriver = {
    async load(path, wanted = 390) {
      await resize(wanted);
      await browser.get(`${site}${path}`);
      return proxy.statusOf(new URL(path, siteUrl).pathname);
    },
    evaluate: (pageFunction) => browser.executeScript(pageFunction),
    waitFor,
    click: (selector) => browser.findElement(By.css(selector)).click(),
    press: (key) =>
      browser
        .actions()
        .sendKeys(key === "Tab" ? Key.TAB : Key.ENTER)
        .perform(),
    back: () => browser.navigate().back(),
    problems: () =>
      browser.executeScript(
        () => (window as unknown as { problems?: string[] }).problems ?? ["the page's problems were not recorded"],
      ),
  };
  return {
    session: browser,
    driver,
    refused: proxy.refused,
    resize,
    async screenshot() {
      let last = "";
      for (let tries = 0; tries < 20; tries += 1) {
        const shot = await browser.takeScreenshot();
        if (shot === last) break;
        last = shot;
        await sleep(100);
      }
      return Buffer.from(last, "base64");
    },
    close,
  };
}
