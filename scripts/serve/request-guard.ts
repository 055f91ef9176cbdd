// What the local server accepts of a request before it looks for a file. Only decoded paths
// without "." or ".." segments reach the file system, so nothing outside dist/ can be named; these
// checks answer the odd and hostile requests with a plain 404 (or ignore a broken Range) instead of
// leaving them to chance, and match what the generated nginx config does with them.
/**
 * The decoded URL path of a request target, or undefined when no page could live there:
 * anything but an origin-form path ("/..."), bad percent-encoding, NUL or backslash, "." or ".."
 * segments, dotfiles, and host configuration files such as /_headers. (What a trailing slash
 * names is the address rule's to say: site/urls.ts.)
 */
export function servablePath(target: string | undefined): string | undefined {
  if (!target || !target.startsWith("/") || target.startsWith("//")) return undefined;
  const rawPath = target.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    // decodeURI keeps an encoded slash (%2F) encoded, so it can never add a path segment.
    decoded = decodeURI(rawPath);
  } catch {
    return undefined;
  }
  if (/[\0\\]/.test(decoded)) return undefined;
  const segments = decoded.split("/").slice(1);
  if (segments.some((segment) => segment === "." || segment === ".." || segment.startsWith("."))) return undefined;
  if (decoded.startsWith("/_")) return undefined;
  return decoded;
}

/**
 * A single "bytes=first-last" range the server serves, or undefined: a reversed range, a suffix
 * range ("bytes=-500"), several ranges or anything malformed. RFC 9110 lets a server ignore
 * Range, so those are answered with the whole file.
 */
export function usableRange(header: string | undefined): string | undefined {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header?.trim() ?? "");
  if (!match) return undefined;
  const [, first, last] = match;
  if (last !== "" && Number(last) < Number(first)) return undefined;
  return header!.trim();
}
