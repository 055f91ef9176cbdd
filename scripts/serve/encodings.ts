// Which of the precompressed encodings a request accepts, read from its Accept-Encoding header
// with its weights: "gzip;q=0" means never gzip, and "*" stands for any coding not named.
import type { ContentEncoding } from "../lib/compress.ts";

const PREFERENCE: ContentEncoding[] = ["br", "gzip"];

/** The accepted encodings among br and gzip, smallest output first. */
export function acceptedEncodings(header: string | string[] | undefined): ContentEncoding[] {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  const weights = new Map<string, number>();
  for (const part of text.split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get("*");
  return PREFERENCE.filter((coding) => (weights.get(coding) ?? wildcard ?? 0) > 0);
}
