// A temporary copy of the whole project (code, templates, data, README and guides), with node_modules linked,
// for tests that follow the owner's steps or change templates without touching the real ones.
import { cp, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./paths.ts";

const COPIED = ["bin", "data", "docs", "scripts", "templates", "package.json", "README.md", "tsconfig.json"];

/** `data`: another data folder as the copy's data/, such as the spec's (SPEC_DATA_DIR). */
export async function copyProject(options: { data?: string } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "site-project-"));
  await Promise.all(COPIED.map((entry) => cp(path.join(ROOT, entry), path.join(dir, entry), { recursive: true })));
  if (options.data) {
    await rm(path.join(dir, "data"), { recursive: true });
    await cp(options.data, path.join(dir, "data"), { recursive: true });
  }
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  await linkProjectCache(dir);
  return dir;
}

/**
 * The project's build cache (.cache/), linked into a copy in `dir`. Its entries (compressed pages,
 * photos, preview images) are keyed by what made them: sharing them keeps a copy's first build as
 * fast as the project's.
 */
export async function linkProjectCache(dir: string): Promise<void> {
  await mkdir(path.join(ROOT, ".cache"), { recursive: true });
  await symlink(path.join(ROOT, ".cache"), path.join(dir, ".cache"), "dir");
}
