// Authenticated traffic counts against its caller (session, API token, kiosk), not its address
// (decision 037); what carries no valid credentials still counts per address. The clock is Date, faked.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../src/config/env';
import { signIn, TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

const DEFAULTS = loadEnv({});
const SITE_ADDRESS = '10.24.17.1';

let defaults: TestContext;
let tight: TestContext;
beforeAll(async () => {
  // The documented defaults, as a fresh install runs them.
  defaults = await createTestApp({
    PUBLIC_RATE_LIMIT: String(DEFAULTS.PUBLIC_RATE_LIMIT),
    API_RATE_LIMIT: String(DEFAULTS.API_RATE_LIMIT),
    SESSION_RATE_LIMIT: String(DEFAULTS.SESSION_RATE_LIMIT),
    API_TOKEN_RATE_LIMIT: String(DEFAULTS.API_TOKEN_RATE_LIMIT),
    DEVICE_RATE_LIMIT: String(DEFAULTS.DEVICE_RATE_LIMIT),
  });
  tight = await createTestApp(
    { PUBLIC_RATE_LIMIT: '3', API_RATE_LIMIT: '4', SESSION_RATE_LIMIT: '5', DEVICE_RATE_LIMIT: '3' },
    { db: defaults.db },
  );
});
afterAll(async () => {
  await tight.close();
  await defaults.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;
/** The same session on another app node (the worlds are made through `defaults`, unlimited enough). */
const onNode = (node: TestContext, client: TestClient, address: string) => {
  const moved = new TestClient(node.app);
  moved.cookies = client.cookies;
  moved.remoteAddress = address;
  return moved;
};
const signedIn = async (email: string) => (await signIn(defaults.app, email, PASSWORD)).client;

async function apiClient(w: VisitsWorld, app: TestContext) {
  const res = await w.admin.post('/company/client-token');
  expect(res.statusCode, res.body).toBe(200);
  const client = new TestClient(app.app);
  client.bearer = res.json<{ token: string }>().token;
  client.remoteAddress = SITE_ADDRESS;
  return client;
}

describe('an integration behind one address', () => {
  it('takes 30 calls a second for over a minute from one API token, sign-ins among them, none refused', async () => {
    const w = await visitsWorld(defaults.app, defaults.db.db);
    const api = await apiClient(w, defaults);
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => w.person(`Rush${i}`)));
    // Dashboards of the same building, on the same address, keep their own allowance meanwhile.
    w.admin.remoteAddress = SITE_ADDRESS;

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // 61 seconds at 31 calls a second, each second's calls sent together: the first, the middle and the
    // last second sign 30 people in and out; the others read (the allowance counts calls, whatever
    // they are, and reads keep the minute quick to run).
    const signing = new Set([0, 30, 60]);
    for (let second = 0; second < 61; second++) {
      const answers = await Promise.all(
        people.map((person) =>
          signing.has(second)
            ? api.post('/visits/sign-in', { area_id: w.areas.reception, people: [{ person_id: person.id }] })
            : api.get('/visits?limit=1'),
        ),
      );
      for (const res of answers) {
        const expected = signing.has(second) ? 201 : 200;
        if (res.statusCode !== expected) expect(res.statusCode, `second ${second}: ${res.body}`).toBe(expected);
        count(res.statusCode);
      }
      vi.setSystemTime(Date.now() + 500);
      const out = signing.has(second)
        ? await api.post('/visits/sign-out', { person_ids: people.map((p) => p.id) })
        : await api.get('/visits?limit=1');
      expect(out.statusCode, out.body).toBe(200);
      if (second % 10 === 0) expect((await w.admin.get('/visits?limit=1')).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 500);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 201: 3 * 30, 200: 58 * 30 });
    // The same pace from an unauthenticated caller on that address would have been refused within a minute.
    expect(61 * 31).toBeGreaterThan(DEFAULTS.API_RATE_LIMIT);
  }, 300_000);
});

describe('sessions behind one address', () => {
  it('refuses a session over its allowance with Retry-After, while another session from the address goes on', async () => {
    const w = await visitsWorld(defaults.app, defaults.db.db);
    const address = randomAddress();
    const busy = onNode(tight, await signedIn(w.people.admin.email), address);
    const calm = onNode(tight, await signedIn(w.people.employee.email), address);
    busy.lang = 'ar';
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

    for (let i = 0; i < 5; i++) expect((await busy.get('/auth/me')).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 20_000);
    const refused = await busy.get('/auth/me');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests', retry_after: 40 });
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.json().message).toContain('ثانية');

    // Same address, more requests than the address allowance: its own session's allowance counts.
    for (let i = 0; i < 5; i++) expect((await calm.get('/auth/me')).statusCode).toBe(200);

    // Once the minute is over the busy session is served again.
    vi.setSystemTime(Date.now() + 41_000);
    expect((await busy.get('/auth/me')).statusCode).toBe(200);
  });

  it('still limits unauthenticated callers per address, and public routes per address for everyone', async () => {
    const w = await visitsWorld(defaults.app, defaults.db.db);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const address = randomAddress();
    const anonymous = new TestClient(tight.app);
    anonymous.remoteAddress = address;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await anonymous.get('/public/config')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // An IPv6 caller counts with its /64, as the limiter's default does: changing address within it gains nothing.
    const v6 = (n: number) => tight.app.inject({ url: '/api/v1/public/config', remoteAddress: `2001:db8:24:${n}::1` });
    const prefix = 1000 + randomBytes(1)[0]!;
    for (let i = 0; i < 4; i++) expect((await v6(prefix)).statusCode).toBe(200);
    expect(
      (await tight.app.inject({ url: '/api/v1/public/config', remoteAddress: `2001:db8:24:${prefix}::2` })).statusCode,
    ).toBe(429);
    // Made-up tokens count against the address too: none opens an allowance of its own.
    const forger = new TestClient(tight.app);
    forger.remoteAddress = address;
    forger.bearer = randomBytes(24).toString('hex');
    expect((await forger.get('/visits')).statusCode).toBe(429);
    forger.remoteAddress = randomAddress();
    expect((await forger.get('/visits')).statusCode).toBe(401);

    // A signed-in person asking for password resets is held to the public allowance of its address.
    const client = onNode(tight, await signedIn(w.people.admin.email), randomAddress());
    const resets: number[] = [];
    for (let i = 0; i < 4; i++)
      resets.push((await client.post('/auth/forgot-password', { email: 'x@example.test' })).statusCode);
    expect(resets).toEqual([200, 200, 200, 429]);
    // Its session's own calls are not counted against that address.
    expect((await client.get('/auth/me')).statusCode).toBe(200);
  });
});

describe('kiosks behind one address', () => {
  const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');
  async function pairKiosk(w: VisitsWorld, address: string) {
    const device = new TestClient(tight.app);
    device.remoteAddress = address;
    const code = await device.post('/public/kiosk-pairings', { mac_address: randomMac(), app_version: '3.1.0' });
    expect(code.statusCode, code.body).toBe(201);
    const { code: shown, secret } = code.json<{ code: string; secret: string }>();
    const added = await w.admin.post('/kiosks', { code: shown, name: `Kiosk ${shown}`, area_id: w.areas.reception });
    expect(added.statusCode, added.body).toBe(201);
    const status = await device.get('/public/kiosk-pairings/status', { 'x-kiosk-pairing-secret': secret });
    device.bearer = status.json<{ device_token: string }>().device_token;
    return device;
  }

  it('gives each kiosk its own allowance', async () => {
    const w = await visitsWorld(defaults.app, defaults.db.db);
    const address = randomAddress();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const one = await pairKiosk(w, address);
    const two = await pairKiosk(w, address);
    const beat = (kiosk: TestClient) => kiosk.post('/kiosk-device/heartbeat', { app_version: '3.1.0' });
    for (let i = 0; i < 3; i++) expect((await beat(one)).statusCode).toBe(200);
    expect((await beat(one)).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) expect((await beat(two)).statusCode).toBe(200);
  });
});

describe('several app nodes', () => {
  it('share the counters through Redis', async () => {
    const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const limits = { REDIS_URL, SESSION_RATE_LIMIT: '4', API_RATE_LIMIT: '1000' };
    const one = await createTestApp(limits, { db: defaults.db });
    const two = await createTestApp(limits, { db: defaults.db });
    try {
      const w = await visitsWorld(defaults.app, defaults.db.db);
      const session = await signedIn(w.people.employee.email);
      const onOne = onNode(one, session, '127.0.0.1');
      const onTwo = onNode(two, session, '127.0.0.1');
      expect((await onOne.get('/auth/me')).statusCode).toBe(200);
      expect((await onTwo.get('/auth/me')).statusCode).toBe(200);
      expect((await onOne.get('/auth/me')).statusCode).toBe(200);
      expect((await onTwo.get('/auth/me')).statusCode).toBe(200);
      // The fifth request in the minute, whichever node answers it.
      const refused = await onTwo.get('/auth/me');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await onOne.get('/auth/me')).statusCode).toBe(429);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
