// The one HTTP client of the passport's web app: JSON under /api on this origin (an application's sign-in
// under /interaction/:uid/api), the session cookie, the
// language the person reads (the server translates its messages into it), and `x-passport: 1` on every
// change (the server's CSRF guard). Failures throw ApiError (api-error.ts); a response is checked against
// the operation's schema from @app/shared/passport/schemas.
import type { ZodType } from 'zod';
import { ApiError, parseApiError } from './api-error';
import { currentLanguage, i18n } from './i18n';

const API_BASE = '/api';
const TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 2 * 60_000;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  signal?: AbortSignal;
  /**
   * A 401 from this call is an answer (wrong password or code), not a sign that the session ended: the
   * sign-in steps and the first look at who is signed in.
   */
  unauthorizedIsAnswer?: boolean;
  /**
   * `path` is the whole path on this origin, not one under /api: an application's sign-in is asked about
   * under /interaction/:uid/api, the only path its provider's cookie is sent to.
   */
  atRoot?: boolean;
};

let unauthorized: () => void = () => undefined;

/** Who hears that a call was refused for want of a session (lib/account.ts checks and signs the app out). */
export function onUnauthorized(handler: () => void): void {
  unauthorized = handler;
}

/** A signal that fires on the caller's abort or after `ms`, whichever comes first. */
export function deadline(ms: number, outer: AbortSignal | undefined): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('Timed out', 'TimeoutError')), ms);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(method: Method, path: string, body: unknown, options: RequestOptions): Promise<unknown> {
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  if (method !== 'GET') headers['x-passport'] = '1';
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  const timeout = deadline(isForm ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS, options.signal);
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(options.atRoot ? path : `${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: timeout.signal,
    });
    data = await readBody(response);
  } catch (cause) {
    // The caller gave up (the page was left): its own abort, for it to ignore.
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'network', message: i18n.t('errors.network') });
  } finally {
    timeout.done();
  }

  if (!response.ok) {
    const error = parseApiError(response.status, data, i18n.t('errors.unknown'), response.headers.get('retry-after'));
    if (response.status === 401 && !options.unauthorizedIsAnswer) unauthorized();
    throw error;
  }
  return data;
}

/** A call answered with JSON of `schema`'s shape. */
export async function apiJson<T>(
  method: Method,
  path: string,
  schema: ZodType<T>,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const parsed = schema.safeParse(await send(method, path, body, options));
  if (!parsed.success) throw new ApiError({ status: 0, code: 'bad_response', message: i18n.t('errors.unknown') });
  return parsed.data;
}

/** A call whose answer carries nothing to read (204, or 202 with a status only). */
export async function apiSend(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<void> {
  await send(method, path, body, options);
}

/** A path segment from a value (an id) that may hold any character. */
export const segment = (value: string) => encodeURIComponent(value);
