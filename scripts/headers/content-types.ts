// The Content-Type of every kind of file dist/ holds, for the local server and the generated nginx
// config alike. Text files are UTF-8 and say so, so that no browser has to guess (llms.txt and the
// sitemap carry non-ASCII text).
import path from "node:path";

/** A kind of file: its media type, and whether it is text (sent with `charset=utf-8`). */
export interface FileKind {
  extension: string;
  type: string;
  text: boolean;
}

export const FILE_KINDS: readonly FileKind[] = [
  { extension: ".html", type: "text/html", text: true },
  { extension: ".css", type: "text/css", text: true },
  { extension: ".js", type: "text/javascript", text: true },
  { extension: ".txt", type: "text/plain", text: true },
  { extension: ".xml", type: "text/xml", text: true },
  { extension: ".svg", type: "image/svg+xml", text: true },
  { extension: ".json", type: "application/json", text: true },
  { extension: ".webmanifest", type: "application/manifest+json", text: true },
  { extension: ".yml", type: "text/yaml", text: true },
  { extension: ".woff2", type: "font/woff2", text: false },
  { extension: ".png", type: "image/png", text: false },
  { extension: ".jpg", type: "image/jpeg", text: false },
  { extension: ".webp", type: "image/webp", text: false },
  { extension: ".avif", type: "image/avif", text: false },
  { extension: ".ico", type: "image/x-icon", text: false },
];

/** Unknown kinds are sent as bytes, which browsers never run. */
export const UNKNOWN_TYPE = "application/octet-stream";

const BY_EXTENSION = new Map(
  FILE_KINDS.map((kind) => [kind.extension, kind.text ? `${kind.type}; charset=utf-8` : kind.type]),
);

/** The Content-Type for a file's path. */
export function contentType(filePath: string): string {
  return BY_EXTENSION.get(path.posix.extname(filePath).toLowerCase()) ?? UNKNOWN_TYPE;
}
