// @ts-check
// Installable app: the service worker (/sw.js) keeps the front end for instant starts and shows
// the offline page when the server cannot be reached. Imported by every page.
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  });
}

registerServiceWorker();
