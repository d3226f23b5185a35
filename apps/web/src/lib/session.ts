// The stored login result. The session itself is an httpOnly cookie; localStorage keeps only the
// non-secret facts the route guard and the shell read (who, which company, role, permissions).
import { useSyncExternalStore } from 'react';
import type { LayoutPrefs, LoginResult } from '@app/shared/auth/schemas';
import { paths } from '@/config/paths';
import { api } from './api-client';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';

const USER_KEY = 'user';
// The last company chosen, kept after sign-out so the next sign-in opens it again (spec §2).
const ENTITY_KEY = 'entity_id';

export type StoredSession = Omit<LoginResult, 'csrf_token'> & { entity_id: string };

type SessionCheck = (value: unknown) => StoredSession | null;

const listeners = new Set<() => void>();
let check: SessionCheck | undefined;
let loadingCheck: Promise<void> | undefined;
let cache: { raw: string | null; checked: boolean; value: StoredSession | null } = {
  raw: null,
  checked: false,
  value: null,
};

function emit(): void {
  for (const listener of listeners) listener();
}

/** Whether this browser holds a sign-in (checked or not). */
export const hasStoredSession = (): boolean => localStorage.getItem(USER_KEY) !== null;

/**
 * Loads the check of the stored login result (session-check.ts) once. Start-up waits for
 * it when a sign-in is stored; a sign-in that appears later (this page, another tab) counts once it
 * has loaded.
 */
export function loadSessionCheck(): Promise<void> {
  loadingCheck ??= import('./session-check').then(
    (module) => {
      check = module.checkStoredSession;
      emit();
    },
    (error: unknown) => {
      loadingCheck = undefined;
      throw error;
    },
  );
  return loadingCheck;
}

function parse(raw: string | null): StoredSession | null {
  if (raw === null) return null;
  if (!check) {
    // A failed load is tried again by the next read.
    loadSessionCheck().catch(() => undefined);
    return null;
  }
  try {
    return check(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The stored login result, or null when nobody is signed in on this browser (or it is not checked yet). */
export function getStoredUser(): StoredSession | null {
  const raw = localStorage.getItem(USER_KEY);
  if (raw !== cache.raw || cache.checked !== !!check) cache = { raw, checked: !!check, value: parse(raw) };
  return cache.value;
}

function write(session: StoredSession): StoredSession {
  localStorage.setItem(USER_KEY, JSON.stringify(session));
  emit();
  return getStoredUser() ?? session;
}

export function saveLoginResult(result: LoginResult): StoredSession {
  const { csrf_token: _csrf, ...rest } = result;
  localStorage.setItem(ENTITY_KEY, result.entity.id);
  return write({ ...rest, entity_id: result.entity.id });
}

/** The company chosen last on this browser, if any. */
export const getStoredEntityId = (): string | null => localStorage.getItem(ENTITY_KEY);

export function clearSession(): void {
  localStorage.removeItem(USER_KEY);
  emit();
}

/** Keeps the person's layout choices in the stored user, so the shell redraws at once. */
export function saveLayoutPrefs(layout: LayoutPrefs): void {
  const current = getStoredUser();
  if (current) write({ ...current, user: { ...current.user, layout } });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored login result as React state: components re-render when it changes, in this tab or another. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}

/** Reloads the person, role, permissions and company from the server (after a role, plan or policy change). */
export async function refreshSession(): Promise<StoredSession> {
  return saveLoginResult(await api.get<LoginResult>('/auth/me'));
}

let signingOut: Promise<void> | null = null;

/** Ends the session on the server, forgets it here and opens the sign-in page. */
export function logout(): Promise<void> {
  signingOut ??= api
    .post('/auth/logout', undefined, { handledByCaller: [401] })
    // A failure was already shown by the client (spec §8); the person still leaves this browser signed out.
    .catch(() => undefined)
    .then(() => {
      clearSession();
      queryClient.clear();
      navigateTo(paths.login, { replace: true });
    })
    .finally(() => {
      signingOut = null;
    });
  return signingOut;
}
