// The README and the guides in docs/ as the tests read them: their sections and the code blocks in
// them, so that what the owner is told to paste or run is what the tests paste and run.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "./paths.ts";

/** The guides, by reader: the owner's, deploying, and how the site is built. */
export const OWNER_GUIDE = "docs/owner-guide.md";
export const DEPLOYING_GUIDE = "docs/deploying.md";

/** A guide's text (README.md or a file of docs/), from the project at `root`. */
export function readGuide(file: string, root = ROOT): Promise<string> {
  return readFile(path.join(root, file), "utf8");
}

/** The section of a guide under the heading `heading` (any level), up to the next heading of its level or above. */
export function guideSection(markdown: string, heading: string): string {
  const match = new RegExp(`\\n(#{2,4}) ${heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\n`).exec(markdown);
  if (!match) throw new Error(`no "${heading}" section`);
  const start = match.index;
  const next = markdown.slice(start + 1).search(new RegExp(`\\n#{1,${match[1]!.length}} `));
  return next < 0 ? markdown.slice(start) : markdown.slice(start, start + 1 + next);
}

export function fencedBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?) *```", "g"))].map((match) => match[1]!);
}

/** The town row the owner's guide's "Add a town" tells the owner to paste at the end of data/towns.yaml. */
export async function readmeTownExample(root = ROOT): Promise<string> {
  const [example] = fencedBlocks(guideSection(await readGuide(OWNER_GUIDE, root), "Add a town"), "yaml");
  if (!example) throw new Error(`${OWNER_GUIDE} has no yaml example under "Add a town"`);
  return example;
}
