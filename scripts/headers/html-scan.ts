// A small scanner for the generated HTML: every start tag with its attributes, whether it sits in
// <head>, and the text of <script> and <style> elements. It is made for the generator's own output
// (React writes well-formed, quoted markup) so the performance rules can be checked without a
// browser; it is not a general HTML parser.

export interface ScannedElement {
  /** Lower-case tag name. */
  name: string;
  attributes: Map<string, string>;
  /** True for elements between <head> and </head>. */
  inHead: boolean;
  /** For <svg>: how many <svg> elements enclose this one (0 for a top-level drawing). */
  svgDepth: number;
  /** Inside a <template>: inert, neither loaded nor shown until a script puts a copy in the page. */
  inTemplate: boolean;
  /** Inside a <noscript>: loaded and shown only when JavaScript is off. */
  inNoscript: boolean;
  /** The raw text of <script> and <style> elements; empty for every other element. */
  text: string;
}

const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const RAW_TEXT = new Set(["script", "style"]);

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

export function scanHtml(html: string): ScannedElement[] {
  const elements: ScannedElement[] = [];
  let inHead = false;
  let svgDepth = 0;
  let templateDepth = 0;
  let noscriptDepth = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [whole, closing, rawName, attributeSource] = match;
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    if (closing) {
      if (name === "head") inHead = false;
      if (name === "svg") svgDepth = Math.max(0, svgDepth - 1);
      if (name === "template") templateDepth = Math.max(0, templateDepth - 1);
      if (name === "noscript") noscriptDepth = Math.max(0, noscriptDepth - 1);
      continue;
    }
    if (name === "head") inHead = true;
    if (name === "body") inHead = false;
    const element: ScannedElement = {
      name,
      attributes: parseAttributes(attributeSource ?? ""),
      inHead,
      svgDepth,
      inTemplate: templateDepth > 0,
      inNoscript: noscriptDepth > 0,
      text: "",
    };
    elements.push(element);
    if (name === "svg" && !whole.endsWith("/>")) svgDepth += 1;
    if (name === "template") templateDepth += 1;
    if (name === "noscript") noscriptDepth += 1;
    if (RAW_TEXT.has(name)) {
      // Script and style text is not markup: skip to the closing tag.
      const closingTag = new RegExp(`</${name}`, "gi");
      closingTag.lastIndex = TAG.lastIndex;
      const end = closingTag.exec(html)?.index;
      const stop = end ?? html.length;
      element.text = html.slice(TAG.lastIndex, stop);
      TAG.lastIndex = stop;
    }
  }
  return elements;
}
