// The project as it would be with some files added or changed, without touching it: a temporary
// folder whose given files are real and whose every other file and folder is a link to the
// project's own. A given file imports the project's modules as it would from its place in the
// project, so TypeScript can check it and a test can import it (test/routes.test.ts: the pages
// README's new kind of page, as a reader would add it).
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./paths.ts";

/** Makes the shadow of the project with `files` (path in the project → text); returns its folder. */
export async function shadowProject(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "shadow-project-"));
  // The folders that hold a given file are real folders; everything else in them is a link.
  const folders = new Set([""]);
  for (const file of Object.keys(files))
    for (let folder = path.dirname(file); folder !== "."; folder = path.dirname(folder)) folders.add(folder);
  for (const folder of folders) {
    await mkdir(path.join(dir, folder), { recursive: true });
    // A folder new to the copy (a made-up feature's) has nothing of the project's to link.
    const entries = await readdir(path.join(ROOT, folder)).catch(() => []);
    for (const entry of entries) {
      const relative = path.join(folder, entry);
      if (!folders.has(relative) && !(relative in files))
        await symlink(path.join(ROOT, relative), path.join(dir, relative));
    }
  }
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
  return dir;
}

/** TypeScript's verdict on `files` of a shadow project, with the project's compiler options: its errors, or "" when there are none. */
export async function typeErrors(dir: string, files: readonly string[]): Promise<string> {
  const config = path.join(dir, "tsconfig.check.json");
  await writeFile(config, JSON.stringify({ extends: path.join(ROOT, "tsconfig.json"), include: [], files }));
  const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
  return promisify(execFile)(process.execPath, [tsc, "-p", config]).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
}
