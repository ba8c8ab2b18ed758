/**
 * Registers the service worker (public/sw.js) after the page loaded, in production builds only:
 * it caches the app shell and hashed assets, shows the Arabic offline page and receives pushes.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No service worker (private mode, old browser): the store works as a plain site.
    });
  });
}
