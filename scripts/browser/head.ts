// Runs before first paint: lets the stylesheet collapse the mobile menu only when the script that
// opens it can run. Without JavaScript the menu links simply stay visible.
document.documentElement.classList.add("js");
