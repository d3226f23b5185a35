import type { PassportExchangeResponse } from '@app/shared/auth/passport';
import { api } from '@/lib/api-client';

// A one-time code works once: a second request with it (React's StrictMode runs a page's effects twice)
// would fail and hide the first answer. Each code is sent once per page load; every asker shares the answer.
const exchanges = new Map<string, Promise<PassportExchangeResponse>>();

/** Opens a session with the code /sso or /login-one-time came with (the same answers as a password sign-in). */
export function exchangePassportCode(code: string): Promise<PassportExchangeResponse> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = api.post<PassportExchangeResponse>('/auth/passport/exchange', { code }, { handleErrors: false });
    exchanges.set(code, exchange);
  }
  return exchange;
}
