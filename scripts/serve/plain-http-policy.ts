// The policy's upgrade-insecure-requests directive asks the browser to fetch every http: address
// of a page over https. That is what the live site wants, and dist/_headers, which the hosts send,
// keeps it. The local server speaks plain HTTP only, where the directive can do nothing but harm:
// Chromium and Firefox exempt loopback addresses, but WebKit (Safari) does not, so on
// http://127.0.0.1, or on the computer's address opened from a phone on the same network, every
// link, image and even #main would lead to https://, where nothing answers. So the local server
// (and with it the dev server) leaves the directive out of every answer over plain HTTP.
import type { IncomingMessage } from "node:http";
import type { HeaderSet } from "../headers/rules.ts";

const UPGRADE = "upgrade-insecure-requests";

/** `headers` as sent to `req`: without upgrade-insecure-requests when `req` came over plain HTTP. */
export function withPlainHttpPolicy(headers: HeaderSet, req: IncomingMessage): HeaderSet {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === "content-security-policy");
  if (!name || "encrypted" in req.socket) return headers;
  const directives = headers[name]!.split(";").map((directive) => directive.trim());
  return { ...headers, [name]: directives.filter((directive) => directive.toLowerCase() !== UPGRADE).join("; ") };
}
