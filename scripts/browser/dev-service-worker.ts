// `sitegen dev` only: what the dev server sends at /sw.js. The pages register the site's service worker
// (service-worker.ts) as they do everywhere; in the dev loop this one answers instead. It answers no
// request, deletes every kept copy and unregisters itself, so a page is never shown from a cache,
// not even one kept by a production build served earlier at the same address.

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  readonly registration: { unregister(): Promise<boolean> };
}
const scope = self as unknown as ServiceWorkerScope;

addEventListener("install", () => {
  void scope.skipWaiting();
});

addEventListener("activate", (event) => {
  (event as ExtendableEvent).waitUntil(
    (async () => {
      await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
      await scope.registration.unregister();
    })(),
  );
});
