// "Did you mean …?": edit distance and the choice of the closest allowed word.
import { describe, expect, it } from "vitest";
import { iconNames } from "../scripts/data/icons.ts";
import { closestMatch, containingMatches, editDistance, quoteChoices } from "../scripts/data/suggest.ts";

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["abc", "", 3],
    ["", "abc", 3],
    ["kitten", "sitting", 3],
    ["dropletz", "droplets", 1],
    ["droplet", "droplets", 1],
    ["dsecription", "description", 1],
    ["ca", "abc", 3],
    ["secondry", "secondary", 1],
    ["same", "same", 0],
  ])("%j → %j is %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe("closestMatch", () => {
  const townFields = [
    "name",
    "slug",
    "county",
    "coordinates",
    "ctaPhone",
    "description",
    "body",
    "highlights",
    "faqs",
    "facts",
  ];

  it("suggests the field a typo was meant to be", () => {
    expect(closestMatch("descripton", townFields)).toBe("description");
    expect(closestMatch("hilights", townFields)).toBe("highlights");
    expect(closestMatch("slgu", townFields)).toBe("slug");
    expect(closestMatch("CtaPhone", townFields)).toBe("ctaPhone");
  });

  it("suggests nothing when no allowed word is close", () => {
    expect(closestMatch("population", townFields)).toBeUndefined();
    expect(closestMatch("zzz", townFields)).toBeUndefined();
    expect(closestMatch("", townFields)).toBeUndefined();
  });

  it("prefers the same length on a tie, so a wrong last letter keeps the word's length", () => {
    expect(closestMatch("dropletz", iconNames)).toBe("droplets");
  });

  it("finds icon names among all of Lucide's", () => {
    expect(closestMatch("shovle", iconNames)).toBe("shovel");
    expect(closestMatch("hardhat", iconNames)).toBe("hard-hat");
    expect(closestMatch("tracktor", iconNames)).toBe("tractor");
  });

  it("does not stretch to an unrelated word", () => {
    expect(closestMatch("water", iconNames)).toBeUndefined();
  });
});

describe("containingMatches", () => {
  it("offers names that contain the described word, shortest first", () => {
    expect(containingMatches("water", ["waves", "glass-water", "water-off", "droplets"])).toEqual([
      "water-off",
      "glass-water",
    ]);
    expect(containingMatches("a", ["a", "ab"])).toEqual([]);
  });
});

describe("quoteChoices", () => {
  it("joins the way a sentence does", () => {
    expect(quoteChoices(["a"])).toBe("'a'");
    expect(quoteChoices(["a", "b"])).toBe("'a' or 'b'");
    expect(quoteChoices(["a", "b", "c"])).toBe("'a', 'b' or 'c'");
  });
});
