// "Text us": the sms: link made from the number for texts in site.yaml (one rule, model.ts's
// textLink), the places that show it beside Call with the shipped data, the search-engine data that
// names the number, and a site without the setting that shows nothing of it.
import { beforeAll, describe, expect, it } from "vitest";
import { renderSite } from "../scripts/pipeline/generate.ts";
import { loadData } from "../scripts/data/load.ts";
import { buildModel, TEXT_MESSAGE_START, textLink, toPhone, type Business } from "../scripts/data/model.ts";
import { copyData, editYaml } from "./support/data-copy.ts";
import { missingProperties, typedNodes, type JsonObject } from "./support/json-ld.ts";
import { DATA_DIR } from "./support/paths.ts";
import { filledInData, FILLED_IN } from "./support/filled-in.ts";

/** Every page of a build in memory, by file, as HTML. */
async function builtPages(dataDir: string): Promise<Map<string, string>> {
  const site = await renderSite({ dataDir, outDir: "unused" });
  return new Map(
    [...site.files]
      .filter(([file]) => file.endsWith(".html") && !file.startsWith("admin/"))
      .map(([file, contents]) => [file, String(contents)]),
  );
}

/** The part of a page from the first `start` to the next `end` after it. */
function part(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  if (from < 0) throw new Error(`no ${start} in the page`);
  return html.slice(from, html.indexOf(end, from));
}

/** The links to `href` in a piece of HTML, as their opening tag and text (tags removed). */
function linksTo(html: string, href: string): { tag: string; text: string }[] {
  const escaped = href.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
  return [...html.matchAll(/(<a [^>]*>)(.*?)<\/a>/g)]
    .filter((match) => match[1]!.includes(`href="${escaped}"`))
    .map((match) => ({ tag: match[1]!, text: match[2]!.replace(/<[^>]+>/g, "") }));
}

function graphOf(html: string): JsonObject {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]!) as JsonObject) : {};
}

describe("textLink", () => {
  it("dials the digits of the tel: links, whatever form the number is written in", () => {
    for (const written of ["(217) 555-0163", "217-555-0163", "217.555.0163"]) {
      const text = textLink(written);
      expect(text.e164).toBe(toPhone(written).e164);
      expect(text.href.startsWith(`sms:${toPhone(written).e164}?&body=`)).toBe(true);
      expect(text.display).toBe(written);
    }
  });

  it("starts a message asking for the address, the job and a photo, percent-encoded", () => {
    const { href } = textLink("(217) 555-0163");
    const body = href.slice(href.indexOf("?&body=") + "?&body=".length);
    // Only unreserved characters and percent escapes: nothing a messaging app could misread.
    expect(body).toMatch(/^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})+$/);
    expect(body).not.toContain("+");
    expect(decodeURIComponent(body)).toBe(TEXT_MESSAGE_START);
    expect(TEXT_MESSAGE_START).toMatch(/free estimate/);
    for (const asked of ["Address:", "Job:", "photo"]) expect(TEXT_MESSAGE_START).toContain(asked);
  });

  it("keeps the message to one SMS: at most 160 characters, all in the basic GSM alphabet", () => {
    expect(TEXT_MESSAGE_START.length).toBeLessThanOrEqual(160);
    expect(TEXT_MESSAGE_START).toMatch(/^[A-Za-z0-9 .,:'?!\n-]+$/);
  });

  it("uses the ?&body= form, which iPhones (iOS 8 on) and Android phones both fill in", () => {
    expect(textLink("(217) 555-0163").href).toMatch(/^sms:\+12175550163\?&body=[^;&?]+$/);
  });
});

describe("with the number for texts in site.yaml (the shipped data)", () => {
  let pages: Map<string, string>;
  let business: Business;
  const page = (file: string) => pages.get(file) ?? "";

  beforeAll(async () => {
    business = buildModel(await loadData(DATA_DIR)).business;
    pages = await builtPages(DATA_DIR);
  }, 120_000); // a build in memory (15 s cold alone, 2 s with the cache)

  it("has a placeholder number for texts, its own, made into an sms: link", () => {
    expect(business.text?.e164).toMatch(/^\+1\d{3}55501\d{2}$/);
    expect(business.text?.e164).not.toBe(business.phone.e164);
    expect(business.text?.href).toBe(textLink(business.text!.display).href);
  });

  it("puts Text beside Call in the call bar of every page, in the Call link's style", () => {
    for (const [file, html] of pages) {
      const bar = part(html, '<nav class="call-bar', "</nav>");
      expect(bar, file).toContain('class="call-bar call-bar-three"');
      const [text] = linksTo(bar, business.text!.href);
      expect(text, file).toEqual({
        tag: expect.stringContaining('class="call-bar-call"'),
        text: `Text us at ${business.text!.display}`,
      });
      // Call, Text, estimate: in that order.
      expect(bar.indexOf("tel:"), file).toBeLessThan(bar.indexOf("sms:"));
      expect(bar.indexOf("sms:"), file).toBeLessThan(bar.indexOf("call-bar-estimate"));
    }
  });

  it("puts Text us beside Call in the home page's hero and contact section, in the Call button's classes", () => {
    const hero = part(page("index.html"), '<section class="hero"', "</section>");
    const call = linksTo(hero, business.phone.href)[0]!;
    expect(linksTo(hero, business.text!.href)).toEqual([
      {
        tag: expect.stringContaining(call.tag.match(/class="[^"]*"/)![0]),
        text: `Text us at ${business.text!.display}`,
      },
    ]);
    const contact = part(page("index.html"), '<section id="contact"', "</section>");
    const buttons = part(contact, '<div class="button-row">', "</div>");
    expect(linksTo(buttons, business.text!.href)).toEqual([
      { tag: expect.stringContaining('class="button button-outline"'), text: `Text us at ${business.text!.display}` },
    ]);
  });

  it("puts Text us beside every Call button of every page, the service pages' two and the 404 page's included", () => {
    let rows = 0;
    for (const [file, html] of pages) {
      for (const [, row] of html.matchAll(/<div class="button-row">(.*?)<\/div>/g)) {
        if (linksTo(row!, business.phone.href).length + linksTo(row!, business.secondPhone.href).length === 0) continue;
        rows++;
        expect(linksTo(row!, business.text!.href), `${file}: ${row!.slice(0, 120)}`).toHaveLength(1);
      }
    }
    expect(part(page("services/culvert.html"), "<main", "</main>").split('<div class="button-row">')).toHaveLength(3);
    expect(part(page("404.html"), "<main", "</main>")).toContain(business.text!.href.replaceAll("&", "&amp;"));
    expect(rows).toBeGreaterThan(pages.size);
  });

  it("puts Text us beside Call {town} Team on every town page", () => {
    const towns = [...pages.keys()].filter((file) => file.startsWith("towns/"));
    expect(towns.length).toBeGreaterThan(20);
    for (const file of towns) {
      const head = part(page(file), '<div class="page-head">', '<div class="section">');
      const row = part(head, '<div class="button-row">', "</div>");
      expect(row, file).toMatch(/Call .+ Team/);
      expect(linksTo(row, business.text!.href), file).toHaveLength(1);
    }
  });

  it("offers it on the contact page, beside the number to call, and in the contact facts", () => {
    const main = part(page("contact.html"), "<main", "</main>");
    expect(linksTo(main, business.text!.href).map((link) => link.text)).toEqual([
      `text us at ${business.text!.display}`,
      business.text!.display,
    ]);
  });

  it("names the placeholder number to no search engine", () => {
    for (const [file, html] of pages) {
      const graph = JSON.stringify(graphOf(html));
      expect(graph, file).not.toContain(business.text!.e164);
      expect(graph, file).not.toContain("serviceSmsNumber");
    }
  });

  it("names the owner's number for search engines: a ContactPoint of the business, a town page's serviceSmsNumber", async () => {
    const filledIn = await builtPages(await filledInData());
    const text = textLink(FILLED_IN.phones.text);
    const point = { "@type": "ContactPoint", telephone: text.e164, contactType: "estimate requests by text message" };
    for (const file of ["index.html", "contact.html"]) {
      const business_ = typedNodes(graphOf(filledIn.get(file)!)).find((node) => node["@type"] === "GeneralContractor")!;
      expect(business_.contactPoint, file).toEqual([point]);
    }
    for (const file of [...filledIn.keys()].filter((name) => name.startsWith("towns/"))) {
      const graph = graphOf(filledIn.get(file)!);
      const service = typedNodes(graph).find((node) => node["@type"] === "Service")!;
      const channels = service.availableChannel as JsonObject[];
      expect(channels.map((channel) => channel.serviceSmsNumber).filter(Boolean), file).toEqual([point]);
      expect(typedNodes(graph).flatMap(missingProperties), file).toEqual([]);
    }
  }, 120_000); // a build of a filled-in copy of the data, new to the cache on a fresh clone
});

describe("without the number for texts", () => {
  let pages: Map<string, string>;

  beforeAll(async () => {
    const dir = await copyData();
    await editYaml(dir, "site.yaml", (doc) => doc.deleteIn(["phones", "text"]));
    expect(buildModel(await loadData(dir)).business.text).toBeUndefined();
    pages = await builtPages(dir);
  }, 120_000); // a build in memory (15 s cold alone, 2 s with the cache)

  it("shows no Text link anywhere, and the call bar keeps its two links", () => {
    for (const [file, html] of pages) {
      // (The stylesheet names sms: links all the same, to keep their number on one line.)
      expect(html.includes('href="sms:'), file).toBe(false);
      expect(/>Text( us)?</.test(html), file).toBe(false);
      expect(html.includes("<dt>Text</dt>"), file).toBe(false);
      expect(html.includes('<nav class="call-bar" '), file).toBe(true);
    }
  });

  it("names no number for texts in the structured data", () => {
    for (const [file, html] of pages) {
      for (const named of ["serviceSmsNumber", '"contactPoint"', "by text message"])
        expect(html.includes(named), `${file}: ${named}`).toBe(false);
    }
  });
});
