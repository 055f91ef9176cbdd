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
    // Read by the URL parser as IPv4 addresses: refused (999.1.1.1) or rewritten (0x7f.1 is 127.0.0.1).
    ["https://999.1.1.1/widget/form/x", '"999.1.1.1" is not a host name: its last part starts with a digit'],
    ["https://0x7f.1/js/form_embed.js", '"0x7f.1" is not a host name: its last part starts with a digit'],
    ["https://203.0.113.5/", "its last part starts with a digit"],
    ["https://example.0x1f/", "its last part starts with a digit"],
  ])("refuses %s, saying why", (address, why) => {
    expect(httpsAddressProblem(address)).toContain(why);
  });

  it("takes only hosts the URL parser reads as the same host, letter for letter", () => {
    // Digits, dots, hyphens and the x of hexadecimal numbers: what the parser's IPv4 rules look at.
    const hostish = fc.string({ unit: fc.constantFrom(..."0123456789.-xXaf"), minLength: 1, maxLength: 24 });
    fc.assert(
      fc.property(hostish, (host) => {
        const address = `https://${host}/x`;
        if (!HTTPS_ADDRESS.test(address)) return;
        expect(new URL(address).hostname).toBe(host.toLowerCase());
        expect(isHostName(host)).toBe(true);
      }),
      { numRuns: 5000 },
    );
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
