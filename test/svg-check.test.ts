// An owner's SVG is served only if it only draws (data/svg-check.ts): each way an SVG can run code
// or load something on the site's origin is refused, with where in the file it is, and a drawing
// as drawing programs write it (styles, gradients, a title, an embedded picture) is taken.
import { describe, expect, it } from "vitest";
import { checkSvg } from "../scripts/features/brand/data/svg-check.ts";
import { iconSvg, logoSvg } from "./support/brand-fixtures.ts";

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

/** An SVG whose second line is `inner`, to check where a problem is placed. */
const svg = (inner: string, attributes = "") =>
  `<svg ${SVG_NS} viewBox="0 0 400 100"${attributes}>\n  ${inner}\n</svg>\n`;

const refused: [string, string, RegExp, { line: number; column?: number }][] = [
  [
    "a script",
    svg("<script>alert(document.cookie)</script>"),
    /^a <script> element, which runs code$/,
    { line: 2, column: 3 },
  ],
  [
    "a script with a prefix of its own",
    `<s:svg xmlns:s="http://www.w3.org/2000/svg" viewBox="0 0 4 1">\n<s:script href="x.js"/></s:svg>`,
    /^a <s:script> element/,
    { line: 2, column: 1 },
  ],
  [
    "an event handler attribute",
    svg('<rect width="4" height="1" onclick="alert(1)"/>'),
    /^an event handler, the attribute onclick$/,
    { line: 2 },
  ],
  ["an event handler on the root", `<svg ${SVG_NS} viewBox="0 0 4 1" onload="alert(1)"/>`, /onload/, { line: 1 }],
  [
    "an XML Events handler",
    svg('<handler type="application/ecmascript">alert(1)</handler>'),
    /^a <handler> element, which runs code$/,
    { line: 2 },
  ],
  [
    "a foreignObject",
    svg('<foreignObject width="4" height="1"><p xmlns="http://www.w3.org/1999/xhtml">hi</p></foreignObject>'),
    /^a <foreignObject> element, which embeds another document$/,
    { line: 2, column: 3 },
  ],
  [
    "an HTML element",
    svg('<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://example.com/"/>'),
    /^an HTML element <iframe>/,
    { line: 2 },
  ],
  [
    "a picture from elsewhere",
    svg('<image href="https://tracker.example/pixel.png" width="4" height="1"/>'),
    /^a reference outside the file, href="https:\/\/tracker\.example\/pixel\.png"$/,
    { line: 2 },
  ],
  [
    "a file beside it",
    svg('<use xlink:href="other.svg#a" xmlns:xlink="http://www.w3.org/1999/xlink"/>'),
    /^a reference outside the file, xlink:href="other\.svg#a"$/,
    { line: 2 },
  ],
  [
    "a link away",
    svg('<a href="https://example.com/"><rect width="4" height="1"/></a>'),
    /^a reference outside the file/,
    { line: 2 },
  ],
  [
    "a script address",
    svg('<a href="java\tscript:alert(1)"><rect width="4" height="1"/></a>'),
    /^a script address in href$/,
    { line: 2 },
  ],
  [
    "an SVG inside a data: address",
    svg('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>'),
    /^a document embedded in href/,
    { line: 2 },
  ],
  [
    "a stylesheet that imports",
    svg("<style>\n    @import url(https://fonts.example/a.css);\n  </style>"),
    /^an @import, which loads a stylesheet$/,
    { line: 3, column: 5 },
  ],
  [
    "a style that loads a picture",
    svg('<rect style="fill: url(https://example.com/p.svg#g)"/>'),
    /^a reference outside the file, url\(https:\/\/example\.com\/p\.svg#g\)$/,
    { line: 2 },
  ],
  [
    "a font from elsewhere",
    svg('<style>@font-face { font-family: X; src: url("https://fonts.example/x.woff2") }</style>'),
    /^a reference outside the file, url\(https:\/\/fonts\.example\/x\.woff2\)$/,
    { line: 2 },
  ],
  ["an image-set()", svg('<style>rect { fill: image-set("a.png" 1x) }</style>'), /^an image-set\(\)/, { line: 2 }],
  [
    "a presentation attribute that loads",
    svg('<rect fill="url(https://example.com/p.svg#g)"/>'),
    /^a reference outside the file/,
    { line: 2 },
  ],
  [
    "an animation that turns a link into a script",
    svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'),
    /^an animation that changes href$|^a script address/,
    { line: 2 },
  ],
  [
    "an XSLT stylesheet",
    `<?xml-stylesheet type="text/xsl" href="x.xsl"?>\n<svg ${SVG_NS} viewBox="0 0 4 1"/>`,
    /^a processing instruction <\?xml-stylesheet …\?>/,
    { line: 1 },
  ],
  [
    "entities declared in a DOCTYPE",
    `<!DOCTYPE svg [<!ENTITY lol "lol">]>\n<svg ${SVG_NS} viewBox="0 0 4 1">&lol;</svg>`,
    /^a DOCTYPE that declares entities$/,
    { line: 1 },
  ],
  [
    "a file cut short",
    `<svg ${SVG_NS} viewBox="0 0 4 1">\n  <g>\n  <rect/>`,
    /^a file that is not well-formed XML/,
    { line: 3 },
  ],
  [
    "an HTML page",
    "<html><body>not a picture</body></html>",
    /^a root element <html>, where an SVG has <svg xmlns="http:\/\/www\.w3\.org\/2000\/svg">$/,
    { line: 1 },
  ],
  ["an <svg> without its namespace", '<svg viewBox="0 0 4 1"/>', /^a root element <svg>/, { line: 1 }],
  ["an <svg> without a size", `<svg ${SVG_NS} width="100%"><rect/></svg>`, /^an <svg> without a size/, { line: 1 }],
];

describe("an owner's SVG", () => {
  for (const [what, text, found, place] of refused) {
    it(`is refused when it holds ${what}, with where it is`, () => {
      const result = checkSvg(text);
      expect("problem" in result, JSON.stringify(result)).toBe(true);
      if (!("problem" in result)) return;
      expect(result.problem.found).toMatch(found);
      expect(result.problem.line).toBe(place.line);
      if (place.column !== undefined) expect(result.problem.column).toBe(place.column);
    });
  }

  it("is taken when it only draws, as drawing programs write it, and its viewBox gives its shape", () => {
    const drawing = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 300 100" inkscape:version="1.3">
  <title>Fixture Excavating</title>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f2b300"/></linearGradient></defs>
  <style>/* url(https://ignored.example/in-a-comment) */ .a { fill: url(#g) }</style>
  <rect class="a" width="300" height="100" style="stroke: url('#g')"/>
  <use xlink:href="#g"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/>
  <a href="#g"><text x="10" y="50">Fixture</text></a>
</svg>`;
    expect(checkSvg(drawing)).toEqual({ size: { width: 300, height: 100 } });
    expect(checkSvg(logoSvg())).toEqual({ size: { width: 288, height: 96 } });
    expect(checkSvg(iconSvg())).toEqual({ size: { width: 64, height: 64 } });
    expect(checkSvg(`<svg ${SVG_NS} width="120px" height="40"/>`)).toEqual({ size: { width: 120, height: 40 } });
  });
});
