import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, joinErrorMessages, type ApiClientEffects } from './api-client';

type Call = { url: string; init: RequestInit };

function setup(respond: (call: Call) => Response | Promise<Response>, csrf = 'csrf-value') {
  const calls: Call[] = [];
  const effects = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: input instanceof Request ? input.url : input.toString(), init: init ?? {} };
      calls.push(call);
      return respond(call);
    }),
    navigate: vi.fn<(to: string) => void>(),
    currentPath: vi.fn(() => '/'),
    toast: vi.fn<(message: string) => void>(),
    alert: vi.fn<() => void>(),
    language: () => 'ar',
    csrfToken: () => csrf,
    translate: (key: string) => `t(${key})`,
  } satisfies ApiClientEffects;
  return { api: createApiClient(effects), effects, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client requests', () => {
  it('calls /api/v1 with the query, the language and the session cookie', async () => {
    const { api, calls } = setup(() => json(200, { data: [], count: 0 }));
    const result = await api.get<{ count: number }>('/members', {
      params: { page: 2, search: 'ann', empty: undefined, ids: ['a', 'b'] },
    });
    expect(result).toEqual({ data: [], count: 0 });
    expect(calls[0]?.url).toBe('/api/v1/members?page=2&search=ann&ids=a&ids=b');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(headersOf(calls[0]).get('x-lang')).toBe('ar');
    expect(headersOf(calls[0]).get('x-csrf-token')).toBeNull();
  });

  it('sends the CSRF token and a JSON body on unsafe methods', async () => {
    const { api, calls } = setup(() => json(200, { ok: true }));
    await api.post('/auth/logout', { a: 1 });
    await api.put('/me/lang', { lang: 'es' });
    await api.patch('/x', { b: 2 });
    await api.delete('/company/logo');
    expect(calls.map((c) => c.init.method)).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
    for (const call of calls) expect(headersOf(call).get('x-csrf-token')).toBe('csrf-value');
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(headersOf(calls[0]).get('content-type')).toBe('application/json');
  });

  it('uploads form data as is, with PUT unless told otherwise', async () => {
    const { api, calls } = setup(() => json(200, { id: 'x' }));
    const form = new FormData();
    form.append('file', new Blob(['png']), 'logo.png');
    await api.upload('/company/logo', form);
    await api.upload('/imports', form, 'POST');
    expect(calls.map((c) => c.init.method)).toEqual(['PUT', 'POST']);
    expect(calls[0]?.init.body).toBe(form);
    expect(headersOf(calls[0]).get('content-type')).toBeNull();
  });

  it('lets a request outlive the page when asked (keepalive), and only then', async () => {
    const { api, calls } = setup(() => json(200, { ok: true }));
    await api.put('/table-preferences/users', { a: 1 }, { keepalive: true });
    await api.put('/table-preferences/users', { a: 2 });
    expect(calls.map((c) => c.init.keepalive)).toEqual([true, undefined]);
  });

  it('answers undefined for 204', async () => {
    const { api } = setup(() => new Response(null, { status: 204 }));
    await expect(api.delete('/company/client-token')).resolves.toBeUndefined();
  });
});

describe('api client error catalogue', () => {
  it('401 goes to /error without a toast', async () => {
    const { api, effects } = setup(() => json(401, { code: 'session_expired', message: 'Your session has ended.' }));
    const error = await failure(api.get('/company'));
    expect(error).toMatchObject({ status: 401, code: 'session_expired', message: 'Your session has ended.' });
    expect(effects.navigate).toHaveBeenCalledWith('/error');
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('403 goes to /otp-error when two-step is required, otherwise to /error', async () => {
    const otp = setup(() => json(403, { code: 'otp_enrolment_required', message: 'Enable it', otp_error: true }));
    expect((await failure(otp.api.get('/company'))).otpError).toBe(true);
    expect(otp.effects.navigate).toHaveBeenCalledWith('/otp-error');

    // A request still running as the person reached the enrolment page leaves them there.
    const enrolling = setup(() => json(403, { code: 'otp_enrolment_required', message: 'Enable it', otp_error: true }));
    enrolling.effects.currentPath.mockReturnValue('/account/two-step');
    await failure(enrolling.api.get('/company'));
    expect(enrolling.effects.navigate).not.toHaveBeenCalled();

    const forbidden = setup(() => json(403, { code: 'forbidden', message: 'No' }));
    await failure(forbidden.api.get('/company'));
    expect(forbidden.effects.navigate).toHaveBeenCalledWith('/error');
    expect(forbidden.effects.toast).not.toHaveBeenCalled();
  });

  it('404 goes to /404', async () => {
    const { api, effects } = setup(() => json(404, { code: 'not_found', message: 'Not found.' }));
    await failure(api.get('/journeys/1'));
    expect(effects.navigate).toHaveBeenCalledWith('/404');
  });

  it.each([500, 502])('%i opens the contact-the-administration alert', async (status) => {
    const { api, effects } = setup(() => json(status, { code: 'internal', message: 'boom' }));
    await failure(api.get('/company'));
    expect(effects.alert).toHaveBeenCalledTimes(1);
    expect(effects.toast).not.toHaveBeenCalled();
    expect(effects.navigate).not.toHaveBeenCalled();
  });

  it('400 does nothing and hands the fields to the form', async () => {
    const fields = { name: ['Name is required.'], subdomain: ['Too short.', 'Bad format.'] };
    const { api, effects } = setup(() =>
      json(400, { code: 'validation_failed', message: 'Name is required.', fields }),
    );
    const error = await failure(api.put('/company', {}));
    expect(error.fields).toEqual(fields);
    expect(effects.toast).not.toHaveBeenCalled();
    expect(effects.navigate).not.toHaveBeenCalled();
    expect(effects.alert).not.toHaveBeenCalled();
  });

  it('other statuses toast the message field', async () => {
    const { api, effects } = setup(() =>
      json(429, { code: 'too_many_requests', message: 'Too many requests.', retry_after: 12 }),
    );
    const error = await failure(api.post('/company/client-token'));
    expect(error.retryAfter).toBe(12);
    expect(effects.toast).toHaveBeenCalledWith('Too many requests.');
  });

  it('falls back to the data field, then a generic message', async () => {
    const data = setup(() => json(422, { data: 'Kiosk not connected' }));
    await failure(data.api.post('/kiosks/1/restart'));
    expect(data.effects.toast).toHaveBeenCalledWith('Kiosk not connected');

    const empty = setup(() => new Response('', { status: 409 }));
    const error = await failure(empty.api.post('/x'));
    expect(error.code).toBe('http_409');
    expect(empty.effects.toast).toHaveBeenCalledWith('t(common:errors.unknown)');
  });

  it('does not toast an error flagged otp_error', async () => {
    const { api, effects } = setup(() => json(422, { code: 'x', message: 'm', otp_error: true }));
    await failure(api.post('/x'));
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('reads the retry time from the header when the body has none', async () => {
    const { api } = setup(() => json(429, { code: 'too_many_requests', message: 'Wait' }, { 'retry-after': '30' }));
    expect((await failure(api.get('/x'))).retryAfter).toBe(30);
  });

  it('leaves everything to the caller with handleErrors: false', async () => {
    for (const status of [401, 403, 404, 422, 500]) {
      const { api, effects } = setup(() => json(status, { code: 'c', message: 'm' }));
      await failure(api.post('/auth/login', {}, { handleErrors: false }));
      expect(effects.navigate).not.toHaveBeenCalled();
      expect(effects.toast).not.toHaveBeenCalled();
      expect(effects.alert).not.toHaveBeenCalled();
    }
  });

  it('leaves the statuses a form handles to it, and handles the others', async () => {
    const notFound = setup(() => json(404, { code: 'not_found', message: 'gone' }));
    await failure(notFound.api.get('/x', { handledByCaller: [404, 422] }));
    expect(notFound.effects.navigate).not.toHaveBeenCalled();

    const forbidden = setup(() => json(403, { code: 'forbidden', message: 'no' }));
    await failure(forbidden.api.get('/x', { handledByCaller: [404, 422] }));
    expect(forbidden.effects.navigate).toHaveBeenCalledWith('/error');
  });

  it('toasts a network failure', async () => {
    const { api, effects } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/x'));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(effects.toast).toHaveBeenCalledWith('t(common:errors.network)');
  });

  it('gives up after the timeout', async () => {
    const { api, effects } = setup(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await failure(api.get('/slow', { timeoutMs: 20 }));
    expect(error.code).toBe('timeout');
    expect(effects.toast).toHaveBeenCalledWith('t(common:errors.timeout)');
  });

  it('rethrows a cancellation by the caller without reporting it', async () => {
    const { api, effects } = setup(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
    expect(effects.toast).not.toHaveBeenCalled();
  });
});

describe('joinErrorMessages', () => {
  it('joins every message of every field with line breaks', () => {
    expect(
      joinErrorMessages({ email: ['Email address already exists'], phone: ['Phone is required', 'Digits only'] }),
    ).toBe('Email address already exists\nPhone is required\nDigits only');
  });

  it('accepts single messages and skips empty ones', () => {
    expect(joinErrorMessages({ a: 'One', b: '', c: ['Two'] })).toBe('One\nTwo');
    expect(joinErrorMessages(undefined)).toBe('');
  });
});
