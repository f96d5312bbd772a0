/**
 * Register the service worker (/sw.js, made by web/build/service-worker.ts) once the page has
 * loaded, in a production build only: the app shell and static files cached, an offline page, never
 * an /api reply (docs/screens.md#installable-app). A browser without service workers, or one that
 * refuses it (private mode), runs the app as before.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.warn('service worker not registered', err));
  });
}
