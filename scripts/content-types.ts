// Text files are UTF-8. The static handler names the type of .txt, .xml and .svg files without a
// charset; these say it, as the generated nginx config does, so that no browser has to guess
// (llms.txt and the sitemap carry non-ASCII text).
import path from "node:path";

const TEXT_TYPES: Record<string, string> = {
  ".txt": "text/plain; charset=utf-8",
  ".xml": "text/xml; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
};

/** The Content-Type for a text file's URL path, or undefined to keep the handler's own. */
export function textContentType(urlPath: string): string | undefined {
  return TEXT_TYPES[path.posix.extname(urlPath).toLowerCase()];
}
