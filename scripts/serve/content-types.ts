// The Content-Type of every kind of file dist/ holds. Text files are UTF-8 and say so, as the
// generated nginx config does, so that no browser has to guess (llms.txt and the sitemap carry
// non-ASCII text).
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "text/xml; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".yml": "text/yaml; charset=utf-8",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
};

/** The Content-Type for a file's path; unknown kinds are sent as bytes, which browsers never run. */
export function contentType(filePath: string): string {
  return TYPES[path.posix.extname(filePath).toLowerCase()] ?? "application/octet-stream";
}
