// The page reader the security policy and the budgets rest on: it must see a page as a browser's
// parser does, including the places where a pattern-based scanner goes wrong.
import { describe, expect, it } from "vitest";
import { scanHtml, scriptKind } from "../scripts/headers/html-scan.ts";

const named = (html: string, name: string) => scanHtml(html).filter((element) => element.name === name);

describe("scanHtml", () => {
  it("finds elements where the parser puts them, with decoded attributes", () => {
    const [img] = named('<!DOCTYPE html><title>x</title><img src="/a.png?x=1&amp;y=2" ALT=Dot>', "img");
    expect(img?.attributes.get("src")).toBe("/a.png?x=1&y=2");
    expect(img?.attributes.get("alt")).toBe("Dot");
    expect(img?.inHead).toBe(false);
    expect(named("<title>x</title><link rel=icon href=/f.svg>", "link")[0]?.inHead).toBe(true);
  });

  it("reads nothing inside comments, and script text as text", () => {
    const html =
      '<!-- <iframe src="https://evil.test/"></iframe> --><script>document.write("<iframe src=\\"https://x.test\\">")</script><p>';
    expect(named(html, "iframe")).toEqual([]);
    expect(named(html, "script")[0]?.text).toBe('document.write("<iframe src=\\"https://x.test\\">")');
  });

  it("sees what a <template> holds and what <noscript> loads, and marks both", () => {
    const html =
      '<body><template><iframe src="https://form.test/a"></iframe></template><noscript><iframe src="https://form.test/b"></iframe></noscript>';
    const frames = named(html, "iframe");
    expect(frames.map((frame) => [frame.attributes.get("src"), frame.inTemplate, frame.inNoscript])).toEqual([
      ["https://form.test/a", true, false],
      ["https://form.test/b", false, true],
    ]);
  });

  it("counts nested drawings and keeps SVG's prefixed attributes", () => {
    const html = '<svg width="10" height="10"><svg><use xlink:href="#i"></use></svg></svg>';
    expect(named(html, "svg").map((svg) => svg.svgDepth)).toEqual([0, 1]);
    expect(named(html, "use")[0]?.attributes.get("xlink:href")).toBe("#i");
  });

  it("ends a <style> where the parser does, and an unclosed tag does not swallow the page", () => {
    const html = '<style>a{color:red}</style><p title="x>y">text</p><img src="/late.png">';
    expect(named(html, "style")[0]?.text).toBe("a{color:red}");
    expect(named(html, "img")[0]?.attributes.get("src")).toBe("/late.png");
  });
});

describe("scriptKind", () => {
  const kind = (type?: string) => scriptKind({ attributes: new Map(type === undefined ? [] : [["type", type]]) });

  it("tells code from JSON the browser acts on and from data blocks", () => {
    expect(kind()).toBe("classic");
    expect(kind("")).toBe("classic");
    expect(kind("text/javascript")).toBe("classic");
    expect(kind(" Text/JavaScript; charset=utf-8 ")).toBe("classic");
    expect(kind("application/x-javascript")).toBe("classic");
    expect(kind("module")).toBe("module");
    expect(kind("speculationrules")).toBe("speculationrules");
    expect(kind("importmap")).toBe("importmap");
    expect(kind("application/ld+json")).toBe("data");
    expect(kind("text/template")).toBe("data");
  });
});
