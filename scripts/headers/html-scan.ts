// Every element of a generated page, as a browser's HTML parser builds the document: its attributes,
// where it sits (in <head>, inside <svg>, <template> or <noscript>) and the text of <script> and
// <style>. The Content-Security-Policy is computed from this, so it reads the page with parse5, an
// implementation of the HTML standard's parsing algorithm, rather than with patterns.
import { parse, type DefaultTreeAdapterTypes } from "parse5";

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

export interface ScannedElement {
  /** Lower-case tag name. */
  name: string;
  /** Lower-case attribute names ("xlink:href" for prefixed ones) and their decoded values. */
  attributes: Map<string, string>;
  /** True for elements inside <head>. */
  inHead: boolean;
  /** For <svg>: how many <svg> elements enclose this one (0 for a top-level drawing). */
  svgDepth: number;
  /** Inside a <template>: inert, neither loaded nor shown until a script puts a copy in the page. */
  inTemplate: boolean;
  /** Inside a <noscript>: loaded and shown only when JavaScript is off. */
  inNoscript: boolean;
  /** The text of <script> and <style> elements, as the browser hashes it; empty for every other element. */
  text: string;
}

interface Place {
  inHead: boolean;
  svgDepth: number;
  inTemplate: boolean;
  inNoscript: boolean;
}

const isElement = (node: { nodeName: string }): node is Element => "tagName" in node;

function textOf(element: Element): string {
  return element.childNodes
    .map((child) => ("value" in child && child.nodeName === "#text" ? child.value : ""))
    .join("");
}

function attributesOf(element: Element): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const attribute of element.attrs) {
    const name = (attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name).toLowerCase();
    if (!attributes.has(name)) attributes.set(name, attribute.value);
  }
  return attributes;
}

/** The page's elements in document order; a <template>'s content follows the template. */
export function scanHtml(html: string): ScannedElement[] {
  // Parsed as a browser without JavaScript parses it, so that <noscript> holds elements (what such
  // a browser loads) rather than text.
  const document = parse(html, { scriptingEnabled: false });
  const elements: ScannedElement[] = [];
  const walk = (parent: ParentNode, place: Place) => {
    for (const node of parent.childNodes) {
      if (!isElement(node)) continue;
      const name = node.tagName.toLowerCase();
      elements.push({
        name,
        attributes: attributesOf(node),
        ...place,
        text: name === "script" || name === "style" ? textOf(node) : "",
      });
      const inside: Place = {
        inHead: place.inHead || name === "head",
        svgDepth: place.svgDepth + (name === "svg" ? 1 : 0),
        inTemplate: place.inTemplate || name === "template",
        inNoscript: place.inNoscript || name === "noscript",
      };
      walk(node, inside);
      if ("content" in node) walk(node.content as ParentNode, inside);
    }
  };
  walk(document, { inHead: false, svgDepth: 0, inTemplate: false, inNoscript: false });
  return elements;
}

// HTML's "JavaScript MIME type essence match": a <script> of one of these types runs as a classic
// script. The only list of them in the project.
const JAVASCRIPT_TYPES = new Set([
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

/**
 * What a <script> is to the browser: code ("classic" or "module"), JSON it acts on ("importmap",
 * "speculationrules"), or a data block it never runs (application/ld+json and any other type).
 */
export type ScriptKind = "classic" | "module" | "importmap" | "speculationrules" | "data";

export function scriptKind(element: Pick<ScannedElement, "attributes">): ScriptKind {
  const type = element.attributes.get("type")?.trim().toLowerCase();
  if (!type) return "classic";
  if (type === "module" || type === "importmap" || type === "speculationrules") return type;
  return JAVASCRIPT_TYPES.has(type.split(";")[0]!.trim()) ? "classic" : "data";
}
