// axe-core, injected into a page (and into each of its frames) and run there.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the failing elements, each with axe's summary of why it fails. */
  nodes: string[];
}

let source: Promise<string> | undefined;

function axeSource(): Promise<string> {
  const file = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  source ??= readFile(file, "utf8");
  return source;
}

/**
 * Runs axe on the page as it is now. evaluate() is used rather than a script tag because it is not
 * subject to the page's Content Security Policy, which rightly refuses injected inline scripts.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const axe = await axeSource();
  // The form frame comes from another origin, and axe only talks to frames of its own origin
  // unless told otherwise; every frame gets axe and accepts the others' messages. Once a
  // document: one axe read before, in another state of the same load, has it already, and a
  // second copy in a frame would answer each of the page's questions twice.
  const install = `if (typeof axe === "undefined") {\n${axe}\n;axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] });\n}`;
  await page.mainFrame().evaluate(install);
  for (const frame of page.frames().slice(1)) {
    // A frame whose document failed to load (an error page) cannot take a script; axe then
    // reports the frame itself instead of its contents.
    await frame.evaluate(install).catch(() => undefined);
  }
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      nodes: violation.nodes.map(
        (node) => `${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? ""}`,
      ),
    }));
  }, AXE_TAGS);
}
