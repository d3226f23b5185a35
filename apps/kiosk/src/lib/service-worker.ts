// The service worker that keeps the app itself available offline (vite-plugin-pwa, Workbox): it
// precaches the app's files and answers every page of /kiosk/ with the cached index.html. The API and
// the real-time gateway never go through it.
export const VERSION_URL = '/kiosk/version.json';

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  await navigator.serviceWorker.register('/kiosk/sw.js', { scope: '/kiosk/' });
}

/** The version the server serves now, from the network. */
export async function servedVersion(): Promise<{ version: string; key: string }> {
  const res = await fetch(VERSION_URL, { cache: 'no-store' });
  if (!res.ok) throw new Error(`version.json answered ${res.status}`);
  const body = (await res.json()) as { version?: unknown; key?: unknown };
  if (typeof body.version !== 'string' || typeof body.key !== 'string') throw new Error('version.json is not readable');
  return { version: body.version, key: body.key };
}

/**
 * Fetches the served build into the service worker: a new worker precaches every file of it, then takes
 * over (it skips waiting). Resolves once it is active, or at once when the build has not changed.
 */
export async function installUpdate(timeoutMs = 60_000): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration('/kiosk/');
  if (!registration) return;
  await registration.update();
  const incoming = registration.installing ?? registration.waiting;
  if (!incoming) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The new version did not install in time')), timeoutMs);
    const check = () => {
      if (incoming.state === 'activated') {
        clearTimeout(timer);
        resolve();
      } else if (incoming.state === 'redundant') {
        clearTimeout(timer);
        reject(new Error('The new version could not be installed'));
      }
    };
    incoming.addEventListener('statechange', check);
    check();
  });
}

/** Drops the service worker's caches and the worker itself: the next load fetches everything again. */
export async function dropAppCaches(): Promise<void> {
  if ('caches' in globalThis) {
    for (const name of await caches.keys()) await caches.delete(name);
  }
  if ('serviceWorker' in navigator) {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
  }
}
