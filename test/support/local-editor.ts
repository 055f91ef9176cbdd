// The site editor on `npm run dev` in a copy of the project, as the owner opens it at home: the
// copy looks like a git working copy (the editor's local mode opens only one), the dev server
// watches it, and /admin/'s folder picker answers with it (support/disk-folder.ts).
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";
import { answerPickerWith } from "./disk-folder.ts";
import { startDevServer, type DevServer } from "./dev-server.ts";
import { copyProject } from "./project-copy.ts";

export interface EditorProject {
  /** The project copy's folder. */
  project: string;
  dev: DevServer;
  /** Stops the dev server and removes the copy. */
  remove(): Promise<void>;
}

/** A project copy that the editor's local mode opens, with `npm run dev` running in it. */
export async function startEditorProject(): Promise<EditorProject> {
  const project = await copyProject();
  await mkdir(path.join(project, ".git"));
  await writeFile(path.join(project, ".git", "HEAD"), "ref: refs/heads/main\n");
  const remove = () => rm(project, { recursive: true, force: true });
  const dev = await startDevServer(project).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  return {
    project,
    dev,
    async remove() {
      await dev.stop();
      await remove();
    },
  };
}

/** The desk's browser window, where the editor was first tested. */
const DESK: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/** /admin/ on the dev server, in a new browser context, its folder picker answered with the copy. */
export async function openLocalEditor(
  browser: Browser,
  { project, dev }: EditorProject,
  context: BrowserContextOptions = DESK,
): Promise<{ editor: Page; errors: string[] }> {
  const editor = await (await browser.newContext(context)).newPage();
  const errors: string[] = [];
  editor.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  editor.on("pageerror", (error) => errors.push(error.message));
  await answerPickerWith(editor, project);
  const response = await editor.goto(`${dev.url}/admin/`);
  expect(response?.status()).toBe(200);
  return { editor, errors };
}
