// The JSON-LD builders are pure: the same data gives the same graph, and a change in the data
// shows up in the graph without touching code. The served pages are checked in seo.browser.test.ts.
import { describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { buildModel, type SiteModel } from "../scripts/data/model.ts";
import { buildRoutes, notFoundRoute } from "../scripts/pages/routes.ts";
import { businessNode, faqPageNode, serializeJsonLd, structuredDataFor } from "../scripts/seo/structured-data.ts";
import { copyData, replaceInFile } from "./support/data-copy.ts";
import { missingProperties, structuredHours, typedNodes, type JsonObject } from "./support/json-ld.ts";
import { DATA_DIR } from "./support/paths.ts";

const model = buildModel(await loadData(DATA_DIR));
const routes = buildRoutes(model);
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as JsonObject;

describe("structured data builders", () => {
  it("give the opening hours of site.yaml: Monday to Friday 07:00–17:00, Saturday 08:00–12:00", () => {
    const hours = typedNodes(asJson(businessNode(model))).filter(
      (node) => node["@type"] === "OpeningHoursSpecification",
    );
    expect(structuredHours(hours)).toEqual([
      "Monday 07:00-17:00",
      "Tuesday 07:00-17:00",
      "Wednesday 07:00-17:00",
      "Thursday 07:00-17:00",
      "Friday 07:00-17:00",
      "Saturday 08:00-12:00",
    ]);
  });

  it("leave out priceRange, because no prices are published", () => {
    expect(businessNode(model)).not.toHaveProperty("priceRange");
  });

  it("build a graph for every public route whose nodes all carry their required properties", () => {
    for (const route of routes) {
      const graph = structuredDataFor(route, model);
      expect(graph, route.path).toBeDefined();
      expect(typedNodes(asJson(graph)).flatMap(missingProperties), route.path).toEqual([]);
    }
  });

  it("give the not-found page no structured data", () => {
    expect(structuredDataFor(notFoundRoute(model), model)).toBeUndefined();
  });

  it("follow the data: a new phone number in site.yaml is the number in the graph", async () => {
    const data = await copyData();
    await replaceInFile(data, "site.yaml", "primary: (217) 555-0142", "primary: (217) 555-0199");
    const changed: SiteModel = buildModel(await loadData(data));
    expect(businessNode(changed).telephone).toBe("+12175550199");
    const service = structuredDataFor(
      buildRoutes(changed).find((route) => route.subject.kind === "service")!,
      changed,
    );
    expect(JSON.stringify(service)).toContain("+12175550199");
    expect(JSON.stringify(service)).not.toContain("+12175550142");
  });
});

describe("serializeJsonLd", () => {
  it("escapes '<' so that no text can end the script element, and still parses to the same data", () => {
    const faq = {
      question: "Can text close a </script> tag early?",
      answer: "No: <!-- and </script> are escaped.",
    };
    const graph = {
      "@context": "https://schema.org" as const,
      "@graph": [faqPageNode([faq], "https://x.example/")],
    };
    const json = serializeJsonLd(graph);
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script>");
    expect(JSON.parse(json)).toEqual(graph);
  });
});
