// The dashboard's calls about the holder's own visits (decision 047): on the dashboard's origin, with a
// holder token the passport signs for it (POST /api/holder-token), kept until shortly before it expires.
// No cookie goes there: the token is the credential. Failures throw ApiError, as on this origin.
import type { ZodType } from 'zod';
import { holderTokenResponse, type HolderTokenResponse } from '@app/shared/passport/schemas';
import { apiJson, deadline, readBody, type Method } from './api-client';
import { ApiError, parseApiError } from './api-error';
import { currentLanguage, i18n } from './i18n';

const TIMEOUT_MS = 30_000;
/** A token this close to its end is replaced before a call. */
const RENEW_BEFORE_MS = 60_000;

let held: Promise<HolderTokenResponse> | null = null;

/** A holder token good for the next minute at least (one request for it at a time). */
export async function holderToken(fresh = false): Promise<HolderTokenResponse> {
  if (held && !fresh) {
    const token = await held.catch(() => null);
    if (token && Date.parse(token.expires_at) - Date.now() > RENEW_BEFORE_MS) return token;
  }
  held = apiJson('POST', '/holder-token', holderTokenResponse, { scope: 'all' });
  return held;
}

/** A token that only reads the holder's profile, for a company's form to fill itself (never kept here). */
export const profileToken = (): Promise<HolderTokenResponse> =>
  apiJson('POST', '/holder-token', holderTokenResponse, { scope: 'profile' });

/** Forgets the token (signing out). */
export function dropHolderToken() {
  held = null;
}

async function call(method: Method, path: string, body: unknown, signal: AbortSignal | undefined, fresh: boolean) {
  const { token, api_url } = await holderToken(fresh);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLanguage(),
    authorization: `Bearer ${token}`,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const timeout = deadline(TIMEOUT_MS, signal);
  try {
    const response = await fetch(`${api_url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      signal: timeout.signal,
    });
    return { response, data: await readBody(response) };
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'network', message: i18n.t('errors.network') });
  } finally {
    timeout.done();
  }
}

/** A dashboard call answered with JSON of `schema`'s shape; a refused token is renewed once. */
export async function dashboardJson<T>(
  method: Method,
  path: string,
  schema: ZodType<T>,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  let answer = await call(method, path, body, signal, false);
  if (answer.response.status === 401) answer = await call(method, path, body, signal, true);
  if (!answer.response.ok) {
    throw parseApiError(
      answer.response.status,
      answer.data,
      i18n.t('errors.unknown'),
      answer.response.headers.get('retry-after'),
    );
  }
  const parsed = schema.safeParse(answer.data);
  if (!parsed.success) throw new ApiError({ status: 0, code: 'bad_response', message: i18n.t('errors.unknown') });
  return parsed.data;
}
