// The built web app as the server sends it (plugins/web-app.ts): the compressed copy the browser
// accepts, cache rules by kind of file, the single-page fallback, and 404s that stay 404s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';

const ASSET = '/assets/start-Ab12Cd34.js';
const ASSET_BODY = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const INDEX_BODY = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body></body></html>\n`;
const SIGN_IN_BODY = `<!doctype html><html><head><script type="module" src="/assets/sign-in-Ef56Gh78.js"></script></head><body></body></html>\n`;
const FAVICON_BODY = '<svg xmlns="http://www.w3.org/2000/svg"/>\n';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'fd-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_BODY);
  writeFileSync(path.join(webDist, 'sign-in.html'), SIGN_IN_BODY);
  writeFileSync(path.join(webDist, 'favicon.svg'), FAVICON_BODY);
  const asset = path.join(webDist, ASSET);
  writeFileSync(asset, ASSET_BODY);
  writeFileSync(`${asset}.br`, brotliCompressSync(ASSET_BODY));
  writeFileSync(`${asset}.gz`, gzipSync(ASSET_BODY, { level: 9 }));
  ctx = await createTestApp({ WEB_DIST: webDist });
});

afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('web app assets', () => {
  it('sends the brotli copy to a browser that takes brotli and gzip', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET_BODY);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(ASSET_BODY));
  });

  it('sends the gzip copy to a browser that takes only gzip', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(ASSET_BODY);
  });

  it('sends the file itself otherwise', async () => {
    const requests: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ];
    for (const headers of requests) {
      const res = await get(ASSET, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.payload).toBe(ASSET_BODY);
    }
  });

  it('says that the answer depends on accept-encoding, whichever copy it sends', async () => {
    const requests: Record<string, string>[] = [{ 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }, {}];
    for (const headers of requests) {
      const vary = String((await get(ASSET, headers)).headers.vary);
      expect(vary.split(/,\s*/)).toContain('accept-encoding');
    }
  });

  it('lets browsers keep hashed assets for a year without asking again', async () => {
    const requests: Record<string, string>[] = [{ 'accept-encoding': 'br' }, {}];
    for (const headers of requests) {
      expect((await get(ASSET, headers)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: ASSET, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBe(0);
  });

  it('makes browsers ask again for index.html, at / and as the page of every client route', async () => {
    for (const url of ['/', '/users', '/pre-registration/abc', '/login/extra', '/logins', '/logout']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.payload, url).toBe(INDEX_BODY);
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/users' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('answers the sign-in pages with the sign-in document, whatever their query, and asks again for it too', async () => {
    const pages = ['/login', '/login/', '/login?redirect=%2Fsites', '/forgot-password', '/reset-password?token=abc'];
    for (const url of [...pages, '/unlock-sign-in?token=abc']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.payload, url).toBe(SIGN_IN_BODY);
    }
  });

  it('keeps other files of the build a short while', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.payload).toBe(FAVICON_BODY);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for a missing asset, not index.html', async () => {
    for (const url of ['/assets/start-Zz99Yy88.js', '/assets/missing.css', `${ASSET}.br`, `${ASSET}.gz`]) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ code: 'not_found', message: 'Not found.' });
    }
  });

  it('keeps the API 404: translated JSON for unknown API paths, whatever the method', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: { 'x-lang': 'es' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect(res.json().message).not.toBe('Not found.');
    expect(res.payload).not.toContain('<html');
    const post = await ctx.app.inject({ method: 'POST', url: '/users', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('not_found');
  });

  it('sends the security headers with the page, its assets, API answers and 404s', async () => {
    for (const url of ['/', ASSET, '/api/v1/public/config', '/api/v1/no-such-thing']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers, url).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});
