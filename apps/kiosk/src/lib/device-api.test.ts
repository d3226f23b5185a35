import { describe, expect, it, vi } from 'vitest';
import { ApiError, TokenRefused, Unreachable, createDeviceApi } from './device-api';

const answer = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function setup(responses: (() => Response | Promise<Response>)[]) {
  const hooks = { onTokenRefused: vi.fn(), onTokenDoubt: vi.fn(), onReachable: vi.fn() };
  const calls: [string, RequestInit][] = [];
  const fetcher = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push([url as string, init ?? {}]);
    return responses.shift()!();
  });
  return { api: createDeviceApi('tok', hooks, fetcher), hooks, calls };
}

describe('the device API', () => {
  it('sends the bearer token and answers the JSON', async () => {
    const { api, hooks, calls } = setup([() => answer(200, { ok: 1 })]);
    await expect(api.json('POST', '/kiosk-device/heartbeat', { app_version: '1.0.0' })).resolves.toEqual({ ok: 1 });
    expect(calls[0]![0]).toBe('/api/v1/kiosk-device/heartbeat');
    expect((calls[0]![1].headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(calls[0]![1].body).toBe('{"app_version":"1.0.0"}');
    expect(hooks.onReachable).toHaveBeenLastCalledWith(true);
  });

  it('treats 401, 403 and kiosk_not_registered of the token check as a refused token, once', async () => {
    const { api, hooks } = setup([
      () => answer(401, { code: 'unauthorized', message: 'no' }),
      () => answer(403, { code: 'forbidden', message: 'no' }),
      () => answer(404, { code: 'kiosk_not_registered', message: 'gone' }),
    ]);
    for (let i = 0; i < 3; i++) {
      await expect(api.json('POST', '/kiosk-device/heartbeat', {})).rejects.toBeInstanceOf(TokenRefused);
    }
    expect(hooks.onTokenRefused).toHaveBeenCalledTimes(1);
    expect(hooks.onTokenDoubt).not.toHaveBeenCalled();
  });

  it('only doubts the token when another call is refused (a path the server lacks answers 401 too)', async () => {
    const { api, hooks } = setup([() => answer(401, { code: 'unauthenticated', message: 'no' })]);
    await expect(api.json('GET', '/kiosk-device/people/search?q=a')).rejects.toBeInstanceOf(TokenRefused);
    expect(hooks.onTokenDoubt).toHaveBeenCalledTimes(1);
    expect(hooks.onTokenRefused).not.toHaveBeenCalled();
  });

  it('says the server is unreachable when the network fails or the server is unavailable', async () => {
    const { api, hooks } = setup([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => answer(503, { code: 'unavailable', message: 'busy' }),
    ]);
    await expect(api.json('GET', '/kiosk-device/journey')).rejects.toBeInstanceOf(Unreachable);
    await expect(api.json('GET', '/kiosk-device/journey')).rejects.toBeInstanceOf(Unreachable);
    expect(hooks.onReachable).toHaveBeenCalledWith(false);
    expect(hooks.onReachable).not.toHaveBeenCalledWith(true);
  });

  it('keeps other errors with their code, and a missing logo as null', async () => {
    const { api } = setup([
      () => answer(422, { code: 'request_not_running', message: 'Cannot find' }),
      () => answer(404, { code: 'not_found', message: 'none' }),
    ]);
    const error = await api.json('POST', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'request_not_running' });
    await expect(api.blob('/kiosk-device/logo')).resolves.toBeNull();
  });
});
