// The one HTTP client of the app. It speaks to /api/v1 with the session cookie, sends the language and
// the CSRF token, and applies the spec's error catalogue (§8) in one place.
import i18next from 'i18next';
import { SESSION } from '@app/shared/constants';
import { paths } from '@/config/paths';
import { invalidateReadersOf } from './data-tags';
import { navigateTo } from './navigation';
import { alertServerError, notifyError } from './notify';
import { queryClient } from './query-client';

/** Where the server's API is served; also the start of addresses the browser opens itself (full page loads). */
export const API_BASE = '/api/v1';
const TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 5 * 60_000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors;
  readonly otpError: boolean;
  readonly retryAfter: number | undefined;
  /** The parsed response body, for answers that carry more than a message (e.g. a per-person errors object). */
  readonly body: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: FieldErrors;
    otpError?: boolean;
    retryAfter?: number;
    body?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.otpError = init.otpError ?? false;
    this.retryAfter = init.retryAfter;
    this.body = init.body;
  }
}

/** Spec §8: forms that list an errors object show all its values joined by line breaks. */
export function joinErrorMessages(fields: FieldErrors | Record<string, string | string[]> | undefined): string {
  return Object.values(fields ?? {})
    .flat()
    .filter((message) => message.trim() !== '')
    .join('\n');
}

export type ErrorHandlingOptions = {
  /** false: the caller shows every failure itself (the sign-in steps show them inline). */
  handleErrors?: boolean;
  /** Statuses the caller shows itself, e.g. a form that explains a 404 or 422 in place: no navigation or toast for them. */
  handledByCaller?: readonly number[];
};

export type QueryParams = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export type RequestOptions = ErrorHandlingOptions & {
  params?: QueryParams;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra headers, e.g. a kiosk's own credential on the kiosk pages. */
  headers?: Record<string, string>;
  /** The request outlives the page (a save as the page is left or reloaded). Small bodies only. */
  keepalive?: boolean;
};

/** What the client does about a failed call before throwing it to the caller. */
type ErrorReaction =
  { kind: 'none' } | { kind: 'navigate'; to: string } | { kind: 'alert' } | { kind: 'toast'; message: string };

/**
 * Where a person who must enrol in two-step authentication already is: a request refused for that
 * reason (one still running as they got there, say) leaves them on the enrolment page.
 */
const ENROLLING = new Set<string>([paths.twoStep, paths.otpError]);

/** The spec's error catalogue (§8), status by status. `here` is the page's path. */
function reactionTo(error: ApiError, here: string): ErrorReaction {
  switch (error.status) {
    case 401:
      return { kind: 'navigate', to: paths.error };
    case 403:
      if (error.otpError) return ENROLLING.has(here) ? { kind: 'none' } : { kind: 'navigate', to: paths.otpError };
      return { kind: 'navigate', to: paths.error };
    case 404:
      return { kind: 'navigate', to: paths.notFound };
    case 500:
    case 502:
      return { kind: 'alert' };
    case 400:
      return { kind: 'none' };
    default:
      return error.otpError ? { kind: 'none' } : { kind: 'toast', message: error.message };
  }
}

export type ApiClientEffects = {
  fetch: typeof fetch;
  navigate: (to: string) => void;
  /** The path of the page shown now. */
  currentPath: () => string;
  toast: (message: string) => void;
  alert: () => void;
  language: () => string;
  csrfToken: () => string | undefined;
  translate: (key: string) => string;
  /** A change sent to this address succeeded (lib/data-tags.ts: views of that data are read again). */
  changed?: (url: string) => void;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function buildUrl(url: string, params: QueryParams | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.append(key, String(value));
  }
  const search = query.toString();
  return `${API_BASE}${url}${search ? `${url.includes('?') ? '&' : '?'}${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(response: Response, body: unknown, translate: (key: string) => string): ApiError {
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const retryHeader = Number(response.headers.get('retry-after'));
  return new ApiError({
    status: response.status,
    code: text(data.code) ?? `http_${response.status}`,
    message: text(data.message) ?? text(data.data) ?? text(body) ?? translate('common:errors.unknown'),
    fields: typeof data.fields === 'object' && data.fields !== null ? (data.fields as FieldErrors) : undefined,
    otpError: data.otp_error === true,
    retryAfter:
      typeof data.retry_after === 'number'
        ? data.retry_after
        : Number.isFinite(retryHeader) && retryHeader > 0
          ? retryHeader
          : undefined,
    body,
  });
}

export function createApiClient(effects: ApiClientEffects) {
  function react(error: ApiError, options: ErrorHandlingOptions): void {
    if (options.handleErrors === false || options.handledByCaller?.includes(error.status)) return;
    const reaction = reactionTo(error, effects.currentPath());
    if (reaction.kind === 'navigate') effects.navigate(reaction.to);
    else if (reaction.kind === 'alert') effects.alert();
    else if (reaction.kind === 'toast') effects.toast(reaction.message);
  }

  async function request<T>(method: Method, url: string, body: unknown, options: RequestOptions): Promise<T> {
    const headers: Record<string, string> = {
      ...options.headers,
      accept: 'application/json',
      'x-lang': effects.language(),
    };
    if (UNSAFE_METHODS.has(method)) {
      const csrf = effects.csrfToken();
      if (csrf) headers[SESSION.csrfHeader] = csrf;
    }
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

    const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

    let response: Response;
    try {
      response = await effects.fetch(buildUrl(url, options.params), {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        credentials: 'same-origin',
        keepalive: options.keepalive,
        signal,
      });
    } catch (cause) {
      // The caller gave up (a query was cancelled): not a failure to report.
      if (options.signal?.aborted) throw cause;
      const timedOut = timeout.aborted;
      const error = new ApiError({
        status: 0,
        code: timedOut ? 'timeout' : 'network_error',
        message: effects.translate(timedOut ? 'common:errors.timeout' : 'common:errors.network'),
      });
      react(error, options);
      throw error;
    }

    const data = await readBody(response);
    if (response.ok) {
      if (UNSAFE_METHODS.has(method)) effects.changed?.(url);
      return data as T;
    }
    const error = toApiError(response, data, effects.translate);
    react(error, options);
    throw error;
  }

  return {
    get: <T>(url: string, options: RequestOptions = {}) => request<T>('GET', url, undefined, options),
    post: <T>(url: string, body?: unknown, options: RequestOptions = {}) => request<T>('POST', url, body, options),
    put: <T>(url: string, body?: unknown, options: RequestOptions = {}) => request<T>('PUT', url, body, options),
    patch: <T>(url: string, body?: unknown, options: RequestOptions = {}) => request<T>('PATCH', url, body, options),
    delete: <T>(url: string, options: RequestOptions = {}) => request<T>('DELETE', url, undefined, options),
    upload: <T>(url: string, formData: FormData, method: 'PUT' | 'POST' = 'PUT', options: RequestOptions = {}) =>
      request<T>(method, url, formData, { timeoutMs: UPLOAD_TIMEOUT_MS, ...options }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export const api: ApiClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  navigate: (to) => navigateTo(to),
  currentPath: () => window.location.pathname,
  toast: notifyError,
  alert: alertServerError,
  language: () => i18next.resolvedLanguage ?? i18next.language ?? 'en',
  csrfToken: () => readCookie(SESSION.csrfCookie),
  translate: (key) => i18next.t(key),
  changed: (url) => void invalidateReadersOf(queryClient, url),
});
