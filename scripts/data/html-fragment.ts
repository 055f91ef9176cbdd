// An HTML fragment as a browser parses it inside <template>, with where each node and attribute
// starts in the text, for rules that read pasted markup (lead-form.ts) and say where a problem is.
// parse5 implements the HTML standard's parsing algorithm.
import { parseFragment, type DefaultTreeAdapterTypes } from "parse5";

/** A node of a parsed HTML fragment, with where it starts in the text. */
export type FragmentNode =
  | { kind: "element"; name: string; attributes: FragmentAttribute[]; children: FragmentNode[]; offset: number }
  | { kind: "text"; text: string; offset: number }
  | { kind: "comment"; offset: number };

interface FragmentAttribute {
  name: string;
  value: string;
  offset: number;
}

/** An HTML parser: the top-level nodes of a fragment, as a browser parses it inside <template>. */
export type FragmentParser = (html: string) => FragmentNode[];

type Node = DefaultTreeAdapterTypes.ChildNode;

function toFragmentNode(node: Node): FragmentNode {
  const location = node.sourceCodeLocation;
  const offset = location?.startOffset ?? 0;
  if ("tagName" in node) {
    const attributeStarts = node.sourceCodeLocation?.attrs ?? {};
    return {
      kind: "element",
      name: node.tagName,
      attributes: node.attrs.map(({ name, value }) => ({ name, value, offset: attributeStarts[name]?.startOffset ?? offset })),
      // A <template>'s own content is a fragment of its own; nothing here reads into it.
      children: node.childNodes.map(toFragmentNode),
      offset,
    };
  }
  if (node.nodeName === "#text" && "value" in node) return { kind: "text", text: node.value, offset };
  return { kind: "comment", offset };
}

export function parseHtmlFragment(html: string): FragmentNode[] {
  return parseFragment(html, { sourceCodeLocationInfo: true }).childNodes.map(toFragmentNode);
}
