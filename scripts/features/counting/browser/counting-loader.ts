// The pages' own script when site.yaml names a Plausible site (pages/assets.ts bundles this in
// place of site.ts then, and only then, so that without it the pages' script is as it was): the
// site's behaviour (site.ts), and the counting script's loader.
import "../../../browser/site.ts";

/** The counting script's address and integrity (pages/assets.ts), defined by the build. */
declare const COUNTING_SCRIPT: { src: string; integrity: string };

// Counting (browser/counting.ts), once the page has loaded and painted its largest part (or its
// first, where the browser reports no largest; at once where it reports neither): its requests, the
// script's and then the count's to another origin, compete with nothing the page shows. Asked for
// from the <head> instead, the script put Lighthouse's mobile LCP for the home page at 1,054 ms
// against 758 without it; started at the load event, the count at 1,728 (docs/how-it-is-built.md).
// A page loaded ahead, or in a tab not yet looked at, paints nothing until it is shown: it loads the
// script then, and one never opened never does. The policy allows the script by its hash.
const { src, integrity } = COUNTING_SCRIPT;
const append = () => document.head.append(Object.assign(document.createElement("script"), { src, integrity }));
addEventListener("load", () => {
  const type = ["largest-contentful-paint", "paint"].find((name) =>
    PerformanceObserver.supportedEntryTypes?.includes(name),
  );
  if (!type) return append();
  const painted = new PerformanceObserver(() => {
    painted.disconnect();
    setTimeout(append);
  });
  painted.observe({ type, buffered: true });
});
