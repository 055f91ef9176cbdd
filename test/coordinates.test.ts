// Every town page has real coordinates: inside Illinois, inside the county its row names, and given
// to 3 decimals; the data check refuses a point outside Illinois.
import { describe, expect, it } from "vitest";
import { countyAt, isInIllinois } from "../scripts/geo/atlas.ts";
import { loadData } from "../scripts/data/load.ts";
import { allTowns, buildModel } from "../scripts/data/model.ts";
import { copyData, editYaml, lineOf, problemsOf } from "./support/data-copy.ts";
import { DATA_DIR } from "./support/paths.ts";

describe("town coordinates", async () => {
  const model = buildModel(await loadData(DATA_DIR));

  it("puts every town page inside the county its row names", () => {
    for (const town of allTowns(model)) {
      expect(countyAt(town.coordinates), town.slug).toBe(town.county);
    }
  });

  it("puts the yard in Coles County, Illinois", () => {
    expect(isInIllinois(model.business.geo)).toBe(true);
    expect(countyAt(model.business.geo)).toBe("Coles");
  });

  it("gives latitude and longitude to 3 decimals", () => {
    for (const town of allTowns(model)) {
      for (const value of [town.coordinates.lat, town.coordinates.lon]) {
        expect(Math.round(value * 1000) / 1000, town.slug).toBe(value);
      }
    }
  });

  it("tells Illinois from its neighbours", () => {
    expect(isInIllinois({ lat: 39.479, lon: -88.373 })).toBe(true); // Mattoon
    expect(isInIllinois({ lat: 39.467, lon: -87.414 })).toBe(false); // Terre Haute, Indiana
    expect(isInIllinois({ lat: 38.627, lon: -90.199 })).toBe(false); // St. Louis, Missouri
  });
});

describe("coordinate validation", () => {
  it("refuses a latitude north of Illinois, naming the field and its line", async () => {
    const dir = await copyData();
    const text = await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["towns", 1, "coordinates", "lat"], 43.074));
    const [problem, ...rest] = await problemsOf(dir);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      file: "data/towns.yaml",
      field: "towns[1].coordinates.lat",
      found: "43.074",
      expected: "a latitude inside Illinois",
    });
    expect(problem?.line).toBe(lineOf(text, "lat: 43.074"));
  });

  it("refuses a longitude east of Illinois", async () => {
    const dir = await copyData();
    await editYaml(dir, "towns.yaml", (doc) => doc.setIn(["alsoServing", 0, "coordinates", "lon"], -86.158));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({
      field: "alsoServing[0].coordinates.lon",
      found: "-86.158",
      expected: "a longitude inside Illinois",
    });
  });

  it("refuses a town without coordinates", async () => {
    const dir = await copyData();
    await editYaml(dir, "towns.yaml", (doc) => doc.deleteIn(["towns", 2, "coordinates"]));
    const [problem] = await problemsOf(dir);
    expect(problem).toMatchObject({ field: "towns[2].coordinates", found: "nothing" });
  });
});

describe("validation against the state's outline", () => {
  it("refuses a town placed inside the bounding box but outside Illinois (St. Louis)", async () => {
    const dir = await copyData();
    const text = await editYaml(dir, "towns.yaml", (doc) => {
      doc.setIn(["towns", 3, "coordinates", "lat"], 38.627);
      doc.setIn(["towns", 3, "coordinates", "lon"], -90.199);
    });
    const [problem, ...rest] = await problemsOf(dir);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      file: "data/towns.yaml",
      field: "towns[3].coordinates",
      found: "38.627, -90.199",
      expected: "a point inside Illinois",
    });
    expect(problem?.line).toBe(lineOf(text, "lat: 38.627"));
  });
});
