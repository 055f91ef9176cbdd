// What the sign-in window shows and says to the editor. The editor (Sveltia CMS) opens
// <service>/auth in a small window and waits for two messages from it, as Decap and Sveltia's own
// authenticators send them (Sveltia CMS 0.221.1, backends/git/shared/auth.js): "authorizing:github",
// which the editor answers with the same words, then "authorization:github:success:{"token": …}" or
// "authorization:github:error:{"error": …}". Each goes to the site's origin alone, and the window's
// script takes an answer only from there. The script is a file of the service's own, so that the
// window's policy runs nothing else.

export const HANDSHAKE_PATH = "/auth/handshake.js";

export const HANDSHAKE_SCRIPT = `(() => {
  const { siteOrigin, message } = document.body.dataset;
  if (!window.opener || !siteOrigin || !message) return;
  window.addEventListener("message", (event) => {
    if (event.origin !== siteOrigin || event.data !== "authorizing:github") return;
    window.opener.postMessage(message, siteOrigin);
  });
  window.opener.postMessage("authorizing:github", siteOrigin);
})();
`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The window's headers: its own script only, never framed, and a link back to the editor that opened it. */
export const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Robots-Tag": "noindex, nofollow",
};

function page(siteOrigin: string, heading: string, text: string, message: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)}</title>
</head>
<body data-site-origin="${escapeHtml(siteOrigin)}" data-message="${escapeHtml(message)}">
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<script src="${HANDSHAKE_PATH}"></script>
</body>
</html>
`;
}

/** Signed in: the session goes to the editor, which closes this window. */
export function signedInPage(siteOrigin: string, email: string, token: string): string {
  const message = `authorization:github:success:${JSON.stringify({ provider: "github", token })}`;
  return page(siteOrigin, "Signed in", `Signed in as ${email}. This window closes by itself.`, message);
}

/** Refused: the reason goes to the editor too, which shows it. */
export function refusedPage(siteOrigin: string, reason: string): string {
  const message = `authorization:github:error:${JSON.stringify({ provider: "github", error: reason })}`;
  return page(siteOrigin, "Not signed in", reason, message);
}
