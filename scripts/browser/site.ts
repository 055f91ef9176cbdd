// The site's only behaviour, bundled and minified by esbuild and inlined at the end of <body>.
// Every handler is added with addEventListener, never set as a property (`onload =`, `onclick =`):
// the form provider's helper on the contact page sets window.onload, and a property set by one
// script silently replaces the other's.

/** The service worker's address (site/urls.ts), defined by the build. */
declare const WORKER_URL: string;
/** How long the estimate form's frame may stay hidden before it is shown again, defined by the build. */
declare const FRAME_GRACE_MS: number;

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

// The estimate form's frame is never left hidden. The provider's helper hides a frame as it adopts
// it and shows it again when the form answers; a form that failed to load never answers, and a
// helper that arrives after the form has spoken waits for an answer that never comes: an empty box
// under the phone line. A frame still hidden FRAME_GRACE_MS after the page has loaded, or after it
// was hidden later, is shown again, whatever hid it (its box keeps its height, so nothing moves),
// with the form or the provider's own error page in it.
const frame = document.querySelector<HTMLIFrameElement>(".lead-form-frame iframe");
if (frame) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loaded = false;
  // Hidden, taken out of the page (a rectangle of nothing) or moved off the screen.
  const hidden = () => {
    const { visibility, opacity } = getComputedStyle(frame);
    return visibility == "hidden" || opacity == "0" || frame.getBoundingClientRect().right <= 0;
  };
  // Counted from the page's load, when the helper has had its chance to show the frame.
  const watch = () => {
    clearTimeout(timer);
    if (loaded && hidden())
      timer = setTimeout(() => {
        // The frame, then each box the helper put it in, until it shows (CSSOM, which the policy allows).
        for (let element: HTMLElement | null = frame; element && hidden(); element = element.parentElement)
          element.style.cssText += ";display:block;visibility:visible;opacity:1;position:static";
      }, FRAME_GRACE_MS);
  };
  new MutationObserver(watch).observe(frame.parentNode!, { attributes: true, childList: true, subtree: true });
  addEventListener("load", () => {
    loaded = true;
    watch();
  });
}

// Offline after one visit (browser/service-worker.ts). Where there is no worker (an older browser, a page
// not served over HTTPS), the site works as before.
navigator.serviceWorker?.register(WORKER_URL);
