// The JSON-LD builders are pure: the same data gives the same graph, and a change in the data
// shows up in the graph without touching code. The served pages are checked in seo.browser.test.ts.
import { describe, expect, it } from "vitest";
import { loadData } from "../scripts/data/load.ts";
import { buildModel, toPhone, type SiteModel } from "../scripts/data/model.ts";
import { buildRoutes, notFoundRoute } from "../scripts/pages/routes.ts";
import { businessNode, faqPageNode, serializeJsonLd, structuredDataFor } from "../scripts/seo/structured-data.ts";
import { replaceInFile } from "./support/data-copy.ts";
import { filledInData, FILLED_IN } from "./support/filled-in.ts";
import {
  LEFT_OUT_FOR_PLACEHOLDERS,
  missingProperties,
  structuredHours,
  typedNodes,
  type JsonObject,
} from "./support/json-ld.ts";
import { DATA_DIR } from "./support/paths.ts";

// The shipped data, and the same with its placeholders filled in (support/filled-in.ts), as a site
// that goes live has it: the JSON-LD states every property only then.
const shipped = buildModel(await loadData(DATA_DIR));
const model = buildModel(await loadData(await filledInData(DATA_DIR)));
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

  it("state no placeholder: the shipped data's number, street, social pages and form are nowhere in any graph", () => {
    const placeholders = shipped.business.placeholders;
    expect(placeholders.map((placeholder) => placeholder.keys.join("."))).toEqual(
      expect.arrayContaining(["phones.primary", "phones.secondary", "phones.text", "address.street", "social.0.url"]),
    );
    const stated = new Set<string>();
    for (const route of buildRoutes(shipped)) {
      const graph = structuredDataFor(route, shipped);
      const json = JSON.stringify(graph);
      for (const { keys, value } of placeholders) {
        if (keys[0] === "url") continue; // the site's own address, which every @id is made of
        const forms = keys[0] === "phones" ? [toPhone(value).e164, value] : [value];
        for (const form of forms) expect(json, `${route.path}: ${form}`).not.toContain(form);
      }
      for (const problem of typedNodes(asJson(graph)).flatMap(missingProperties)) stated.add(problem);
    }
    // Only what the placeholders stand for is missing.
    expect([...stated].sort()).toEqual([...LEFT_OUT_FOR_PLACEHOLDERS].sort());
  });

  it("promise the estimate for the form alone, and name texts as estimate requests", () => {
    const service = structuredDataFor(
      routes.find((route) => route.kind === "service")!,
      model,
    )!;
    const channels = typedNodes(asJson(service)).filter((node) => node["@type"] === "ServiceChannel");
    expect(channels).toEqual([
      {
        "@type": "ServiceChannel",
        name: model.business.leadForm.title,
        serviceUrl: `${model.business.url}/contact`,
        description: "A free, no-obligation estimate within 24 hours of sending the estimate form.",
      },
      expect.objectContaining({
        servicePhone: {
          "@type": "ContactPoint",
          telephone: model.business.phone.e164,
          contactType: "estimate requests by phone",
        },
        serviceSmsNumber: {
          "@type": "ContactPoint",
          telephone: model.business.text!.e164,
          contactType: "estimate requests by text message",
        },
      }),
    ]);
    expect(JSON.stringify(channels[1])).not.toMatch(/24 hours|within/);
  });

  it("give the not-found page no structured data", () => {
    expect(structuredDataFor(notFoundRoute(model), model)).toBeUndefined();
  });

  it("follow the data: a new phone number in site.yaml is the number in the graph", async () => {
    const data = await filledInData();
    await replaceInFile(data, "site.yaml", `primary: ${FILLED_IN.phones.primary}`, "primary: (217) 311-0199");
    const changed: SiteModel = buildModel(await loadData(data));
    expect(businessNode(changed).telephone).toBe("+12173110199");
    const service = structuredDataFor(
      buildRoutes(changed).find((route) => route.subject.kind === "service")!,
      changed,
    );
    expect(JSON.stringify(service)).toContain("+12173110199");
    expect(JSON.stringify(service)).not.toContain(toPhone(FILLED_IN.phones.primary).e164);
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
