import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_RATE_LIMIT: '3' });
});
afterAll(() => ctx.close());

const SECRET_HEADER = 'x-kiosk-pairing-secret';
const from = (remoteAddress: string) => ({
  pair: (mac: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/kiosk-pairings',
      remoteAddress,
      payload: { mac_address: mac },
    }),
  status: (secret: string) =>
    ctx.app.inject({
      url: '/api/v1/public/kiosk-pairings/status',
      remoteAddress,
      headers: { [SECRET_HEADER]: secret },
    }),
});

describe('kiosks waiting to be added, behind one address', () => {
  it('keep asking for their state past the public allowance; asking for codes keeps it', async () => {
    const site = from('10.20.30.40');
    const secrets: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const res = await site.pair(`02:00:00:00:00:0${i}`);
      expect(res.statusCode, res.body).toBe(201);
      secrets.push(res.json<{ secret: string }>().secret);
    }
    expect((await site.pair('02:00:00:00:00:09')).statusCode).toBe(429);

    // Three tablets polling every few seconds within one minute: well over the public allowance of 3.
    for (let round = 0; round < 5; round++) {
      for (const secret of secrets) {
        const res = await site.status(secret);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().status).toBe('waiting');
      }
    }
  });
});
