// The site's command line: generate the site, serve it, or both.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, Option } from "commander";
import { DataError } from "../scripts/load-data.ts";
import { generate } from "../scripts/generate.ts";
import { RenderError } from "../scripts/render.ts";
import { serve } from "../scripts/server.ts";

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
    console.error(`The data has ${error.problems.length} problem(s); nothing was written:\n${error.message}`);
    process.exit(1);
  }
  if (error instanceof RenderError) {
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

await program.parseAsync();
