// Each statement of law on the site is written once, in data/law.yaml, with the sources it rests on;
// a page says it by reference ({law:<id>}) and the build puts the rule's sentence in
// (scripts/data/law.ts). Every sentence of every built page (its text, its JSON-LD's prose and its
// description) that says what a law, a code, a permit or an agency requires is one of law.yaml's;
// a reference to no rule, a rule typed into the prose (its prose fields only, scripts/data/prose.ts)
// and licensed work claimed without the license are refused at their file, line and column; a
// citation's abbreviations end no sentence; and site.yaml's licenses decide what the pages say of
// the work Illinois licenses.
import { parse as parseHtml, type DefaultTreeAdapterTypes } from "parse5";
import { beforeAll, describe, expect, it } from "vitest";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { lawSentences, licensedWorkClaim, PROSE_FILES, ruleWords, sentencesOf } from "../scripts/data/law.ts";
import { PROSE_FIELDS } from "../scripts/data/prose.ts";
import { loadData, type RawData } from "../scripts/data/load.ts";
import { DATA_FILES, type License } from "../scripts/data/schema.ts";
import { copyData, editYaml, lineOf, loadProblems, problemsOf, replaceInFile } from "./support/data-copy.ts";
import { DATA_DIR } from "./support/paths.ts";
import { sharedBuild } from "./support/site.ts";

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

/** Elements that end a run of text: a sentence never runs from one into the next. */
const BLOCKS = new Set(
  "address article aside blockquote br button dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr label li main nav ol p section summary table td th title tr ul".split(
    " ",
  ),
);

/** The properties of the pages' JSON-LD that hold prose: names, descriptions, answers, kinds of service and contact. */
const JSON_LD_PROSE = new Set([
  "name",
  "description",
  "disambiguatingDescription",
  "text",
  "serviceType",
  "contactType",
]);

/** Those that hold none: types and ids, addresses (web, postal, phone), days and times, a language. */
const JSON_LD_NOT_PROSE = new Set([
  ...["@context", "@type", "@id", "url", "serviceUrl", "contentUrl", "image", "logo", "sameAs", "item"],
  ...["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry", "telephone"],
  ...["dayOfWeek", "opens", "closes", "validFrom", "validThrough", "dateCreated", "itemListOrder", "inLanguage"],
]);

/** Every string of a JSON value with the property that holds it (a list's items, the list's). */
function jsonStrings(value: unknown, property = ""): { property: string; text: string }[] {
  if (typeof value === "string") return [{ property, text: value }];
  if (Array.isArray(value)) return value.flatMap((item) => jsonStrings(item, property));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => jsonStrings(item, key));
  return [];
}

/** The prose of a JSON value: the strings of its prose properties (JSON_LD_PROSE). */
const jsonTexts = (value: unknown): string[] =>
  jsonStrings(value)
    .filter(({ property }) => JSON_LD_PROSE.has(property))
    .map(({ text }) => text);

/** The JSON-LD of a page, each script's graph. */
const jsonLdOf = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );

/**
 * What a page says, as runs of text a sentence cannot cross: its text, block by block, but for the
 * postal address (<address>); each prose string of its JSON-LD; and its descriptions for search
 * engines and link previews.
 */
function pageTexts(html: string): string[] {
  const runs: string[] = [""];
  const walk = (node: Node) => {
    if ("tagName" in node) {
      const attribute = (name: string) => node.attrs.find((attr) => attr.name === name)?.value;
      if (node.tagName === "script") {
        if (attribute("type") === "application/ld+json") {
          const text = node.childNodes.map((child) => ("value" in child ? child.value : "")).join("");
          runs.push(...jsonTexts(JSON.parse(text)), "");
        }
        return;
      }
      if (node.tagName === "style" || node.tagName === "template" || node.tagName === "address") return;
      if (node.tagName === "meta" && /description$/.test(attribute("name") ?? attribute("property") ?? ""))
        runs.push(attribute("content") ?? "", "");
      if (BLOCKS.has(node.tagName)) runs.push("");
    }
    if (node.nodeName === "#text" && "value" in node) runs[runs.length - 1] += node.value;
    if ("childNodes" in node) for (const child of node.childNodes) walk(child);
    if ("tagName" in node && BLOCKS.has(node.tagName)) runs.push("");
  };
  walk(parseHtml(html));
  return runs.map((run) => run.replace(/\s+/g, " ").trim()).filter((run) => run !== "");
}

/** The sentences of a page that state a rule or claim licensed work, and are not law.yaml's own. */
function unsourcedRules(html: string, allowed: ReadonlySet<string>, licenses: readonly License[]): string[] {
  return pageTexts(html).flatMap((run) =>
    sentencesOf(run)
      .map(({ text }) => text)
      .filter(
        (text) =>
          (ruleWords(text) !== undefined || licensedWorkClaim(text, licenses) !== undefined) && !allowed.has(text),
      ),
  );
}

/** law.yaml's sentences as the pages say them, cut into sentences as a page is. */
function allowedSentences(raw: RawData): Set<string> {
  return new Set(
    [...lawSentences(raw.law, raw.site.licenses).values()].flatMap((text) =>
      sentencesOf(text).map((each) => each.text),
    ),
  );
}

/** Every page of the built site (not the editor's), by its file in dist/. */
async function builtPages(): Promise<Map<string, string>> {
  const dist = await sharedBuild();
  const files = (await readdir(dist, { recursive: true })).filter(
    (file) => file.endsWith(".html") && !file.startsWith("admin"),
  );
  return new Map(
    await Promise.all(files.map(async (file) => [file, await readFile(path.join(dist, file), "utf8")] as const)),
  );
}

describe("the rules of law, written once", () => {
  let raw: RawData;
  let pages: Map<string, string>;
  beforeAll(async () => {
    raw = await loadData(DATA_DIR);
    pages = await builtPages();
  });

  it("each rest on a source: what it is, the copy read, the day, and the passage", () => {
    const entries = [...raw.law.rules, ...raw.law.licensedWork];
    expect(entries.length).toBeGreaterThan(15);
    for (const entry of entries)
      for (const source of entry.sources) {
        expect(source.passage.length, entry.id).toBeGreaterThan(20);
        expect(source.copyDate, entry.id).toMatch(/capture date not shown|\d{4}|quotes it/);
      }
  });

  it("are the only place on any built page that says what a law, a code, a permit or an agency requires", () => {
    const allowed = allowedSentences(raw);
    const offenders = [...pages].flatMap(([path, html]) =>
      unsourcedRules(html, allowed, raw.site.licenses).map((sentence) => `${path}: ${sentence}`),
    );
    expect(offenders).toEqual([]);
    // The pages do state rules: the reader finds them, and each is law.yaml's.
    const stated = [...pages.values()].flatMap((html) =>
      pageTexts(html).flatMap((run) => sentencesOf(run).filter(({ text }) => ruleWords(text) && allowed.has(text))),
    );
    expect(stated.length).toBeGreaterThan(40);
  });

  it("finds a rule a page states on its own, in its text, its JSON-LD or its description", () => {
    const allowed = allowedSentences(raw);
    const culvert = pages.get("services/culvert.html")!;
    expect(unsourcedRules(culvert, allowed, [])).toEqual([]);
    const typed = culvert.replace("<h2", "<p>Illinois law requires a permit for every culvert.</p><h2");
    expect(unsourcedRules(typed, allowed, [])).toEqual(["Illinois law requires a permit for every culvert."]);
    const inJsonLd = culvert.replace(
      /("@type":"Service")/,
      '$1,"disambiguatingDescription":"Every culvert must be inspected."',
    );
    expect(inJsonLd).not.toBe(culvert);
    expect(unsourcedRules(inJsonLd, allowed, [])).toEqual(["Every culvert must be inspected."]);
    const described = culvert.replace(/(<meta name="description" content=")/, "$1A permit comes first. ");
    expect(unsourcedRules(described, allowed, [])).toEqual(["A permit comes first."]);
  });

  it("reads no words that are not prose: the postal address, and the JSON-LD's types, addresses and times", () => {
    const allowed = allowedSentences(raw);
    const culvert = pages.get("services/culvert.html")!;
    // A street number can be the one that also names the call before digging.
    const street = culvert.replace("<h2", "<address>811 Broadway Avenue<br>Mattoon, IL 61938</address><h2");
    expect(unsourcedRules(street, allowed, [])).toEqual([]);
    const inJsonLd = culvert.replace(
      /("@type":"Service")/,
      '$1,"address":{"@type":"PostalAddress","streetAddress":"811 Broadway Avenue"}',
    );
    expect(inJsonLd).not.toBe(culvert);
    expect(unsourcedRules(inJsonLd, allowed, [])).toEqual([]);
    // Every string of the built JSON-LD is read as prose or known as none.
    const properties = new Set(
      [...pages.values()]
        .flatMap((html) => jsonLdOf(html).flatMap((graph) => jsonStrings(graph)))
        .map((each) => each.property),
    );
    expect(
      [...properties].filter((property) => !JSON_LD_PROSE.has(property) && !JSON_LD_NOT_PROSE.has(property)),
    ).toEqual([]);
  });

  it("say what the sources say: no percolation test, inspection and stormwater coverage as required", () => {
    const sentence = (id: string) => raw.law.rules.find((rule) => rule.id === id)!.sentence;
    expect(sentence("septic-soil")).toMatch(/has not allowed a percolation test to set the design/);
    expect(sentence("septic-inspection")).toMatch(/^Local health departments inspect every septic installation/);
    expect(sentence("construction-stormwater")).toMatch(/one acre or more.* needs coverage/);
    const site = [...pages.values()].join("\n");
    expect(site).not.toMatch(/percolation test where|typically inspects|generally need/);
  });
});

describe("a reference to a rule", () => {
  it("in site.yaml's prose becomes the rule's sentence, as in the other files", async () => {
    const dir = await copyData(DATA_DIR);
    await replaceInFile(
      dir,
      "site.yaml",
      "tagline: Excavation, drainage and site work for Mattoon and Central Illinois",
      "tagline: Excavation for Mattoon. {law:fill-sites}",
    );
    const { site, law } = await loadData(dir);
    const fillSites = law.rules.find((rule) => rule.id === "fill-sites")!.sentence;
    expect(site.tagline).toBe(`Excavation for Mattoon. ${fillSites}`);
  });

  it("to no rule is refused at its line and column, with the nearest id", async () => {
    const dir = await copyData(DATA_DIR);
    // A line inside a folded answer (">-"): the problem points at the reference itself, not at the answer's start.
    const text = await replaceInFile(
      dir,
      "towns.yaml",
      "twentieth century. {law:julie-private-lines}",
      "twentieth century. {law:julie-private-line}",
    );
    const [problem, ...rest] = await problemsOf(dir);
    expect(rest).toEqual([]);
    const line = lineOf(text, "{law:julie-private-line}");
    expect(text.split("\n")[line - 2]).not.toMatch(/answer:/);
    expect(problem).toMatchObject({ file: "data/towns.yaml", line, field: "towns[6].faqs[1].answer" });
    expect(problem!.column).toBe(text.split("\n")[line - 1]!.indexOf("{law:julie-private-line}") + 1);
    expect(problem!.expected).toContain("did you mean");
    expect(problem!.expected).toContain("julie-private-lines");
  });

  it("inside a sentence is refused: the rule's sentence is put in whole", async () => {
    const dir = await copyData(DATA_DIR);
    await editYaml(dir, "faq.yaml", (doc) =>
      doc.setIn(
        ["faqs", 3, "answer"],
        "Most projects start within days of an approved estimate, since {law:julie-notice} as always.",
      ),
    );
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ file: "data/faq.yaml", field: "faqs[3].answer" });
    expect(problem!.found).toContain("inside a sentence");
  });

  it("is refused when the text with the rule's sentence in it is too long for its field", async () => {
    const dir = await copyData(DATA_DIR);
    const many = "{law:julie-notice} {law:julie-premark} {law:julie-private-lines} {law:osha-trench}";
    await editYaml(dir, "faq.yaml", (doc) => doc.setIn(["faqs", 3, "answer"], many));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ file: "data/faq.yaml", field: "faqs[3].answer" });
    expect(problem!.found).toMatch(/^a text of \d+ characters once the rules it names are put in$/);
    expect(problem!.expected).toContain("at most 700");
  });
});

describe("a rule typed into the prose", () => {
  it("is refused at its words, with what to do instead", async () => {
    const dir = await copyData(DATA_DIR);
    const text = await replaceInFile(
      dir,
      "towns.yaml",
      "we lay tile. Near the river,",
      "we lay tile. Illinois law requires a permit for any pond. Near the river,",
    );
    const [problem, ...rest] = await problemsOf(dir);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      file: "data/towns.yaml",
      line: lineOf(text, "Illinois law requires a permit"),
      found: expect.stringMatching(/^"law" in "Illinois law requires/),
    });
    expect(problem!.expected).toContain("{law:<id>}");
  });

  it("is refused in a sentence that cites the Illinois Administrative Code, read as one sentence", async () => {
    const citation = "The spacing of a septic field is set by 77 Ill. Adm. Code 905 and the health department.";
    expect(sentencesOf(`${citation} We dig the trenches.`).map((each) => each.text)).toEqual([
      citation,
      "We dig the trenches.",
    ]);
    expect(ruleWords(citation)).toBe("Adm. Code");
    const dir = await copyData(DATA_DIR);
    const text = await replaceInFile(
      dir,
      "towns.yaml",
      "we lay tile. Near the river,",
      `we lay tile. ${citation} Near the river,`,
    );
    const [problem, ...rest] = await problemsOf(dir);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ file: "data/towns.yaml", line: lineOf(text, "77 Ill. Adm. Code") });
    expect(problem!.found).toMatch(/^"Adm\. Code" in "The spacing of a septic field/);
  });

  it("ends no sentence at an abbreviation's period; a No. before words answers a question", () => {
    const texts = (text: string) => sentencesOf(text).map((each) => each.text);
    expect(texts("U.S. Route 45 runs north to Mattoon. Then west.")).toEqual([
      "U.S. Route 45 runs north to Mattoon.",
      "Then west.",
    ]);
    expect(texts("From St. Elmo to Mt. Zion and the Coles Co. line. Then west.")).toHaveLength(2);
    expect(texts("It is General Permit No. ILR10. Then west.")).toEqual([
      "It is General Permit No. ILR10.",
      "Then west.",
    ]);
    expect(texts("As amended by P.A. 103-614 in 2025. Then west.")).toHaveLength(2);
    expect(texts("See No. 38 of the register. Then west.")).toHaveLength(2);
    expect(texts("No. Submit the form. Then west.")).toEqual(["No.", "Submit the form.", "Then west."]);
  });

  it("is read in the prose only, not in a key, a slug, an icon's name or a county", async () => {
    const dir = await copyData(DATA_DIR);
    const text = await replaceInFile(dir, "services.yaml", "  - key: culvert\n", "  - key: culvert-permits\n");
    expect(text).toContain("key: culvert-permits");
    expect(await loadProblems(dir)).toEqual([]);
    // The same words in a service's prose are a rule.
    await editYaml(dir, "services.yaml", (doc) => doc.setIn(["services", 1, "label"], "Culvert permits"));
    expect((await problemsOf(dir)).map((problem) => problem.field)).toEqual(["services[1].label"]);
  });

  it("reads every text field of the prose files' schemas that is prose, and none that names or chooses", () => {
    const fields = (schema: z.ZodType, name = ""): string[] => {
      const inner =
        schema instanceof z.ZodOptional || schema instanceof z.ZodDefault
          ? (schema.unwrap() as z.ZodType)
          : schema instanceof z.ZodPipe
            ? (schema.in as z.ZodType)
            : schema;
      if (inner instanceof z.ZodObject)
        return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, value]) => fields(value, key));
      if (inner instanceof z.ZodArray) return fields(inner.element as z.ZodType, name);
      return inner instanceof z.ZodString || inner instanceof z.ZodEnum ? [name] : [];
    };
    const text = new Set(PROSE_FILES.flatMap((file) => fields(DATA_FILES[file].schema)));
    expect([...text].filter((field) => !PROSE_FIELDS.has(field)).sort()).toEqual([
      ...["areaServed", "county", "ctaPhone", "file", "foundedAs", "icon"],
      ...["key", "month", "role", "services", "slug", "town"],
    ]);
    expect([...PROSE_FIELDS].filter((field) => !text.has(field))).toEqual([]);
  });

  it("is not a question, and not the owner's claim of being licensed and insured", () => {
    expect(ruleWords("Is erosion control required on my building site?")).toBeUndefined();
    expect(ruleWords("Yes. We are licensed and insured.")).toBeUndefined();
    expect(ruleWords("Utility locates are part of any dig.")).toBeUndefined();
    expect(ruleWords("Work in a road ditch usually needs a permit from whoever maintains the road.")).toBe("permit");
  });
});

describe("licensed work, as site.yaml's licenses say", () => {
  const septic = (raw: RawData) => raw.law.licensedWork.find((work) => work.id === "septic-installation")!;
  const plumbing = (raw: RawData) => raw.law.licensedWork.find((work) => work.id === "plumbing-work")!;
  const prose = (raw: RawData) => JSON.stringify([raw.services, raw.towns, raw.alsoServing, raw.homeFaqs]);

  it("without a license named, the pages say what the business digs and who does the rest", async () => {
    const raw = await loadData(DATA_DIR);
    expect(raw.site.licenses).toEqual([]);
    expect(prose(raw)).toContain(septic(raw).withoutLicense);
    expect(prose(raw)).toContain(plumbing(raw).withoutLicense);
    expect(prose(raw)).not.toContain(septic(raw).withLicense);
    expect(prose(raw)).not.toContain(plumbing(raw).withLicense);
    expect(septic(raw).withoutLicense).toMatch(/^We do the digging and the backfill.*licensed/);
  });

  it("with the licenses named, the same pages say the business does the work under them", async () => {
    const dir = await copyData(DATA_DIR);
    await editYaml(dir, "site.yaml", (doc) => doc.set("licenses", ["private-sewage-installation", "plumbing"]));
    const raw = await loadData(dir);
    expect(prose(raw)).toContain(septic(raw).withLicense);
    expect(prose(raw)).toContain(plumbing(raw).withLicense);
    expect(prose(raw)).not.toContain(septic(raw).withoutLicense);
    expect(prose(raw)).not.toContain(plumbing(raw).withoutLicense);
  });

  it("claimed in the prose without the license is refused, and accepted once site.yaml names it", async () => {
    const dir = await copyData(DATA_DIR);
    const text = await replaceInFile(
      dir,
      "towns.yaml",
      "private septic systems, and we dig for new",
      "private septic systems, and we install new",
    );
    const [problem, ...rest] = await problemsOf(dir);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ file: "data/towns.yaml", line: lineOf(text, "and we install new") });
    expect(problem!.found).toContain("private-sewage-installation");
    expect(problem!.expected).toContain("{law:septic-installation}");
    await editYaml(dir, "site.yaml", (doc) => doc.set("licenses", ["private-sewage-installation"]));
    expect(await loadProblems(dir)).toEqual([]);
  });

  it("names only licenses the site knows", async () => {
    const dir = await copyData(DATA_DIR);
    await editYaml(dir, "site.yaml", (doc) => doc.set("licenses", ["septic"]));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ file: "data/site.yaml", field: "licenses[0]" });
    expect(problem!.expected).toContain('"private-sewage-installation"');
  });
});

describe("law.yaml itself", () => {
  it("gives each id once, and no source read after today", async () => {
    const dir = await copyData(DATA_DIR);
    await editYaml(dir, "law.yaml", (doc) => {
      doc.setIn(["rules", 1, "id"], "julie-notice");
      doc.setIn(["rules", 2, "sources", 0, "read"], "2026-12-31");
    });
    const problems = await loadProblems(dir, { today: new Date("2026-11-28T12:00:00Z") });
    expect(problems.map((problem) => problem.field)).toEqual(
      expect.arrayContaining(["rules[1].id", "rules[2].sources[0].read"]),
    );
  });

  it("is what a reference needs: without the file, a reference names no rule", async () => {
    const dir = await copyData();
    await editYaml(dir, "faq.yaml", (doc) =>
      doc.setIn(["faqs", 3, "answer"], "Utility locates are part of any dig. {law:julie-notice}"),
    );
    const [problem] = await problemsOf(dir);
    expect(problem!.found).toContain("with no data/law.yaml to hold it");
  });
});
