// The site's only behaviour, bundled and minified by esbuild and inlined at the end of <body>.
// Every handler is added with addEventListener, never set as a property (`onload =`, `onclick =`):
// the form provider's helper on the contact page sets window.onload, and a property set by one
// script silently replaces the other's.

/** The service worker's address (site/urls.ts), defined by the build. */
declare const WORKER_URL: string;

const button = document.querySelector<HTMLButtonElement>("[data-menu-button]");
const menu = button && document.getElementById(button.getAttribute("aria-controls")!);

if (button && menu) {
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const setOpen = (open: boolean) => button.setAttribute("aria-expanded", String(open));
  button.addEventListener("click", () => setOpen(!isOpen()));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isOpen()) {
      setOpen(false);
      button.focus();
    }
  });
  // Tabbing on past the last link closes the menu, so the open menu never covers the element
  // that now has focus (WCAG 2.4.11). A click on the page's own background leaves it open.
  const nav = button.parentElement ?? menu;
  nav.addEventListener("focusout", (event) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !nav.contains(next)) setOpen(false);
  });
  // A page left for a link in the open menu is kept as it was by the back/forward cache (WebKit,
  // Firefox, Chromium): close the menu on the way out, so that Back shows the page, not the menu.
  addEventListener("pagehide", () => setOpen(false));
}

// The footer year is printed at build time; keep it right when the pages outlive the year.
const year = `${new Date().getFullYear()}`;
document.querySelectorAll("[data-current-year]").forEach((element) => {
  element.textContent = year;
});

if (document.body.dataset.page === "not-found") {
  console.error(`Page not found: ${location.pathname}`);
}

// Offline after one visit (browser/service-worker.ts). Where there is no worker (an older browser, a page
// not served over HTTPS), the site works as before.
navigator.serviceWorker?.register(WORKER_URL);
