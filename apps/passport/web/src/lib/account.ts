// Who is signed in: the account GET /api/me answers, held once for every page (the shell's menu, the
// guards, the home screen). A 401 from any call checks /api/me again and, if the session is gone, signs
// the app out, so the guard sends the person to the sign-in page.
import { useSyncExternalStore } from 'react';
import { accountSchema, type PassportAccount } from '@app/shared/passport/schemas';
import { apiJson, apiSend, onUnauthorized } from './api-client';
import { ApiError } from './api-error';
import { dropHolderToken } from './dashboard-client';

export type AccountState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; account: PassportAccount }
  /** The first look failed for another reason (no connection): the app offers to try again. */
  | { status: 'error'; error: ApiError };

let state: AccountState = { status: 'loading' };
const listeners = new Set<() => void>();

const accountIdOf = (s: AccountState) => (s.status === 'signed-in' ? s.account.id : null);

function set(next: AccountState): void {
  // A token for the dashboard names one account: another account (or none) never uses it.
  if (accountIdOf(next) !== accountIdOf(state)) dropHolderToken();
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getAccountState = () => state;

export function useAccountState(): AccountState {
  return useSyncExternalStore(subscribe, getAccountState);
}

/** The signed-in account, on pages the guard shows only when signed in. */
export function useAccount(): PassportAccount {
  const current = useAccountState();
  if (current.status !== 'signed-in') throw new Error('useAccount outside a signed-in page');
  return current.account;
}

export const setAccount = (account: PassportAccount) => set({ status: 'signed-in', account });
export const clearAccount = () => set({ status: 'signed-out' });

let pending: Promise<PassportAccount | null> | undefined;

/** Reads who is signed in (again); concurrent callers share one request. */
export function loadAccount(): Promise<PassportAccount | null> {
  pending ??= apiJson('GET', '/me', accountSchema, undefined, { unauthorizedIsAnswer: true })
    .then(
      (account) => {
        setAccount(account);
        return account;
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          clearAccount();
          return null;
        }
        // A signed-in page keeps what it shows; only the first look has nothing to show.
        if (state.status === 'loading' || state.status === 'error') {
          set({
            status: 'error',
            error:
              error instanceof ApiError ? error : new ApiError({ status: 0, code: 'unknown', message: String(error) }),
          });
        }
        return null;
      },
    )
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** Ends this browser's session. The app is signed out even if the call fails: the person asked to leave. */
export async function signOut(): Promise<void> {
  try {
    await apiSend('POST', '/sign-out', undefined, { unauthorizedIsAnswer: true });
  } finally {
    clearAccount();
  }
}

onUnauthorized(() => {
  if (state.status === 'signed-in') void loadAccount();
});
