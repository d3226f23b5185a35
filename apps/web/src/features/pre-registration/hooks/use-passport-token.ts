import { useEffect, useState } from 'react';
import { hasPassportFragment, passportTokenIn } from '../utils/passport-fill';

/**
 * The holder token the passport's /share page sent this page in `#passport=<token>`, taken out of the
 * address as the page opens: a bearer credential stays neither in the history nor in a copied link.
 */
export function usePassportToken(): string | null {
  const [token] = useState(() => passportTokenIn(window.location.hash));
  useEffect(() => {
    if (!hasPassportFragment(window.location.hash)) return;
    const { pathname, search } = window.location;
    // The router hears replaceState and keeps its own state (history.state) for this entry.
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);
  return token;
}
