// Two details an outside accessibility checker looks for, on every built page: each FAQ answer
// is an article named by its question, and every drawing that says nothing (an icon, the map's
// star) is hidden from assistive technology. Read from the generated HTML with parse5.
import { isSitePageFile } from "../scripts/site/urls.ts";
import { parse, type DefaultTreeAdapterTypes } from "parse5";
import { beforeAll, describe, expect, it } from "vitest";
import { renderSite, type RenderedSite } from "../scripts/pipeline/generate.ts";
import { outputText } from "../scripts/lib/output.ts";
import { DATA_DIR } from "./support/paths.ts";

type Element = DefaultTreeAdapterTypes.Element;

function elements(node: DefaultTreeAdapterTypes.ParentNode, found: Element[] = []): Element[] {
  for (const child of node.childNodes) {
    if ("tagName" in child) {
      found.push(child);
      elements(child, found);
    }
  }
  return found;
}

const attr = (element: Element, name: string) => element.attrs.find((attribute) => attribute.name === name)?.value;
const text = (element: Element): string =>
  element.childNodes.map((child) => ("value" in child ? child.value : "tagName" in child ? text(child) : "")).join("");

let pages: [string, Element[]][];
let townPages: number;

beforeAll(async () => {
  const site: RenderedSite = await renderSite({ dataDir: DATA_DIR, outDir: "unused" });
  townPages = site.routes.filter((route) => route.subject.kind === "town").length;
  pages = [...site.files]
    .filter(([file]) => isSitePageFile(file))
    .map(([file, contents]) => [file, elements(parse(outputText(contents)))]);
});

describe("every page's markup", () => {
  it("names each FAQ article by its question", () => {
    let articles = 0;
    for (const [file, all] of pages) {
      const byId = new Map(
        all.filter((element) => attr(element, "id")).map((element) => [attr(element, "id")!, element]),
      );
      for (const article of all.filter(
        (element) => element.tagName === "article" && attr(element, "class") === "faq-item",
      )) {
        articles += 1;
        const label = byId.get(attr(article, "aria-labelledby") ?? "");
        expect(label?.tagName, file).toBe("h3");
        expect(label && article.childNodes.includes(label), file).toBe(true);
        expect(text(label!).length, file).toBeGreaterThan(10);
      }
    }
    // 4 on the home page and 3 on each town page.
    expect(articles).toBe(4 + townPages * 3);
  });

  it("hides every drawing that says nothing, the map's home star included", () => {
    for (const [file, all] of pages) {
      const hidden = new Set<Element>();
      for (const element of all) {
        if (attr(element, "aria-hidden") === "true") elements(element).forEach((inner) => hidden.add(inner));
      }
      for (const svg of all.filter((element) => element.tagName === "svg" && !hidden.has(element))) {
        const named = attr(svg, "role") && (attr(svg, "aria-label") || attr(svg, "aria-labelledby"));
        expect(attr(svg, "aria-hidden") === "true" || !!named, `${file}: <svg class="${attr(svg, "class")}">`).toBe(
          true,
        );
      }
    }
    const towns = pages.find(([file]) => file === "towns.html")![1];
    const star = towns.find((element) => attr(element, "class") === "map-home")!;
    expect(attr(star, "aria-hidden")).toBe("true");
  });
});
