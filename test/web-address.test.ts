// The one rule for an address in data/ (scripts/data/web-address.ts): what reaches a policy, a
// config or the terminal is an https address on a host name, and nothing else.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HTTPS_ADDRESS, httpsAddressProblem, isHostName } from "../scripts/data/web-address.ts";

describe("an address in data/", () => {
  it.each([
    "https://www.example.com",
    "https://api.leadconnectorhq.com/widget/form/example-form-id",
    "https://link.msgsndr.com/js/form_embed.js",
    "https://maps.app.goo.gl/abc?g_st=ic#x",
    `https://${"a".repeat(63)}.com`,
  ])("takes %s", (address) => {
    expect(httpsAddressProblem(address)).toBeUndefined();
  });

  it.each([
    ["https://*/widget/form/x", '"*" is not a host name'],
    ["https://link.msgsndr.com;sandbox/js/form_embed.js", '"link.msgsndr.com;sandbox" is not a host name'],
    ["https://www.example.com;x", '"www.example.com;x" is not a host name'],
    ['https://a"b.com/', "is not a host name"],
    ["https://a$b.com/", "is not a host name"],
    ["https://{a}.com/", "is not a host name"],
    ["https://a,b.com/", "is not a host name"],
    ["https://user:pass@example.com/", "holds a user or password"],
    ["https://example.com:8443/", "names a port"],
    [`https://${"a".repeat(64)}.com`, "is not a host name"],
    [`https://${"abc.".repeat(70)}com`, "the host has 283 characters"],
    ["http://example.com/", "must start with https://"],
    ["HTTPS://example.com/", "must start with https://"],
    ["https://example.com/a b", "only printable characters"],
    ["https://example.com/\u001b[2J", "only printable characters"],
    ["https://bücher.de/", '"b\\u{fc}cher.de" is not a host name'],
  ])("refuses %s, saying why", (address, why) => {
    expect(httpsAddressProblem(address)).toContain(why);
  });

  it("never lets a character through that could end a policy's source, a config's directive or a line", () => {
    const anyText = fc.string({ unit: "binary", maxLength: 80 });
    fc.assert(
      fc.property(anyText, anyText, (host, rest) => {
        const address = `https://${host}/${rest}`;
        if (!HTTPS_ADDRESS.test(address)) return;
        expect(isHostName(new URL(address).hostname)).toBe(true);
        expect(address).toMatch(/^[\x21-\x7E]+$/);
        expect(new URL(address).origin).toBe(`https://${host.toLowerCase()}`);
      }),
      { numRuns: 2000 },
    );
  });
});
