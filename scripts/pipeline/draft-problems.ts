// A draft's preview when the build refuses its data: instead of no preview at all, which the
// editor would show as a failed build and nothing more, the preview is one page that says what is
// wrong, in the words `sitegen check` uses (file, line, field, what was found and what was
// expected), at every address the editor's links open. The draft cannot be published meanwhile:
// the repository's required check runs `sitegen check` too (docs/deploying.md).
import { DATA_FILES } from "../data/schema.ts";
import { formatProblem } from "../data/problems.ts";
import { inlineHash } from "../headers/csp.ts";
import { formatHeadersFile, HEADERS_FILE } from "../headers/headers-file.ts";
import { printable } from "../lib/printable.ts";
import type { OutputContents } from "../lib/output.ts";
import { buildRobots } from "../seo/robots.ts";
import { editedPath, fileForPath, HOME_FILE, NOT_FOUND_FILE } from "../site/urls.ts";
import type { Failure } from "./failure.ts";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const STYLE =
  "body{font:1.0625rem/1.5 system-ui,sans-serif;margin:0;padding:1.5rem 1rem;background:#fff8e6;color:#1b2026}" +
  "main{max-width:44rem;margin:0 auto}h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}" +
  "ol{padding-left:1.25rem}li{margin:.75rem 0}" +
  "code{display:block;font:.95rem/1.4 ui-monospace,monospace;white-space:pre-wrap;word-break:break-word;" +
  "background:#fff;border:1px solid #e0c36c;border-radius:4px;padding:.4rem .5rem}";

/** The lines to show: each problem, or the page that failed and why. */
function problemLines(failure: Exclude<Failure, { kind: "other" }>): string[] {
  return failure.kind === "data"
    ? failure.problems.map(formatProblem)
    : failure.message.split("\n").map((line) => printable(line));
}

function draftProblemsPage(failure: Exclude<Failure, { kind: "other" }>): string {
  const lines = problemLines(failure);
  const count = lines.length;
  const heading =
    failure.kind === "data"
      ? `This draft has ${count} problem${count === 1 ? "" : "s"}, so it cannot be published yet`
      : "A page of this draft could not be made, so it cannot be published yet";
  const items = lines.map((line) => `<li><code>${escapeHtml(line)}</code></li>`).join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p><strong>Preview of a draft: not the live site.</strong></p>
<h1>${escapeHtml(heading)}</h1>
<p>The live site is as it was. Open the draft in the editor, change what each line below names, and save: the preview is made again.</p>
<ol>
${items}
</ol>
<p>Each line reads <em>file:line:column field: found …, expected …</em>.</p>
</main>
</body>
</html>
`;
}

/** The whole preview of a refused draft: the page at the home page, at every link the editor opens, and for any other address. */
export function draftProblemsSite(failure: Exclude<Failure, { kind: "other" }>): Map<string, OutputContents> {
  const page = draftProblemsPage(failure);
  const files = new Map<string, OutputContents>();
  for (const file of [
    HOME_FILE,
    NOT_FOUND_FILE,
    ...Object.keys(DATA_FILES).map((name) => fileForPath(editedPath(name))),
  ]) {
    files.set(file, page);
  }
  // Its address is unknown when site.yaml is what the build refused; a preview's robots.txt names none.
  files.set("robots.txt", buildRobots("", { preview: true }));
  files.set(
    HEADERS_FILE,
    formatHeadersFile([
      {
        path: "/*",
        headers: {
          "Content-Security-Policy": `default-src 'none'; style-src ${inlineHash(STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
          "X-Robots-Tag": "noindex, nofollow",
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "no-cache",
        },
      },
    ]),
  );
  return files;
}
