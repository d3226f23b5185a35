import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';
import { TestClient } from './helpers/http-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_RATE_LIMIT: '3', API_RATE_LIMIT: '5' });
});
afterAll(() => ctx.close());

describe('rate limits per address', () => {
  it('answers 429 with a translated message and a wait time once public calls exceed their limit', async () => {
    const client = new TestClient(ctx.app);
    client.lang = 'ar';
    for (let i = 0; i < 3; i++)
      expect((await client.post('/auth/forgot-password', { email: 'x@example.test' })).statusCode).toBe(200);
    const res = await client.post('/auth/forgot-password', { email: 'x@example.test' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('too_many_requests');
    expect(res.json().message).toContain('ثانية');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits the subdomain look-up like every public call, so nobody can list the companies by trying names', async () => {
    const statuses: number[] = [];
    for (const name of ['acme', 'globex', 'initech', 'umbrella'])
      statuses.push(
        (await ctx.app.inject({ url: `/api/v1/public/entities/by-subdomain/${name}`, remoteAddress: '127.0.0.7' }))
          .statusCode,
      );
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it('limits the rest of the API too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await ctx.app.inject({ url: '/api/v1/public/config', remoteAddress: '127.0.0.9' })).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

// Behind a balancer every request comes from its address: TRUST_PROXY names the balancers whose
// X-Forwarded-For is believed (decision 058), so callers are counted apart, and nobody else may name
// an address of their choosing.
describe('behind a balancer (TRUST_PROXY)', () => {
  let behind: TestContext;
  beforeAll(async () => {
    behind = await createTestApp({ PUBLIC_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.50, 10.0.0.0/8' }, { db: ctx.db });
  });
  afterAll(() => behind.close());

  const lookUp = (from: string, forwardedFor?: string) =>
    behind.app
      .inject({
        url: '/api/v1/public/entities/by-subdomain/acme',
        remoteAddress: from,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
      .then((r) => r.statusCode);

  it('counts each caller the balancer forwards apart, and a caller who is not a balancer by its own address', async () => {
    const one = [];
    for (let i = 0; i < 4; i++) one.push(await lookUp('127.0.0.50', '203.0.113.1'));
    expect(one).toEqual([404, 404, 404, 429]);
    // Another caller through the same balancer has its own allowance; so has one through another.
    expect(await lookUp('127.0.0.50', '203.0.113.2')).toBe(404);
    expect(await lookUp('10.1.2.3', '203.0.113.3')).toBe(404);
    // Anyone else naming an address is counted by their own.
    const spoofed = [];
    for (let i = 0; i < 4; i++) spoofed.push(await lookUp('127.0.0.51', `198.51.100.${i}`));
    expect(spoofed).toEqual([404, 404, 404, 429]);
  });

  it('refuses to start with a TRUST_PROXY that names no proxies', async () => {
    await expect(createTestApp({ TRUST_PROXY: 'everyone' }, { db: ctx.db })).rejects.toThrow(/TRUST_PROXY/);
  });
});
