// The README's hosting table is the table the tests hold every server to (support/addresses.ts),
// with the versions of the hosts' runtimes the tests ran: a claim about a host is one a test saw.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addressTableMarkdown } from "./support/addresses.ts";
import { ROOT } from "./support/paths.ts";
import { lockedHostPackage, pinnedHostPackages } from "./support/tools.ts";

const START = "<!-- address table: test/support/addresses.ts -->";
const END = "<!-- end of address table -->";

describe("the README's hosting table", () => {
  it("is the table of addresses the tests hold every server to", async () => {
    const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start, `README.md has a block between "${START}" and "${END}"`).toBeGreaterThan(0);
    const versions = pinnedHostPackages();
    const expected = addressTableMarkdown({
      wrangler: versions.wrangler!,
      workerd: lockedHostPackage("workerd"),
      netlify: versions["netlify-cli"]!,
    });
    expect(readme.slice(start + START.length, end).trim()).toBe(expected);
  });
});
