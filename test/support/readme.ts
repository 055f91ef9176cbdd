// The README as the tests read it: its sections and the code blocks in them, so that what the
// owner is told to paste or run is what the tests paste and run.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "./paths.ts";

/** The README section between "### {heading}" and the next heading. */
export function readmeSection(readme: string, heading: string): string {
  const start = readme.indexOf(`\n### ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "### ${heading}" section`);
  const next = readme.slice(start + 1).search(/\n#{2,3} /);
  return next < 0 ? readme.slice(start) : readme.slice(start, start + 1 + next);
}

export function fencedBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?) *```", "g"))].map((match) => match[1]!);
}

/** The town row the README's "Add a town" tells the owner to paste at the end of data/towns.yaml. */
export async function readmeTownExample(root = ROOT): Promise<string> {
  const [example] = fencedBlocks(
    readmeSection(await readFile(path.join(root, "README.md"), "utf8"), "Add a town"),
    "yaml",
  );
  if (!example) throw new Error('README.md has no yaml example under "### Add a town"');
  return example;
}
