// The site's only behaviour, bundled and minified by esbuild and inlined at the end of <body>.

const button = document.querySelector<HTMLButtonElement>("[data-menu-button]");
const menu = button && document.getElementById(button.getAttribute("aria-controls") ?? "");

if (button && menu) {
  const setOpen = (open: boolean) => button.setAttribute("aria-expanded", String(open));
  button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
      setOpen(false);
      button.focus();
    }
  });
}

// The footer year is printed at build time; keep it right when the pages outlive the year.
const year = String(new Date().getFullYear());
document.querySelectorAll("[data-current-year]").forEach((element) => {
  element.textContent = year;
});

if (document.body.dataset.page === "not-found") {
  console.error(`Page not found: ${location.pathname}`);
}
