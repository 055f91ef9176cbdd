// The deploying guide's table of addresses is the table the tests hold every server to (support/addresses.ts),
// with the versions of the hosts' runtimes the tests ran: a claim about a host is one a test saw.
import { describe, expect, it } from "vitest";
import { addressTableMarkdown } from "./support/addresses.ts";
import { DEPLOYING_GUIDE, readGuide } from "./support/readme.ts";
import { lockedHostPackage, pinnedHostPackages } from "./support/tools.ts";

const START = "<!-- address table: test/support/addresses.ts -->";
const END = "<!-- end of address table -->";

describe("the deploying guide's table of addresses", () => {
  it("is the table of addresses the tests hold every server to", async () => {
    const readme = await readGuide(DEPLOYING_GUIDE);
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start, `${DEPLOYING_GUIDE} has a block between "${START}" and "${END}"`).toBeGreaterThan(0);
    const versions = pinnedHostPackages();
    const expected = addressTableMarkdown({
      wrangler: versions.wrangler!,
      workerd: lockedHostPackage("workerd"),
      netlify: versions["netlify-cli"]!,
    });
    expect(readme.slice(start + START.length, end).trim()).toBe(expected);
  });
});
