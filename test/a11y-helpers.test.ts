// The arithmetic behind the accessibility tests: WCAG contrast, reading order, target size.
import { describe, expect, it } from "vitest";
import { composite, contrastRatio, mustParseColour, parseColour, rootCustomProperties } from "./support/colour.ts";
import { readingOrderBreak, targetSizeFailures, type Target } from "./support/geometry.ts";

describe("colour", () => {
  it("parses the forms stylesheets and getComputedStyle use", () => {
    expect(parseColour("#fff")).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColour("#0b5394")).toEqual({ r: 11, g: 83, b: 148, a: 1 });
    expect(parseColour("rgb(27, 32, 38)")).toEqual({ r: 27, g: 32, b: 38, a: 1 });
    expect(parseColour("rgba(255, 255, 255, 0.75)")).toEqual({ r: 255, g: 255, b: 255, a: 0.75 });
    expect(parseColour("rgb(255 255 255 / 50%)")).toEqual({ r: 255, g: 255, b: 255, a: 0.5 });
    expect(parseColour("transparent")?.a).toBe(0);
    expect(parseColour("oklch(70% 0.1 200)")).toBeUndefined();
    expect(() => mustParseColour("currentcolor")).toThrow(/not an sRGB colour/);
  });

  it("computes WCAG contrast ratios", () => {
    const white = mustParseColour("#fff");
    expect(contrastRatio(mustParseColour("#000"), white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBe(1);
    // Reference values from the WebAIM contrast checker.
    expect(contrastRatio(mustParseColour("#767676"), white)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(mustParseColour("#777777"), white)).toBeCloseTo(4.48, 2);
    expect(contrastRatio(white, mustParseColour("#0b5394"))).toBeCloseTo(
      contrastRatio(mustParseColour("#0b5394"), white),
      10,
    );
  });

  it("blends a translucent colour over the one beneath", () => {
    expect(composite({ r: 255, g: 255, b: 255, a: 0.5 }, { r: 0, g: 0, b: 0, a: 1 })).toEqual({
      r: 127.5,
      g: 127.5,
      b: 127.5,
      a: 1,
    });
  });

  it("reads the custom properties of :root", () => {
    const css = ":root {\n  --ink: #1b2026;\n  --space: 1rem;\n}\n.other { --ink: red; }";
    expect(rootCustomProperties(css)).toEqual(
      new Map([
        ["--ink", "#1b2026"],
        ["--space", "1rem"],
      ]),
    );
  });
});

describe("reading order", () => {
  const box = (label: string, left: number, top: number, width = 100, height = 20) => ({
    label,
    left,
    top,
    width,
    height,
  });

  it("accepts moving right along a line, down to the next line, and up into the next column", () => {
    expect(readingOrderBreak(box("a", 0, 0), box("b", 120, 2))).toBeUndefined();
    expect(readingOrderBreak(box("a", 300, 0), box("b", 0, 40))).toBeUndefined();
    expect(readingOrderBreak(box("a", 0, 500), box("b", 400, 100))).toBeUndefined();
  });

  it("rejects moving left on a line, and up within the same column", () => {
    expect(readingOrderBreak(box("a", 200, 0), box("b", 0, 0))).toMatch(/left of a on the same line/);
    expect(readingOrderBreak(box("a", 0, 500), box("b", 50, 100))).toMatch(/above and not right of a/);
  });
});

describe("target size (WCAG 2.5.8)", () => {
  const target = (
    label: string,
    left: number,
    top: number,
    width: number,
    height: number,
    inSentence = false,
  ): Target => ({
    label,
    left,
    top,
    width,
    height,
    inSentence,
  });

  it("passes targets of at least 24 × 24 px however close they are", () => {
    expect(targetSizeFailures([target("a", 0, 0, 24, 24), target("b", 24, 0, 24, 24)])).toEqual([]);
  });

  it("passes a small target whose 24 px circle touches nothing", () => {
    expect(targetSizeFailures([target("small", 0, 0, 16, 16), target("big", 30, 0, 44, 44)])).toEqual([]);
  });

  it("fails a small target whose circle reaches another target", () => {
    expect(targetSizeFailures([target("small", 0, 0, 16, 16), target("big", 18, 0, 44, 44)])).toEqual([
      "small (16×16 px) is too close to big",
    ]);
  });

  it("fails two small targets whose circles overlap, and passes them 24 px apart", () => {
    expect(targetSizeFailures([target("a", 0, 0, 16, 16), target("b", 20, 0, 16, 16)])).toHaveLength(2);
    expect(targetSizeFailures([target("a", 0, 0, 16, 16), target("b", 24, 0, 16, 16)])).toEqual([]);
  });

  it("exempts links inline in a sentence, but they still count as neighbours", () => {
    expect(targetSizeFailures([target("inline", 0, 0, 60, 18, true), target("inline 2", 62, 0, 60, 18, true)])).toEqual(
      [],
    );
    expect(targetSizeFailures([target("inline", 0, 0, 60, 18, true), target("small", 0, 20, 16, 16)])).toEqual([
      "small (16×16 px) is too close to inline",
    ]);
  });
});
