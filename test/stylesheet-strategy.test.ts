// The inline-versus-shared-stylesheet comparison that `npm run weigh` prints.
import { describe, expect, it } from "vitest";
import { compareVisit, roundTripsFor, withExternalStylesheet } from "../scripts/measure/stylesheet-strategy.ts";

describe("stylesheet strategy", () => {
  it("counts the round trips of slow start: 10 segments, then 20, then 40", () => {
    expect(roundTripsFor(1)).toBe(1);
    expect(roundTripsFor(14_600)).toBe(1);
    expect(roundTripsFor(14_601)).toBe(2);
    expect(roundTripsFor(14_600 * 3)).toBe(2);
    expect(roundTripsFor(14_600 * 3 + 1)).toBe(3);
  });

  it("swaps the inline stylesheet for a link to a content-hashed file, and refuses a page without it", () => {
    const css = "body{margin:0}";
    const { html, href } = withExternalStylesheet(`<head><style>${css}</style></head>`, css);
    expect(href).toMatch(/^\/site\.[0-9a-f]{10}\.css$/);
    expect(html).toBe(`<head><link rel="stylesheet" href="${href}"/></head>`);
    expect(() => withExternalStylesheet("<head></head>", css)).toThrow();
  });

  it("charges the shared file once, one more request, and a second round trip before the first paint", async () => {
    const css = Array.from(
      { length: 200 },
      (_, i) => `.rule-${i}{margin:${i}px;color:#${(i * 4099).toString(16).padStart(6, "0").slice(0, 6)}}`,
    ).join("");
    const page = (text: string) =>
      `<!DOCTYPE html><html><head><style>${css}</style></head><body><p>${text}</p></body></html>`;
    const visit = [page("one"), page("two"), page("three")].map((html, i) => ({ path: `/${i}`, html }));
    const result = await compareVisit(visit, css);
    expect(result.inline.requests).toBe(3);
    expect(result.external.requests).toBe(4);
    expect(result.inline.firstPaintRoundTrips).toBe(1);
    expect(result.external.firstPaintRoundTrips).toBe(2);
    expect(result.external.firstPaintMs).toBeGreaterThan(result.inline.firstPaintMs);
    // Pages after the first are smaller without the stylesheet.
    expect(result.external.pageBytes[1]).toBeLessThan(result.inline.pageBytes[1]!);
    expect(result.inline.totalBytes).toBe(result.inline.pageBytes.reduce((a, b) => a + b, 0));
  });
});
