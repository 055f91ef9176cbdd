// `sitegen dev` only, never written to dist/: reloads the page when a newer build is announced.
// The page knows the build it came from (data-build on its own script tag); the server announces
// the current build on connecting and after every build, so a build that finished while the page
// was loading is not missed either.

const script = document.currentScript as HTMLScriptElement | null;
const pageBuild = script?.dataset.build ?? "";

const events = new EventSource("/__sitegen/events");
events.addEventListener("build", (event) => {
  if ((event as MessageEvent<string>).data !== pageBuild) {
    events.close();
    location.reload();
  }
});
