// dist/_headers, which the hosts send, keeps the policy's upgrade-insecure-requests: that is what
// the live site wants. The local server speaks plain HTTP only, where the directive would send
// Safari's every link to https:// (headers/plain-http.ts), so the local server (and with
// it the dev server) leaves the directive out of every answer over plain HTTP.
import type { IncomingMessage } from "node:http";
import { plainHttpPolicy } from "../headers/plain-http.ts";
import type { HeaderSet } from "../headers/rules.ts";

/** `headers` as sent to `req`: without upgrade-insecure-requests when `req` came over plain HTTP. */
export function withPlainHttpPolicy(headers: HeaderSet, req: IncomingMessage): HeaderSet {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === "content-security-policy");
  if (!name || "encrypted" in req.socket) return headers;
  return { ...headers, [name]: plainHttpPolicy(headers[name]!) };
}
