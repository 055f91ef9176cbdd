// An SVG from the owner (the logo, the icon), read before the site serves it. An SVG opened at its
// own address is a document of the site's origin: a script in it, an event handler, HTML inside a
// <foreignObject>, a stylesheet it loads or an XSLT it names would run or load there. So the file
// is refused, never cleaned, unless it only draws: no script, no event handler (attribute, or XML
// Events / SVG Tiny element), no foreignObject or HTML element, no reference outside the file (href,
// url(), @import, image-set(), a <?xml-stylesheet?>), no DOCTYPE that declares entities. Embedded
// PNG, JPEG, GIF or WebP pictures (data: addresses) are allowed: they load nothing.
//
// The parser is saxes: a strict XML 1.0 parser (jsdom's), so a file browsers would refuse as broken
// XML is refused here too, with its place; namespace-aware, so an HTML or SVG element is known by
// its namespace whatever prefix the file gives it; and it reports line and column as it reads,
// without building a document in memory.
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from "saxes";

const SVG = "http://www.w3.org/2000/svg";
const XHTML = "http://www.w3.org/1999/xhtml";
const XLINK = "http://www.w3.org/1999/xlink";

/** Where in the SVG a problem is: 1-based line and column. */
interface SvgPlace {
  line: number;
  column: number;
}

/** What the SVG holds that is refused, and where. */
export interface SvgProblem extends SvgPlace {
  found: string;
}

/** The size the SVG declares (its viewBox, else its width and height in pixels): its shape. */
export interface SvgSize {
  width: number;
  height: number;
}

/** Elements that run code or pull in a document, in any namespace. */
const RUNNING_ELEMENTS = new Set(["script", "handler", "listener"]);
/** SVG elements that embed other documents. */
const EMBEDDING_ELEMENTS = new Set(["foreignObject", "iframe", "embed", "object", "audio", "video"]);
/** SVG's animation elements, which can change any attribute after the file is read. */
const ANIMATIONS = new Set(["set", "animate", "animateMotion", "animateTransform", "animateColor"]);

/** A data: address of a raster picture: drawn from the file itself, loading nothing. */
const RASTER_DATA = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;

/** In a stylesheet or an attribute: what loads something from elsewhere. */
function loadingCss(css: string): { index: number; found: string } | undefined {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => " ".repeat(comment.length));
  const patterns: [RegExp, (match: RegExpExecArray) => string | undefined][] = [
    [/@import\b/i, () => "an @import, which loads a stylesheet"],
    [/(?:-webkit-)?image-set\(/i, () => "an image-set(), which loads a picture"],
    [/\bsrc\(/i, () => "a src(), which loads a file"],
    [/-moz-binding|\bbehavior\s*:/i, () => "a binding, which runs code in old browsers"],
    [
      /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi,
      (match) => {
        const target = (match[1] ?? match[2] ?? match[3] ?? "").trim();
        if (target.startsWith("#") || RASTER_DATA.test(target)) return undefined;
        return `a reference outside the file, url(${target.slice(0, 60)})`;
      },
    ],
  ];
  let first: { index: number; found: string } | undefined;
  for (const [pattern, describe] of patterns) {
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`))) {
      const found = describe(match);
      if (found && (!first || match.index < first.index)) first = { index: match.index, found };
    }
  }
  return first;
}

/** The place `offset` characters into a text that starts at `start`. */
function placeIn(text: string, offset: number, start: SvgPlace): SvgPlace {
  const before = text.slice(0, offset).split("\n");
  return before.length === 1
    ? { line: start.line, column: start.column + offset }
    : { line: start.line + before.length - 1, column: before.at(-1)!.length + 1 };
}

const isLink = (attribute: SaxesAttributeNS) =>
  attribute.local === "href" && (attribute.uri === "" || attribute.uri === XLINK);

/** The problem with one attribute of an element, if any. */
function attributeProblem(element: SaxesTagNS, attribute: SaxesAttributeNS): string | undefined {
  const { name, local, value } = attribute;
  if (/^on/i.test(local)) return `an event handler, the attribute ${name}`;
  if (/^\s*(?:javascript|vbscript):/i.test(value.replace(/[\u0000-\u0020]/g, ""))) return `a script address in ${name}`;
  if (isLink(attribute)) {
    const target = value.trim();
    if (target.startsWith("#")) return undefined;
    if (element.local === "image" && element.uri === SVG && RASTER_DATA.test(target)) return undefined;
    if (/^data:/i.test(target)) return `a document embedded in ${name}, where only a PNG, JPEG, GIF or WebP picture may be`;
    return `a reference outside the file, ${name}="${target.slice(0, 60)}"`;
  }
  if (ANIMATIONS.has(element.local) && local === "attributeName" && /^(?:(?:xlink:)?href|on.*)$/i.test(value.trim())) {
    return `an animation that changes ${value.trim()}`;
  }
  if (local === "style" || /url\(/i.test(value)) return loadingCss(value)?.found;
  return undefined;
}

/** A number of pixels from an SVG length: "120", "120px"; undefined for percentages and other units. */
function pixels(length: string | undefined): number | undefined {
  const match = /^\s*([\d.]+)\s*(?:px)?\s*$/.exec(length ?? "");
  const value = match ? Number(match[1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The size a root <svg> declares, if it declares one. */
function declaredSize(root: SaxesTagNS): SvgSize | undefined {
  const attribute = (name: string) => Object.values(root.attributes).find((a) => a.local === name && a.uri === "")?.value;
  const box = attribute("viewBox")?.trim().split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  const [width, height] = [pixels(attribute("width")), pixels(attribute("height"))];
  return width && height ? { width, height } : undefined;
}

/**
 * Reads an owner's SVG: its declared size, or the first thing in it that is refused (and where).
 * Reads the whole file, so that a broken end is found too.
 */
export function checkSvg(text: string): { size: SvgSize } | { problem: SvgProblem } {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let problem: SvgProblem | undefined;
  let size: SvgSize | undefined;
  let root: SvgPlace = { line: 1, column: 1 };
  let depth = 0;
  const here = (): SvgPlace => ({ line: parser.line, column: parser.column + 1 });
  const refuse = (found: string, place: SvgPlace = here()) => {
    problem ??= { found, ...place };
  };
  let tagStart: SvgPlace = here();
  // Where each attribute ends, by name, to point at it: saxes reports the namespaces only with the tag.
  let attributeEnds = new Map<string, SvgPlace>();
  let style: { start: SvgPlace; text: string } | undefined;

  parser.on("error", (error) => refuse(`a file that is not well-formed XML (${error.message.replace(/^\d+:\d+:\s*/, "")})`));
  parser.on("doctype", (doctype) => {
    if (doctype.includes("[")) refuse("a DOCTYPE that declares entities");
  });
  parser.on("processinginstruction", ({ target }) => refuse(`a processing instruction <?${target} …?>, which can load a stylesheet`));
  parser.on("opentagstart", (tag) => {
    tagStart = { line: parser.line, column: Math.max(1, parser.column - tag.name.length - 1) };
    attributeEnds = new Map();
  });
  parser.on("attribute", (attribute) => {
    const place = here();
    attributeEnds.set(attribute.name, { line: place.line, column: Math.max(1, place.column - attribute.name.length - attribute.value.length - 3) });
  });
  parser.on("opentag", (tag) => {
    depth += 1;
    if (depth === 1) {
      if (tag.local !== "svg" || tag.uri !== SVG) refuse(`a root element <${tag.name}>, where an SVG has <svg xmlns="${SVG}">`, tagStart);
      root = tagStart;
      if (tag.local === "svg" && tag.uri === SVG) size = declaredSize(tag);
    }
    if (RUNNING_ELEMENTS.has(tag.local)) refuse(`a <${tag.name}> element, which runs code`, tagStart);
    else if (tag.uri === XHTML) refuse(`an HTML element <${tag.name}>, which runs as a web page would`, tagStart);
    else if (tag.uri === SVG && EMBEDDING_ELEMENTS.has(tag.local)) refuse(`a <${tag.name}> element, which embeds another document`, tagStart);
    for (const attribute of Object.values(tag.attributes)) {
      const found = attributeProblem(tag, attribute);
      if (found) refuse(found, attributeEnds.get(attribute.name) ?? tagStart);
    }
    if (tag.local === "style") style = { start: here(), text: "" };
  });
  const addText = (text: string) => {
    if (style) style.text += text;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", (tag) => {
    depth -= 1;
    if (tag.local === "style" && style) {
      const found = loadingCss(style.text);
      if (found) refuse(found.found, placeIn(style.text, found.index, style.start));
      style = undefined;
    }
  });
  parser.write(text).close();
  if (problem) return { problem };
  if (!size) {
    return {
      problem: {
        found: 'an <svg> without a size: neither a viewBox nor a width and height in pixels (such as viewBox="0 0 400 100")',
        ...root,
      },
    };
  }
  return { size };
}
