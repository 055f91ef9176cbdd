// A new optional feature is its folder and its line in features/index.ts (with its import), as a new
// kind of page is its module and its line (test/routes.test.ts): a made-up feature, added so to a
// linked copy of the project, reaches the <head> of every page, the header policy and /privacy (a
// section of its own and a sentence in the page's own), and every other file of the build is as
// it was. And what the list refuses of two features.
import { readFile, rm } from "node:fs/promises";
import { createElement } from "react";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteKinds, siteParts, siteRoutes } from "../scripts/features/index.ts";
import { editedPages } from "../scripts/pipeline/draft.ts";
import { buildLlmsTxt } from "../scripts/seo/llms-txt.ts";
import type { Feature } from "../scripts/features/feature.ts";
import { inlineHash } from "../scripts/headers/csp.ts";
import { headerPolicyFor } from "../scripts/headers/policy.ts";
import { PolicyError } from "../scripts/headers/policy-error.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel } from "../scripts/data/model.ts";
import { outputText, type OutputContents } from "../scripts/lib/output.ts";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { CACHE_DIR } from "../scripts/lib/paths.ts";
import { PNG_FAVICON, SVG_FAVICON } from "../scripts/site/favicon.ts";
import { DATA_DIR, ROOT } from "./support/paths.ts";
import { shadowProject } from "./support/shadow-project.ts";

const HEAD_CODE = "document.documentElement.dataset.madeUp = 1";
const ADDRESS = "https://made-up.example/api/hello";
const SECTION = "A made-up feature";
const SENTENCE = "The made-up feature says hello to made-up.example from every page.";
/** What it has the page's own sentence on requests off the site say. */
const SENDS = "Every page says hello to made-up.example.";

/** The made-up feature's folder: one file. */
const MADE_UP = `import type { Feature } from "../feature.ts";

export const madeUp: Feature = {
  name: "made-up",
  async parts() {
    return {
      head: [${JSON.stringify(HEAD_CODE)}],
      policy: new Map([["connect-src", new Set([${JSON.stringify(ADDRESS)}])]]),
      privacy: {
        statements: [{ section: ${JSON.stringify(SECTION)}, words: [${JSON.stringify(SENTENCE)}], claim: { kind: "beyond-the-browser" } }],
        sends: ${JSON.stringify(SENDS)},
      },
    };
  },
};
`;

const text = (contents: OutputContents | undefined) => (contents === undefined ? undefined : outputText(contents));

let shadow: string;
let before: Map<string, OutputContents>;
let after: Map<string, OutputContents>;

beforeAll(async () => {
  const index = "scripts/features/index.ts";
  const pipeline = "scripts/pipeline/generate.ts";
  const list = await readFile(path.join(ROOT, index), "utf8");
  const line = /^export const FEATURES: readonly Feature\[\] = \[(.*)\];$/m;
  expect(list).toMatch(line);
  shadow = await shadowProject({
    // The pipeline's own code, run from the copy, so that it asks the copy's list.
    [pipeline]: await readFile(path.join(ROOT, pipeline), "utf8"),
    [index]: list
      .replace(line, "export const FEATURES: readonly Feature[] = [$1, madeUp];")
      .replace(/^(import .*)$/m, `$1\nimport { madeUp } from "./made-up/made-up.ts";`),
    "scripts/features/made-up/made-up.ts": MADE_UP,
  });
  const { renderSite: renderWithMadeUp } = (await import(path.join(shadow, pipeline))) as {
    renderSite: typeof renderSite;
  };
  // The build's cache, as the run's other builds of the shipped data use it: an entry is keyed by
  // what made it, so a file the made-up feature changed would be made anew, not read back. One
  // build after the other, so that the second reads what the first made.
  const options = { dataDir: DATA_DIR, outDir: "unused", cacheDir: CACHE_DIR, year: 2026 };
  before = (await renderSite(options)).files;
  after = (await renderWithMadeUp(options)).files;
}, 180_000); // two whole builds in memory, one from a linked copy of the project

afterAll(async () => {
  await rm(shadow, { recursive: true, force: true });
});

describe("a made-up feature, its folder and its line in the list", () => {
  const script = `<script>${HEAD_CODE}</script>`;

  it("puts its script at the end of every page's <head>, and nothing else in a page but /privacy", () => {
    // The site's pages; the editor's (admin/) is the CMS's own.
    const pages = [...before.keys()].filter((file) => file.endsWith(".html") && !file.startsWith("admin/"));
    expect(pages.length).toBeGreaterThan(40);
    for (const file of pages) {
      const page = text(after.get(file))!;
      expect(page, file).toContain(`${script}</head>`);
      if (file === "privacy.html") continue;
      expect(page.replace(script, ""), file).toBe(text(before.get(file)));
    }
  });

  it("is in the header policy: its address to connect to, and its script by its hash", () => {
    const headers = text(after.get("_headers"))!;
    expect(headers).toContain(ADDRESS);
    expect(headers).toContain(inlineHash(HEAD_CODE));
    expect(headers.replaceAll(` ${ADDRESS}`, "").replaceAll(` ${inlineHash(HEAD_CODE)}`, "")).toBe(
      text(before.get("_headers")),
    );
  });

  it("says on /privacy what it does, in a section of its own after the site's, and where the page says what is sent off the site", () => {
    const page = text(after.get("privacy.html"))!;
    const section = `<h2>${SECTION}</h2><ul><li>${SENTENCE}</li></ul>`;
    expect(page).toContain(section);
    expect(page.indexOf(section)).toBeGreaterThan(page.indexOf("<h2>This website</h2>"));
    expect(page.indexOf(section)).toBeLessThan(page.indexOf("<h2>The estimate form</h2>"));
    const sends = `does not load the form ahead of time. ${SENDS}</li>`;
    expect(page).toContain(sends);
    expect(
      page.replace(script, "").replace(section, "").replace(sends, "does not load the form ahead of time.</li>"),
    ).toBe(text(before.get("privacy.html")));
  });

  it("leaves every other file of the build as it was, but the service worker, which holds the offline page", () => {
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const changed = [...before.keys()].filter((file) => text(before.get(file)) !== text(after.get(file)));
    expect(changed.filter((file) => !file.endsWith(".html")).sort()).toEqual(["_headers", "sw.js"]);
    expect(text(after.get("sw.js"))).toContain(HEAD_CODE);
  });
});

describe("the list of features", () => {
  const model = async () => buildModel(await loadData(DATA_DIR));
  const giving = (name: string, parts: Awaited<ReturnType<Feature["parts"]>>): Feature => ({
    name,
    parts: async () => parts,
  });

  it("refuses two features that give the same file, or each the pages' own script, naming both", async () => {
    const site = await model();
    const file = giving("one", { files: new Map([["assets/x.js", "1"]]) });
    await expect(siteParts({ model: site, today: new Date() }, [file, { ...file, name: "two" }])).rejects.toThrow(
      "Two features add assets/x.js: one and two",
    );
    const script = giving("one", { bodyScript: { entry: "a.ts", define: {} } });
    await expect(siteParts({ model: site, today: new Date() }, [script, { ...script, name: "two" }])).rejects.toThrow(
      "Two features add the pages' own script: one and two",
    );
    for (const [part, parts] of [
      ["the tab's icon", { favicon: { icon: PNG_FAVICON, contents: "png" } }],
      ["the site's colours", { theme: { accent: "#1d4e89", onAccent: "#ffffff", onNight: "#8fb8f0" } }],
      ["the preview cards' mark", { cardMark: { src: "data:,", width: 72, height: 72, plated: false } }],
    ] as const) {
      const one = giving("one", parts);
      await expect(siteParts({ model: site, today: new Date() }, [one, { ...one, name: "two" }])).rejects.toThrow(
        `Two features add ${part}: one and two`,
      );
    }
  });

  it("refuses two features with a section in one place of one page, naming both and the page", async () => {
    const site = await model();
    const voice = giving("one", { sections: () => ({ voices: createElement("p", null, "one") }) });
    const parts = await siteParts({ model: site, today: new Date() }, [voice, { ...voice, name: "two" }]);
    expect(() => parts.onPage({ path: "/contact", kind: "contact", subject: { kind: "site" } })).toThrow(
      "Two features put a section in voices on /contact: one and two",
    );
    const quiet = await siteParts({ model: site, today: new Date() }, [
      voice,
      giving("two", { sections: () => ({ voices: null }) }),
    ]);
    expect(quiet.onPage({ path: "/", kind: "home", subject: { kind: "site" } }).sections.voices).toBeDefined();
  });

  it("adds a feature's page rules to the pages it shows something on and to its own, and to no other", async () => {
    const site = await model();
    const styled: Feature = {
      name: "one",
      pages: { kinds: [{ kind: "made-up", routes: () => [] }], before: "privacy" },
      parts: async () => ({
        pageStyles: ".one{}",
        sections: ({ path }) => (path === "/" ? { voices: createElement("p", null, "one") } : { voices: null }),
      }),
    };
    const parts = await siteParts({ model: site, today: new Date() }, [styled]);
    expect(parts.onPage({ path: "/", kind: "home", subject: { kind: "site" } }).styles).toBe(".one{}");
    expect(parts.onPage({ path: "/made-up", kind: "made-up", subject: { kind: "site" } }).styles).toBe(".one{}");
    expect(parts.onPage({ path: "/contact", kind: "contact", subject: { kind: "site" } }).styles).toBe("");
    expect(
      siteKinds([styled])
        .map(({ kind }) => kind)
        .slice(-2),
    ).toEqual(["made-up", "privacy"]);
    expect(() => siteKinds([{ ...styled, pages: { kinds: [], before: "nowhere" } }])).toThrow(
      "The one feature's pages go before nowhere: no such kind of page",
    );
  });

  it("refuses a feature that says where a change to a file not its own shows in a draft's preview", async () => {
    const place = { page: "/", lists: ["towns"], key: "slug" };
    const declaring = (name: string, file: string): Feature => ({
      ...giving(name, undefined),
      dataPages: { [file]: place },
    });
    await expect(editedPages(DATA_DIR, undefined, [], [declaring("one", "towns")])).rejects.toThrow(
      "The one feature says where a change to towns shows: expected a data file of its own",
    );
    await expect(editedPages(DATA_DIR, undefined, [], [declaring("one", "reviews")])).rejects.toThrow(
      "The one feature says where a change to reviews shows: expected a data file of its own",
    );
    await expect(
      editedPages(DATA_DIR, undefined, [], [declaring("one", "jobs"), declaring("two", "jobs")]),
    ).rejects.toThrow("The two feature says where a change to jobs shows: expected a data file of its own");
  });

  it("lists a feature's pages in /llms.txt under their own heading, or under Pages, and refuses one of the file's own headings", async () => {
    const site = await model();
    const routes = siteRoutes(site);
    const town = site.towns[0]!;
    const photo = {
      file: "photos/x.jpg",
      alt: "A made-up photo",
      info: { file: "photos/x.jpg", source: "", hash: "0", width: 1, height: 1 },
    };
    const rowPage = (listedUnder?: string) => ({
      ...routes[0]!,
      path: "/made-up/one",
      linkText: "A made-up row",
      subject: { kind: "row" as const, file: "made-up", key: "one", town, photo },
      ...(listedUnder ? { listedUnder } : {}),
    });
    const sections = (text: string) =>
      text.split("\n").filter((line) => line.startsWith("## ") || line.includes("made-up row"));
    expect(sections(buildLlmsTxt([...routes, rowPage("Made-up rows")], site))).toEqual([
      "## Service area",
      "## How to get an estimate",
      "## Pages",
      "## Services",
      "## Towns",
      "## Made-up rows",
      expect.stringContaining("[A made-up row]"),
      "## Optional",
    ]);
    expect(sections(buildLlmsTxt([...routes, rowPage()], site)).slice(2, 4)).toEqual([
      "## Pages",
      expect.stringContaining("[A made-up row]"),
    ]);
    expect(() => buildLlmsTxt([...routes, rowPage("Towns")], site)).toThrow(
      '/made-up/one is listed under "Towns", a heading /llms.txt has already',
    );
  });

  it("refuses a feature's file outside assets/, and its data-page on the <body>", async () => {
    const site = await model();
    await expect(
      siteParts({ model: site, today: new Date() }, [giving("one", { files: new Map([["_headers", "/*"]]) })]),
    ).rejects.toThrow("The one feature adds _headers: expected a file under assets/");
    // The tab's icon is the one file at the root, under a name the core gives it; a picture served
    // as given is a file of the feature's own.
    const icon = { icon: { ...PNG_FAVICON, file: "robots.txt" }, contents: "png" };
    await expect(siteParts({ model: site, today: new Date() }, [giving("one", { favicon: icon })])).rejects.toThrow(
      "The one feature's tab icon is robots.txt: expected favicon.svg or favicon.png",
    );
    await expect(
      siteParts({ model: site, today: new Date() }, [giving("one", { pictures: ["service-area-map.svg"] })]),
    ).rejects.toThrow("The one feature serves service-area-map.svg as a picture: expected a file of its own");
    const given = await siteParts({ model: site, today: new Date() }, [
      giving("one", { favicon: { icon: SVG_FAVICON, contents: "<svg/>" }, pictures: [SVG_FAVICON.file] }),
    ]);
    expect([given.favicon?.icon, given.pictures]).toEqual([SVG_FAVICON, ["favicon.svg"]]);
    const parts = await siteParts({ model: site, today: new Date() }, [
      giving("one", { bodyData: () => ({ page: "not-found" }) }),
    ]);
    expect(() => parts.bodyData({ kind: "site" })).toThrow("A feature cannot set the <body>'s data-page");
  });

  it("lets a feature add to every page's policy only a script's hash, and one address to send to", () => {
    const add = (directive: "script-src" | "connect-src" | "form-action" | "frame-src", source: string) => () =>
      headerPolicyFor([], [], { everyPage: new Map([[directive, new Set([source])]]) });
    expect(add("script-src", inlineHash(HEAD_CODE))).not.toThrow();
    expect(add("connect-src", ADDRESS)).not.toThrow();
    expect(add("script-src", "https://cdn.made-up.example/tracker.js")).toThrow(PolicyError);
    expect(add("connect-src", "https://*.made-up.example")).toThrow(PolicyError);
    expect(add("form-action", ADDRESS)).toThrow(PolicyError);
    expect(add("frame-src", ADDRESS)).toThrow(PolicyError);
  });

  it("asks a feature that is off for nothing: the shipped data counts nothing", async () => {
    const site = await model();
    const parts = await siteParts({ model: site, today: new Date() });
    expect(parts.on).toEqual([]);
    expect(parts.files.size).toBe(0);
    expect(parts.policy.size).toBe(0);
  });
});
