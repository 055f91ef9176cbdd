// One layout for a YAML document, the form the repository keeps its data files in. It decides only
// the layout, never a value or the order of keys:
// - one comment, the header, on the first line; every other comment goes (a browser editor would
//   drop them, so nothing may live there);
// - two-space indentation, list items indented under their key;
// - long texts folded (">-") at 100 columns, where folding cannot change the text;
// - short lists of words on one line ([Monday, Tuesday]); anything longer, an item a line;
// - quotes only where YAML needs them, and numbers as JavaScript writes them (-88.61, not -88.610).
// Pure and free of Node: `sitegen fmt` uses it, and so does the editor at /admin/ when it saves.
import { Document, isScalar, Scalar, visit } from "yaml";

/** Texts longer than this are folded onto lines of their own. */
const FOLD_AFTER = 80;
/** Lists of words up to this many characters stay on one line. */
const SHORT_LIST = 80;

type Commented = { commentBefore?: string | null; comment?: string | null; spaceBefore?: boolean };

function uncomment(node: Commented): void {
  node.commentBefore = null;
  node.comment = null;
  node.spaceBefore = false;
}

/** The text of `doc` in the one layout, with `header` as its only comment (" text" for "# text"). */
export function layoutYaml(doc: Document, header: string): string {
  doc.commentBefore = header;
  doc.comment = null;
  visit(doc, {
    Map: (_, node) => uncomment(node),
    Seq(_, node) {
      uncomment(node);
      const items = node.items as unknown[];
      const words = items.every((item) => isScalar(item) && typeof item.value !== "object");
      const length = items.reduce<number>((total, item) => total + String((item as Scalar).value).length + 2, 0);
      node.flow = words && length <= SHORT_LIST;
    },
    Alias: (_, node) => uncomment(node),
    Pair(_, pair) {
      if (isScalar(pair.key)) uncomment(pair.key);
    },
    Scalar(_, node) {
      uncomment(node);
      if (typeof node.value === "number") {
        delete node.minFractionDigits;
        delete node.format;
        return;
      }
      if (typeof node.value !== "string") return;
      // Folded only where folding cannot change the text: no line breaks, tabs, control
      // characters, runs of spaces or spaces at either end. Otherwise plain, or quoted if needed.
      const foldable = node.value.length > FOLD_AFTER && !/^\s|\s$|\s\s|[\0-\x1f\x7f]/.test(node.value);
      node.type = foldable ? Scalar.BLOCK_FOLDED : undefined;
    },
  });
  return doc.toString({
    indent: 2,
    indentSeq: true,
    lineWidth: 100,
    minContentWidth: 20,
    flowCollectionPadding: false,
  });
}

/** The text of a plain value (what an editor saves) in the one layout. */
export function layoutValue(value: unknown, header: string): string {
  return layoutYaml(new Document(value), header);
}
