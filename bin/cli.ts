// The site's command line: generate the site, check it, serve it, or both. Each command's module
// is imported only when that command runs, so `sitegen --help` and `sitegen serve` start without
// loading React, the templates or the map.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Command, InvalidArgumentError, Option } from "commander";
import { EXIT_CODES, failureOf } from "../scripts/pipeline/failure.ts";
import { formatProblem, formatWarnings, type DataProblem } from "../scripts/data/problems.ts";
import { HOST_NAMES, HOSTS, hostFromEnvironment, type Host } from "../scripts/headers/hosts.ts";
import { SERVERS, type Server } from "../scripts/deploy-check/servers.ts";
import { DATA_DIR, OUT_DIR, SCHEMAS_DIR } from "../scripts/lib/paths.ts";
import { printableLines } from "../scripts/lib/printable.ts";

const EXIT_CODE_HELP = `
Exit codes:
  0  success
  ${EXIT_CODES.data}  the data has errors (each printed as file:line:column)
  ${EXIT_CODES.render}  a page failed to render (the route and the message are printed)
  ${EXIT_CODES.other}  any other failure (file system, port in use, ...)`;

const dataOption = () =>
  new Option("-d, --data <dir>", "folder with site.yaml, services.yaml, towns.yaml, faq.yaml").default(DATA_DIR);
const outOption = () => new Option("-o, --out <dir>", "output folder").default(OUT_DIR);
const portOption = () => new Option("-p, --port <number>", "port to listen on").default(4321).argParser(Number);
const hostOption = () => new Option("--host <address>", "address to listen on").default("127.0.0.1");

function fail(error: unknown): never {
  const failure = failureOf(error);
  if (failure.kind === "data") {
    const count = failure.problems.length;
    console.error(
      `The data has ${count} problem${count === 1 ? "" : "s"}; nothing was written:\n${failure.problems.map(formatProblem).join("\n")}`,
    );
    console.error("Fix each line above (file:line:column field), then run `npm run check` again.");
  } else if (failure.kind === "render") {
    // A page's failure can quote the data; shown, never obeyed (problems are made printable where formatted).
    console.error(`${printableLines(failure.message)}\nNothing was written.`);
  } else {
    console.error(printableLines(failure.message));
  }
  process.exit(EXIT_CODES[failure.kind]);
}

const shown = (dir: string) => path.relative(process.cwd(), dir) || ".";

/** Warnings stop nothing (exit code 0); they go where errors go, so that a deploy log shows them. */
function warn(warnings: readonly DataProblem[]) {
  if (warnings.length > 0) console.error(formatWarnings(warnings));
}

async function runGenerate(options: {
  data: string;
  out: string;
  quiet?: boolean;
  preview?: boolean;
  production?: boolean;
  for?: Host;
  timings?: boolean;
  cache?: boolean;
}) {
  const { generate } = await import("../scripts/pipeline/generate.ts");
  const { previewFromEnvironment, publishedBranch } = await import("../scripts/pipeline/draft.ts");
  const host = options.for ?? hostFromEnvironment();
  const dataDir = path.resolve(options.data);
  const preview = options.preview ?? previewFromEnvironment(process.env, await publishedBranch(dataDir));
  const result = await generate({
    dataDir,
    outDir: path.resolve(options.out),
    host,
    cacheDir: options.cache === false ? false : undefined,
    preview,
    production: options.production === true,
  });
  warn(result.warnings);
  if (result.refused) {
    // The host publishes the preview, which shows the problems; the required check refuses to publish the draft.
    const { formatProblem } = await import("../scripts/data/problems.ts");
    const lines =
      result.refused.kind === "data"
        ? result.refused.problems.map(formatProblem)
        : [printableLines(result.refused.message)];
    console.error(`This draft cannot be published: the preview shows why.\n${lines.join("\n")}`);
  }
  if (!options.quiet) {
    const target = `${host ? ` for ${HOST_NAMES[host]}` : ""}${preview ? ", as a draft's preview" : ""}`;
    const what = result.refused
      ? "a page of the draft's problems"
      : `${result.pages} pages, sitemap.xml and robots.txt`;
    console.log(`Generated ${what}${target} in ${result.milliseconds} ms → ${shown(result.outDir)}`);
  }
  if (options.timings) {
    const { formatTimings } = await import("../scripts/pipeline/timings.ts");
    console.log(formatTimings(result.timings, result.milliseconds));
  }
}

async function runCheck(options: { data: string; production?: boolean }) {
  const { checkSite, describeCheck } = await import("../scripts/pipeline/check.ts");
  const dataDir = path.resolve(options.data);
  const summary = await checkSite(dataDir, { production: options.production === true });
  warn(summary.warnings);
  console.log(describeCheck(summary, `${shown(dataDir)}/`));
}

async function runSchemas(options: { out: string }) {
  const { writeJsonSchemas } = await import("../scripts/data/json-schemas.ts");
  const written = await writeJsonSchemas(path.resolve(options.out));
  const where = shown(path.resolve(options.out));
  console.log(
    written.length > 0 ? `Wrote ${written.join(", ")} to ${where}` : `The schemas in ${where} are up to date`,
  );
}

async function runCmsConfig(options: { data: string }) {
  const { editorConfigText } = await import("../scripts/pipeline/editor-config.ts");
  process.stdout.write(await editorConfigText(path.resolve(options.data)));
}

async function runFmt(options: { data: string }) {
  const { formatDataFiles } = await import("../scripts/data/format.ts");
  const dataDir = path.resolve(options.data);
  const changed = await formatDataFiles(dataDir);
  console.log(
    changed.length > 0
      ? `Put ${changed.join(", ")} in canonical form in ${shown(dataDir)}/`
      : `The data files in ${shown(dataDir)}/ are in canonical form`,
  );
}

async function runDev(options: { data: string; out: string; host: string; port: number }) {
  const { startDev } = await import("../scripts/dev/run-dev.ts");
  const session = await startDev({
    dataDir: options.data,
    outDir: options.out,
    host: options.host,
    port: options.port,
  });
  const stop = () => {
    session.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

async function runServe(options: { out: string; host: string; port: number }) {
  const { serve } = await import("../scripts/serve/server.ts");
  const { url } = await serve({ dir: path.resolve(options.out), host: options.host, port: options.port });
  console.log(`Serving ${shown(options.out)} at ${url} (Ctrl+C to stop)`);
}

const CHECK_DEPLOY_EXIT_CODES = `
Exit codes:
  0  the live site answers as generate wrote it
  1  it differs (each difference is printed)
  2  the check could not run (the address, the build or the data; the reason is printed)
  3  the host answers in place of the site: paused for its plan's limits, or no site there (what to do is printed)`;

/** A usage error of check-deploy exits 2, apart from the 1 of a site that differs. */
const USAGE_ERROR = 2;
/** check-deploy's exit when the host answers in place of the site (deploy-check/host-down.ts). */
const HOST_DOWN = 3;

function seconds(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new InvalidArgumentError("a number of seconds, such as 20");
  return number;
}

/** Why the check could not run, in words: the data's problems at file:line:column, or the message. */
function whyNotChecked(error: unknown): string {
  const failure = failureOf(error);
  if (failure.kind === "data") return `the data has problems:\n${failure.problems.map(formatProblem).join("\n")}`;
  return failure.message;
}

async function runCheckDeploy(
  address: string | undefined,
  options: { data: string; dist: string; servedBy?: Server; timeout: number },
) {
  const { checkDeploy } = await import("../scripts/deploy-check/check-deploy.ts");
  const { checkReport } = await import("../scripts/deploy-check/report.ts");
  const result = await checkDeploy({
    address,
    distDir: path.resolve(options.dist),
    dataDir: path.resolve(options.data),
    servedBy: options.servedBy,
    timeoutMs: options.timeout * 1000,
  });
  const dist = shown(options.dist);
  const { lines, ok } = checkReport(result, `${dist.startsWith("..") ? path.resolve(options.dist) : dist}/`);
  console.log(lines.join("\n"));
  process.exitCode = ok ? 0 : result.hostDown ? HOST_DOWN : 1;
}

const CHANGED_SINCE_EXIT_CODES = `
Exit codes:
  0  a build now is the same as a build then, file for file: no build is needed
  1  some files differ (each is printed): the host should build the site again
  2  it could not tell (the data's problems, or the reason, are printed)`;

async function runChangedSince(moments: string[], options: { data: string }) {
  const { changedSince, lastBuildInputCommit, liveBuildMoment } = await import("../scripts/pipeline/day-change.ts");
  const { dayText } = await import("../scripts/data/days.ts");
  const dataDir = path.resolve(options.data);
  const lastCommit = await lastBuildInputCommit(dataDir);
  const since = liveBuildMoment(moments, lastCommit);
  const change = await changedSince(dataDir, since, { host: hostFromEnvironment() });
  const onDay = (day: string) => `${dayText(day)}, ${day.slice(0, 4)}`;
  const why = since.getTime() === lastCommit?.getTime() ? ", the last commit that changed the site," : "";
  const between = `a build on ${onDay(change.since)}${why} and a build now (${onDay(change.today)})`;
  if (change.files.length === 0) {
    console.log(`No file differs between ${between}: no build is needed.`);
    return;
  }
  const count = change.files.length;
  console.log(
    `${count} file${count === 1 ? " differs" : "s differ"} between ${between}; the host should build the site again:`,
  );
  for (const file of change.files) console.log(`  ${file}`);
  process.exitCode = 1;
}

/** wrangler's major version the sign-in service is deployed with (the tests run it in the same). */
const WRANGLER = "wrangler@4";

async function runSignInDeploy(options: { data: string; dryRun?: boolean }) {
  const { loadData } = await import("../scripts/data/load.ts");
  const { signInDeployArguments } = await import("../scripts/admin/sign-in-deploy.ts");
  const { spawn } = await import("node:child_process");
  const { site } = await loadData(path.resolve(options.data));
  const args = ["--yes", WRANGLER, ...signInDeployArguments(site, { dryRun: options.dryRun })];
  console.log(`npx ${args.join(" ")}`);
  const child = spawn("npx", args, { stdio: "inherit" });
  process.exitCode = await new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const program = new Command()
  .name("sitegen")
  .description("Builds the contractor's website from the YAML files in data/ into static HTML.")
  .addHelpText("after", EXIT_CODE_HELP)
  .showHelpAfterError();

program
  .command("generate")
  .description("validate the data and write every page, the sitemap and robots.txt to the output folder")
  .addOption(dataOption())
  .addOption(outOption())
  .option("-q, --quiet", "print nothing but errors and warnings")
  .option("--timings", "print how long each step of the build took")
  .option("--no-cache", "make everything anew, and keep nothing in .cache/ for the next build")
  .option(
    "--preview",
    "build a draft's preview: marked on every page, kept from search engines, counting nothing, its problems shown " +
      "rather than refused (default: when the host's variables say it builds a pull request or another branch)",
  )
  .option(
    "--production",
    "build the site to put live on a server of your own (nginx): the placeholders still in site.yaml are problems, " +
      "and nothing is written while one remains, as a host's build does",
  )
  .addOption(
    new Option(
      "--for <host>",
      "build for a static host: no precompressed copies (the host compresses), and only the host's own files " +
        "(default: the host whose build this is, from NETLIFY or CF_PAGES; otherwise for npm start and nginx)",
    ).choices(HOSTS),
  )
  .addHelpText("after", EXIT_CODE_HELP)
  .action((options) => runGenerate(options).catch(fail));

program
  .command("check")
  .description(
    "validate the data and render every page in memory, writing nothing to dist/ (what it makes, such as the preview images, is kept in .cache/ for the next build); prints every problem, and lists the placeholders still in site.yaml",
  )
  .addOption(dataOption())
  .option(
    "--production",
    "check as a build that puts the site live: the placeholders still in site.yaml are problems (the check of a draft)",
  )
  .addHelpText("after", EXIT_CODE_HELP)
  .action((options) => runCheck(options).catch(fail));

program
  .command("fmt")
  .description("put the data files in their canonical form (layout only: after a hand edit or a save from an editor)")
  .addOption(dataOption())
  .action((options) => runFmt(options).catch(fail));

program
  .command("dev")
  .description("generate, serve on http://127.0.0.1:4321, rebuild on every save and reload the browser")
  .addOption(dataOption())
  .addOption(outOption())
  .addOption(hostOption())
  .addOption(portOption())
  .addHelpText("after", EXIT_CODE_HELP)
  .action((options) => runDev(options).catch(fail));

program
  .command("schemas")
  .description("write the JSON Schemas editors use for the data files (from the generator's own rules)")
  .addOption(new Option("-o, --out <dir>", "output folder").default(SCHEMAS_DIR))
  .action((options) => runSchemas(options).catch(fail));

program
  .command("cms-config")
  .description("print the site editor's configuration (/admin/config.yml), generated from the schemas and site.yaml")
  .addOption(dataOption())
  .action((options) => runCmsConfig(options).catch(fail));

program
  .command("serve")
  .description("serve the output folder as production does (unknown paths get the 404 page)")
  .addOption(outOption())
  .addOption(hostOption())
  .addOption(portOption())
  .action((options) => runServe(options).catch(fail));

program
  .command("start")
  .description("generate, then serve the result on http://127.0.0.1:4321")
  .addOption(dataOption())
  .addOption(outOption())
  .addOption(hostOption())
  .addOption(portOption())
  .action(async (options) => {
    await runGenerate(options).catch(fail);
    await runServe(options).catch(fail);
  });

program
  .command("nginx")
  .description("print an nginx server config for the built output folder (headers from its _headers file)")
  .addOption(dataOption())
  .addOption(outOption())
  .option("--root <dir>", "where the output folder lives on the server (default: --out)")
  .option("--server-name <names...>", "host names to answer (default: the host of site.yaml's url)")
  .option("--plain-http", "serve plain HTTP only, behind a proxy that terminates TLS")
  .option("--certificate <file>", "TLS certificate chain (default: Let's Encrypt's path for the first name)")
  .option("--certificate-key <file>", "TLS private key (default: Let's Encrypt's path for the first name)")
  .option("--listen-http <addresses...>", "plain HTTP listen addresses", ["80", "[::]:80"])
  .option("--listen-https <addresses...>", "HTTPS listen addresses", ["443", "[::]:443"])
  .option("-w, --write <file>", "write the config to this file instead of printing it")
  .addHelpText("after", EXIT_CODE_HELP)
  .action(async (options) => {
    try {
      const { nginxConfigFor } = await import("../scripts/headers/nginx-command.ts");
      const config = await nginxConfigFor({
        dataDir: path.resolve(options.data),
        outDir: path.resolve(options.out),
        root: options.root,
        serverNames: options.serverName,
        plainHttp: options.plainHttp,
        certificate: options.certificate,
        certificateKey: options.certificateKey,
        listenHttp: options.listenHttp,
        listenHttps: options.listenHttps,
      });
      if (options.write) await writeFile(options.write, config);
      else process.stdout.write(config);
    } catch (error) {
      fail(error);
    }
  });

program
  .command("sign-in-deploy")
  .description(
    "deploy the site editor's sign-in service (scripts/sign-in/) to Cloudflare Workers with wrangler, told the " +
      "site's address and repository from site.yaml; its secrets are set once beforehand (scripts/sign-in/README.md)",
  )
  .addOption(dataOption())
  .option("--dry-run", "bundle the Worker and say what would be deployed, deploying nothing")
  .action((options) => runSignInDeploy(options).catch(fail));

program
  .command("changed-since")
  .description(
    "say whether a build now differs from the live build of the same data, made earlier (the closed days shown and " +
      "the footer's year depend on the day of the build), and which files; the daily rebuild asks the host for a build only then",
  )
  .argument(
    "[moments...]",
    "when the live build was made, YYYY-MM-DD or an ISO time: the latest of these and of the last commit that " +
      "changed what the build reads counts (yesterday when neither is known)",
  )
  .addOption(dataOption())
  .addHelpText("after", CHANGED_SINCE_EXIT_CODES)
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_ERROR))
  .action((moments, options) =>
    runChangedSince(moments, options).catch((error: unknown) => {
      console.error(`changed-since could not tell: ${whyNotChecked(error)}`);
      process.exit(USAGE_ERROR);
    }),
  );

program
  .command("check-deploy")
  .description(
    "check the live site against the build that was deployed: its pages, their other names, headers, " +
      "policies and canonicals, the 404 page, /sw.js, /admin/, robots.txt, the sitemap and the form's addresses",
  )
  .argument("[address]", "the live site, https://… (default: url in site.yaml); http:// only on this computer")
  .addOption(dataOption())
  .addOption(new Option("--dist <dir>", "the build that was deployed").default(OUT_DIR))
  .addOption(
    new Option(
      "--served-by <server>",
      "which server answers, where the address table says a host answers otherwise (default: told by its headers)",
    ).choices(SERVERS),
  )
  .addOption(new Option("--timeout <seconds>", "how long to wait for each answer").default(20).argParser(seconds))
  .addHelpText("after", CHECK_DEPLOY_EXIT_CODES)
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_ERROR))
  .action((address, options) =>
    runCheckDeploy(address, options).catch((error: unknown) => {
      console.error(`check-deploy could not check the site: ${whyNotChecked(error)}`);
      process.exit(USAGE_ERROR);
    }),
  );

await program.parseAsync();
