// Mantine's modals and toasts load when first needed, not with every page: together they are about
// 22 kB as served, more than the sign-in form. The signed-in app asks for both with its first page (app/router.tsx); a public
// page, with the first toast or server-error alert it shows (lib/notify.tsx). The providers mount in
// components/ui/overlays-host.tsx.
import { useSyncExternalStore } from 'react';

export type ModalsModule = typeof import('@mantine/modals');
type NotificationsModule = typeof import('@mantine/notifications');

type Loaded = { modals?: ModalsModule; notifications?: NotificationsModule };

let loaded: Loaded = {};
const listeners = new Set<() => void>();

function publish(next: Loaded): void {
  loaded = { ...loaded, ...next };
  for (const listener of listeners) listener();
}

/** For the host: the overlay modules loaded so far. */
export const useLoadedOverlays = (): Loaded =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    () => loaded,
  );

/** Runs `load` once; a failed load is tried again by the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

let modalsMounted: () => void = () => undefined;

/**
 * Loads and mounts the modals provider: modals open through window events it listens to, so this
 * resolves once it listens. Then `modals.open()` of @mantine/modals works anywhere.
 */
export const requestModals = once(
  () =>
    new Promise<ModalsModule>((resolve, reject) => {
      import('@mantine/modals').then((module) => {
        modalsMounted = () => resolve(module);
        publish({ modals: module });
      }, reject);
    }),
);

/** For the host: the modals provider has mounted and listens. */
export const modalsListening = (): void => modalsMounted();

/** Loads the toasts; `notifications.show()` may run before they mount: the store keeps what it is given. */
export const requestNotifications = once(() =>
  import('@mantine/notifications').then((module) => {
    publish({ notifications: module });
    return module;
  }),
);
