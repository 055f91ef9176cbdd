// The site's command line: generate the site, serve it, or both.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, Option } from "commander";
import { checkSite, describeCheck } from "../scripts/build/check.ts";
import { startDev } from "../scripts/dev/run-dev.ts";
import { writeJsonSchemas } from "../scripts/data/json-schemas.ts";
import { SCHEMAS_DIR } from "../scripts/lib/paths.ts";
import { DataError } from "../scripts/data/load.ts";
import { generate } from "../scripts/build/generate.ts";
import { RenderError } from "../scripts/pages/render.ts";
import { serve } from "../scripts/serve/server.ts";
import { nginxConfigFor } from "../scripts/headers/nginx-command.ts";
import { PolicyError } from "../scripts/headers/csp.ts";

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));

const EXIT_CODES = `
Exit codes:
  0  success
  1  the data has errors (each printed as file:line:column)
  2  a page failed to render (the route and the message are printed)
  3  any other failure (file system, port in use, ...)`;

const dataOption = () =>
  new Option("-d, --data <dir>", "folder with site.yaml, services.yaml, towns.yaml, faq.yaml").default(
    path.join(root, "data"),
  );
const outOption = () => new Option("-o, --out <dir>", "output folder").default(path.join(root, "dist"));
const portOption = () => new Option("-p, --port <number>", "port to listen on").default(4321).argParser(Number);
const hostOption = () => new Option("--host <address>", "address to listen on").default("127.0.0.1");

function fail(error: unknown): never {
  if (error instanceof DataError) {
    const count = error.problems.length;
    console.error(`The data has ${count} problem${count === 1 ? "" : "s"}; nothing was written:\n${error.message}`);
    console.error("Fix each line above (file:line:column field), then run `npm run check` again.");
    process.exit(1);
  }
  // A page that breaks the Content-Security-Policy is a page that failed, like a template that throws.
  if (error instanceof RenderError || error instanceof PolicyError) {
    console.error(`${error.message}\nNothing was written.`);
    process.exit(2);
  }
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(3);
}

async function runGenerate(options: { data: string; out: string; quiet?: boolean }) {
  const result = await generate({ dataDir: path.resolve(options.data), outDir: path.resolve(options.out) });
  if (!options.quiet) {
    console.log(
      `Generated ${result.pages} pages, sitemap.xml and robots.txt in ${result.milliseconds} ms → ${path.relative(process.cwd(), result.outDir) || "."}`,
    );
  }
}

async function runCheck(options: { data: string }) {
  const dataDir = path.resolve(options.data);
  const summary = await checkSite(dataDir);
  console.log(describeCheck(summary, `${path.relative(process.cwd(), dataDir) || "."}/`));
}

async function runSchemas(options: { out: string }) {
  const written = await writeJsonSchemas(path.resolve(options.out));
  const where = path.relative(process.cwd(), path.resolve(options.out)) || ".";
  console.log(written.length > 0 ? `Wrote ${written.join(", ")} to ${where}` : `The schemas in ${where} are up to date`);
}

async function runDev(options: { data: string; out: string; host: string; port: number }) {
  const session = await startDev({ dataDir: options.data, outDir: options.out, host: options.host, port: options.port });
  const stop = () => {
    session.close().then(() => process.exit(0), () => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

async function runServe(options: { out: string; host: string; port: number }) {
  const { url } = await serve({ dir: path.resolve(options.out), host: options.host, port: options.port });
  console.log(`Serving ${path.relative(process.cwd(), options.out) || "."} at ${url} (Ctrl+C to stop)`);
}

const program = new Command()
  .name("sitegen")
  .description("Builds the contractor's website from the YAML files in data/ into static HTML.")
  .addHelpText("after", EXIT_CODES)
  .showHelpAfterError();

program
  .command("generate")
  .description("validate the data and write every page, the sitemap and robots.txt to the output folder")
  .addOption(dataOption())
  .addOption(outOption())
  .option("-q, --quiet", "print nothing but errors")
  .addHelpText("after", EXIT_CODES)
  .action((options) => runGenerate(options).catch(fail));

program
  .command("check")
  .description("validate the data and render every page in memory, writing nothing; prints every problem")
  .addOption(dataOption())
  .addHelpText("after", EXIT_CODES)
  .action((options) => runCheck(options).catch(fail));

program
  .command("dev")
  .description("generate, serve on http://127.0.0.1:4321, rebuild on every save and reload the browser")
  .addOption(dataOption())
  .addOption(outOption())
  .addOption(hostOption())
  .addOption(portOption())
  .addHelpText("after", EXIT_CODES)
  .action((options) => runDev(options).catch(fail));

program
  .command("schemas")
  .description("write the JSON Schemas editors use for the data files (from the generator's own rules)")
  .addOption(new Option("-o, --out <dir>", "output folder").default(SCHEMAS_DIR))
  .action((options) => runSchemas(options).catch(fail));

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
  .addHelpText("after", EXIT_CODES)
  .action(async (options) => {
    try {
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

await program.parseAsync();
