// What `sitegen dev` shows in the browser instead of the site while the data has errors: the same
// problems the terminal prints, and the reassurance that nothing was written. Also the page shown
// while the very first build is still running.
import { formatProblem } from "../data/problems.ts";
import { printable } from "../lib/printable.ts";
import type { BuildFailure } from "./protocol.ts";
import { reloadScriptTag } from "./live-reload.ts";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The heading and the lines of a failed build, for the terminal and the page alike; printable, as the data they quote may not be. */
export function describeFailure(failure: BuildFailure): { heading: string; lines: string[] } {
  if (failure.kind === "data") {
    return {
      heading: `The data has ${plural(failure.problems.length, "problem")}`,
      lines: failure.problems.map(formatProblem),
    };
  }
  return {
    heading: failure.kind === "render" ? "A page failed to render" : "The build failed",
    lines: failure.message.split("\n").map((line) => printable(line)),
  };
}

export function renderErrorPage(failure: BuildFailure, build: number, outDirLabel: string): string {
  const { heading, lines } = describeFailure(failure);
  const items = lines.map((line) => `<li><code>${escapeHtml(line)}</code></li>`).join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} – not rebuilt</title>
<style>
body{font:1rem/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#fff8e6;color:#1d2329}
main{max-width:60rem;margin:0 auto}
h1{font-size:1.5rem;margin:0 0 .5rem}
ol{padding-left:1.25rem}
li{margin:.75rem 0}
code{font:0.95rem/1.4 ui-monospace,monospace}
li code{display:block;white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e0c36c;border-radius:4px;padding:.35rem .5rem}
</style>
${reloadScriptTag(build)}
</head>
<body>
<main>
<h1>${escapeHtml(heading)}: the site was not rebuilt</h1>
<p>Nothing was written: the last good build is still in <code>${escapeHtml(outDirLabel)}</code>. Fix each line below in your editor and save; this page reloads by itself.</p>
<ol>
${items}
</ol>
<p>Each line reads <em>file:line:column field: found …, expected …</em>. The same list is in the terminal where <code>npm run dev</code> runs.</p>
</main>
</body>
</html>
`;
}

/** Shown for a page asked for before the first build has written it; reloads when it is there. */
export function renderBuildingPage(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Building the site…</title>
${reloadScriptTag(0)}
</head>
<body>
<p>Building the site… this page reloads by itself when it is ready.</p>
</body>
</html>
`;
}
