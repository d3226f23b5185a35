// The person's layout choices (spec "Layout shell"): kept in the stored user and on the server
// (PUT /me/layout), and the side menu's pinned state kept in localStorage.
import { useLocalStorage } from '@mantine/hooks';
import { DEFAULT_LAYOUT } from '@app/shared/auth/default-layout';
import type { LayoutPrefs } from '@app/shared/auth/schemas';
import { api } from '@/lib/api-client';
import { getStoredUser, saveLayoutPrefs, useSession } from '@/lib/session';

const PINNED_KEY = 'menu_pinned';

export function useLayoutPrefs() {
  const session = useSession();
  const prefs = session?.user.layout ?? DEFAULT_LAYOUT;
  const [pinned, storePinned] = useLocalStorage<boolean>({
    key: PINNED_KEY,
    defaultValue: prefs.menuPinned,
    getInitialValueInEffect: false,
  });

  const update = (patch: Partial<LayoutPrefs>) => {
    const previous = getStoredUser()?.user.layout ?? DEFAULT_LAYOUT;
    const next = { ...previous, ...patch };
    saveLayoutPrefs(next);
    // The whole set, not the patch: the server's body schema fills absent fields with their defaults.
    api
      .put<LayoutPrefs>('/me/layout', next)
      .then(saveLayoutPrefs)
      // The client already reported the failure; put back what the server still has.
      .catch(() => saveLayoutPrefs(previous));
  };

  const setPinned = (next: boolean) => {
    storePinned(next);
    update({ menuPinned: next });
  };

  return { prefs, update, pinned, setPinned };
}
