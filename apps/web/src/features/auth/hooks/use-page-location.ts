// The sign-in pages are a document of their own, without the app's router (apps/web/sign-in.html): they
// move between each other with the history API and read the address from here.
import { useSyncExternalStore } from 'react';

const MOVED = 'sign-in-page:moved';

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(MOVED, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(MOVED, listener);
  };
}

/** The address's path, kept current as the person moves between the sign-in pages. */
export const usePagePath = (): string => useSyncExternalStore(subscribe, () => window.location.pathname);

/** One query-string value, as written in the address. */
export const usePageSearchText = (name: string): string | null =>
  useSyncExternalStore(subscribe, () => new URLSearchParams(window.location.search).get(name));

/** Opens another sign-in page of this document, as a link followed in the browser would. */
export function goToPage(href: string): void {
  window.history.pushState(null, '', href);
  window.dispatchEvent(new Event(MOVED));
  window.scrollTo(0, 0);
}
