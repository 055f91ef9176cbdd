// The README and the guides in docs/, one per reader: every link between them, and to the
// project's files, leads somewhere, and every #fragment names a heading of the file it points into.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/paths.ts";

/** A heading's fragment as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function fragmentOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-");
}

/** The fragments of a Markdown file's headings, code blocks left out. */
function fragmentsOf(markdown: string): Set<string> {
  const text = markdown.replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => fragmentOf(match[1]!)));
}

/** Every relative link of a Markdown file, code left out: its target file (or "") and fragment. */
function linksOf(markdown: string): { target: string; fragment?: string }[] {
  const text = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [target = "", fragment] = href.split("#");
      return fragment === undefined ? { target } : { target, fragment };
    });
}

// docs/images/ holds the guides' pictures (the owner's guide's phone screenshots), which their links name.
const guides = [
  "README.md",
  ...(await readdir(path.join(ROOT, "docs"))).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`),
];

describe("the README and the guides", () => {
  it("are the README and one guide per reader", () => {
    expect(guides.sort()).toEqual(["README.md", "docs/deploying.md", "docs/how-it-is-built.md", "docs/owner-guide.md"]);
  });

  it.each(guides)("%s: every link leads to a file, and every #fragment to a heading in it", async (guide) => {
    const markdown = await readFile(path.join(ROOT, guide), "utf8");
    const links = linksOf(markdown);
    expect(links.length).toBeGreaterThan(0);
    for (const { target, fragment } of links) {
      const file = target === "" ? guide : path.posix.join(path.posix.dirname(guide), target);
      expect(existsSync(path.join(ROOT, file)), `${guide}: ${target}`).toBe(true);
      if (fragment === undefined) continue;
      const headings = fragmentsOf(await readFile(path.join(ROOT, file), "utf8"));
      expect(headings.has(fragment), `${guide}: ${target}#${fragment}`).toBe(true);
    }
  });

  it("would notice a link to a heading that is not there", () => {
    expect(fragmentsOf("# Title\n## Add a town\n").has("add-a-town")).toBe(true);
    expect(fragmentsOf("## What `.cache/` holds\n").has("what-cache-holds")).toBe(true);
    expect(fragmentsOf("## Add a town\n").has("add-a-service")).toBe(false);
  });
});
