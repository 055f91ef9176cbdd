// The editor's save gives back the texts the CMS only trimmed (admin/trimmed.ts), so that a save
// leaves the lines the owner did not edit as they were.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { layoutValue } from "../scripts/lib/yaml-layout.ts";
import { untrimmed } from "../scripts/admin/trimmed.ts";

const HEADER = "# yaml-language-server: $schema=../schemas/site.schema.json";
const SNIPPET = '<iframe src="https://api.leadconnectorhq.com/widget/form/Ab3dE9" id="inline-Ab3dE9"></iframe>\n';

describe("untrimmed", () => {
  it("gives back a text's last line break and spaces when the CMS only trimmed them", () => {
    const before = { leadForm: { embed: SNIPPET }, name: "Central Illinois Excavating" };
    const edited = { leadForm: { embed: SNIPPET.trim() }, name: "Central Illinois Excavating" };
    expect(untrimmed(edited, before)).toEqual(before);
    expect(untrimmed({ note: "Closed" }, { note: "  Closed " })).toEqual({ note: "  Closed " });
  });

  it("keeps what the owner changed, added or removed", () => {
    expect(untrimmed({ embed: "<iframe></iframe>" }, { embed: SNIPPET })).toEqual({ embed: "<iframe></iframe>" });
    expect(untrimmed({ name: "New", logo: { file: "brand/logo.svg" } }, { name: "Old\n" })).toEqual({
      name: "New",
      logo: { file: "brand/logo.svg" },
    });
    expect(untrimmed({ towns: ["a"] }, { towns: ["a\n", "b\n"] })).toEqual({ towns: ["a\n"] });
    expect(untrimmed({ count: 3, open: true, none: null }, { count: "3 ", open: "true ", none: " " })).toEqual({
      count: 3,
      open: true,
      none: null,
    });
  });

  it("follows lists and groups by place, as the file holds them", () => {
    const before = {
      faq: [
        { q: "Why?", a: "Because.\n" },
        { q: "How?", a: "Like so.\n" },
      ],
    };
    const edited = {
      faq: [
        { q: "Why?", a: "Because." },
        { q: "How?", a: "Differently." },
      ],
    };
    expect(untrimmed(edited, before)).toEqual({
      faq: [
        { q: "Why?", a: "Because.\n" },
        { q: "How?", a: "Differently." },
      ],
    });
  });

  it("writes a pasted snippet back as a literal block that keeps its line break, as the file had it", () => {
    const file = layoutValue({ leadForm: { embed: SNIPPET } }, HEADER);
    const edited = parse(file) as { leadForm: { embed: string } };
    edited.leadForm.embed = edited.leadForm.embed.trim();
    expect(layoutValue(untrimmed(edited, parse(file)), HEADER)).toBe(file);
    expect(layoutValue(edited, HEADER)).not.toBe(file);
  });
});
