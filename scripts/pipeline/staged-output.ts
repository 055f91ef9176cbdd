// Writing a site without ever leaving half of one: files go to a fresh folder beside the output
// folder, which replaces it in one step once everything is written, or is removed if anything fails.
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputContents } from "../lib/output.ts";

export class StagedOutput {
  readonly staging: string;
  private readonly folders = new Map<string, Promise<unknown>>();
  private abandoned = false;

  constructor(readonly outDir: string) {
    this.staging = `${outDir}.staging-${process.pid}`;
  }

  async begin(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
  }

  /** `file`'s path in the staging folder, its folder made (once per folder). */
  private async target(file: string): Promise<string> {
    const target = path.join(this.staging, file);
    const folder = path.dirname(target);
    if (!this.folders.has(folder)) this.folders.set(folder, mkdir(folder, { recursive: true }));
    await this.folders.get(folder);
    return target;
  }

  async write(file: string, contents: OutputContents): Promise<void> {
    if (this.abandoned) throw new Error(`${file} was written after its build had failed`);
    await writeFile(await this.target(file), contents);
  }

  async commit(): Promise<void> {
    const previous = `${this.outDir}.previous-${process.pid}`;
    await rm(previous, { recursive: true, force: true });
    const hadOutput = await stat(this.outDir).then(
      () => true,
      () => false,
    );
    if (hadOutput) await rename(this.outDir, previous);
    await rename(this.staging, this.outDir);
    await rm(previous, { recursive: true, force: true });
  }

  async abandon(): Promise<void> {
    this.abandoned = true;
    await rm(this.staging, { recursive: true, force: true });
  }
}
