// The built kiosk app as the server sends it under /kiosk/ (plugins/kiosk-app.ts): its page for every
// page of the app, before the web app's fallback; its files with their cache rules and compressed
// copies; a 404 for a file it lacks; and the API and the web app as they were.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';

const KIOSK_INDEX = `<!doctype html><html><head><script type="module" src="/kiosk/assets/index-Kq12Ab34.js"></script></head><body>kiosk</body></html>\n`;
const KIOSK_ASSET = '/kiosk/assets/index-Kq12Ab34.js';
const KIOSK_ASSET_BODY = `export const kiosk = ${JSON.stringify('door '.repeat(200))};\n`;
const SW_BODY = 'self.addEventListener("fetch", () => {});\n';
const WEB_INDEX = `<!doctype html><html><head></head><body>dashboard</body></html>\n`;

let ctx: TestContext;
let kioskDist: string;
let webDist: string;

beforeAll(async () => {
  kioskDist = mkdtempSync(path.join(os.tmpdir(), 'fd-kiosk-'));
  webDist = mkdtempSync(path.join(os.tmpdir(), 'fd-web-'));
  mkdirSync(path.join(kioskDist, 'assets'));
  mkdirSync(path.join(kioskDist, 'icons'));
  writeFileSync(path.join(kioskDist, 'index.html'), KIOSK_INDEX);
  writeFileSync(path.join(kioskDist, 'sw.js'), SW_BODY);
  writeFileSync(path.join(kioskDist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(
    path.join(kioskDist, 'version.json'),
    JSON.stringify({ version: '0.1.0', key: 'abc123', built_at: '2026-03-07T10:00:00.000Z' }),
  );
  writeFileSync(path.join(kioskDist, KIOSK_ASSET.replace('/kiosk/', '')), KIOSK_ASSET_BODY);
  writeFileSync(path.join(kioskDist, `${KIOSK_ASSET.replace('/kiosk/', '')}.br`), brotliCompressSync(KIOSK_ASSET_BODY));
  writeFileSync(path.join(webDist, 'index.html'), WEB_INDEX);
  writeFileSync(path.join(webDist, 'sign-in.html'), WEB_INDEX);
  ctx = await createTestApp({ KIOSK_DIST: kioskDist, WEB_DIST: webDist });
});

afterAll(async () => {
  await ctx.close();
  rmSync(kioskDist, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('the kiosk app under /kiosk/', () => {
  it('answers its page at /kiosk/ and at every page of the app, never the dashboard’s', async () => {
    for (const url of ['/kiosk/', '/kiosk/sign-in', '/kiosk/sign-out/', '/kiosk/sign-in?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.payload, url).toBe(KIOSK_INDEX);
    }
    const bare = await get('/kiosk');
    expect(bare.statusCode).toBe(308);
    expect(bare.headers.location).toBe('/kiosk/');
  });

  it('lets browsers keep its hashed files, and sends the brotli copy', async () => {
    const res = await get(KIOSK_ASSET, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(KIOSK_ASSET_BODY);
  });

  it('makes browsers ask again for the service worker and version.json; icons are kept a while', async () => {
    const sw = await get('/kiosk/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.payload).toBe(SW_BODY);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const version = await get('/kiosk/version.json');
    expect(version.json()).toEqual({ version: '0.1.0', key: 'abc123', built_at: '2026-03-07T10:00:00.000Z' });
    expect(version.headers['cache-control']).toBe('no-cache');
    expect((await get('/kiosk/icons/icon-192.png')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for a file it lacks, not its page', async () => {
    for (const url of ['/kiosk/assets/index-Zz99Yy88.js', '/kiosk/missing.png', `${KIOSK_ASSET}.br`]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'not_found', message: 'Not found.' });
    }
  });

  it('leaves the API and the dashboard as they were', async () => {
    const api = await get('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    expect((await get('/api/v1/public/config')).statusCode).toBe(200);
    const dashboard = await get('/sites');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.payload).toBe(WEB_INDEX);
    // The pairing page is the dashboard's, not the kiosk app's.
    expect((await get('/kiosk-register')).payload).toBe(WEB_INDEX);
    const device = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/kiosk-device/heartbeat',
      headers: { authorization: 'Bearer nothing' },
      payload: {},
    });
    expect([401, 403]).toContain(device.statusCode);
  });
});
