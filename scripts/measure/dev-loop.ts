// How long `npm run dev` takes from a save to the reload it sends the browser, as the dev server
// itself reports it ("reload sent N ms after the save"): the owner's edit loop. Run in a copy of
// the project (its own caches, its own data), with the command line as the owner starts it.
//   - a data save: one paragraph of a town page changed in data/towns.yaml, written in place as a
//     text editor writes it; the page changes, its preview card does not.
//   - an editor save: a town's description changed, written as the site editor at /admin/ writes
//     through the browser (a swap file beside it, then renamed over it); the page and its preview
//     card change.
import { spawn } from "node:child_process";
import { cp, mkdir, readFile, rename, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";

export interface DevLoopFigures {
  /** Milliseconds from each save to its reload, in the order saved. */
  dataSaves: number[];
  editorSaves: number[];
}

const MATTOON_BODY = "Mattoon is our home base. The city grew up in the 1850s";
const MATTOON_DESCRIPTION = "Excavating, drainage and site work from our home base in Mattoon";

/** `text` with its first `from` replaced by `to`; stops the run when the data no longer has it. */
function replaced(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`data/towns.yaml no longer contains "${from}": update dev-loop.ts`);
  return text.replace(from, to);
}

/** The parts of the project `sitegen dev` runs from; node_modules is shared, .cache/ is the copy's own. */
const COPIED = ["bin", "scripts", "templates", "data", "package.json", "tsconfig.json"];

/**
 * Starts `sitegen dev` in a copy of the project (under `work`), lets it build once, then saves
 * `saves` times each way, one save after the previous reload.
 */
export async function measureDevLoop(work: string, saves: number): Promise<DevLoopFigures> {
  const project = path.join(work, "dev-project");
  await mkdir(project, { recursive: true });
  for (const entry of COPIED) {
    await cp(path.join(PROJECT_ROOT, entry), path.join(project, entry), { recursive: true });
  }
  await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(project, "node_modules"), "dir");
  const cli = path.join(project, "bin", "sitegen.js");
  const towns = path.join(project, "data", "towns.yaml");
  const original = await readFile(towns, "utf8");
  const child = spawn(process.execPath, [cli, "dev", "--port", "0"], {
    cwd: project,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  /** The next build line after `since`; its reload figure, or the failure. */
  const nextBuild = async (since: number): Promise<number | undefined> => {
    for (let waited = 0; waited < 60_000; waited += 20) {
      const line = /^([✓✗]) .*$/m.exec(output.slice(since))?.[0];
      if (line?.startsWith("✗")) throw new Error(`the dev server could not build: ${output.slice(since)}`);
      if (line) {
        const reload = /reload sent (\d+) ms after the save/.exec(line)?.[1];
        return reload === undefined ? undefined : Number(reload);
      }
      if (child.exitCode !== null) throw new Error(`the dev server stopped: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no build within a minute: ${output.slice(since)}`);
  };
  const save = async (write: () => Promise<void>): Promise<number> => {
    const since = output.length;
    await write();
    const figure = await nextBuild(since);
    if (figure === undefined) throw new Error("a save was built without a reload figure");
    // Let the watcher settle, as an owner reading the page would.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return figure;
  };
  try {
    await nextBuild(0);
    const dataSaves: number[] = [];
    const editorSaves: number[] = [];
    for (let i = 1; i <= saves; i++) {
      const body = replaced(original, MATTOON_BODY, `${MATTOON_BODY} (edit ${i})`);
      dataSaves.push(await save(() => writeFile(towns, body)));
      const described = replaced(original, MATTOON_DESCRIPTION, `${MATTOON_DESCRIPTION} (edit ${i})`);
      editorSaves.push(
        await save(async () => {
          await writeFile(`${towns}.crswap`, described);
          await rename(`${towns}.crswap`, towns);
        }),
      );
    }
    return { dataSaves, editorSaves };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}
