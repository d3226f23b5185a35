import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, isPrivateAddress, isPrivateHost, postOutbound } from './outbound-http';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, shared, reserved and mapped forms of them', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '[::1]',
      'not an address',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
  });
  it('lets public addresses through', () => {
    for (const ip of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });
  it('refuses localhost names and literal private hosts before any look-up', () => {
    expect(isPrivateHost('http://localhost:8080/x')).toBe(true);
    expect(isPrivateHost('https://api.localhost/x')).toBe(true);
    expect(isPrivateHost('http://[::1]/')).toBe(true);
    expect(isPrivateHost('http://169.254.169.254/latest/meta-data')).toBe(true);
    expect(isPrivateHost('https://hooks.example.com/x')).toBe(false);
  });
});

describe('postOutbound', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url === '/slow') return; // never answers
        if (req.url === '/moved') {
          res.writeHead(302, { location: 'http://127.0.0.1:1/' });
          return res.end();
        }
        res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'text/plain' });
        res.end(`got ${body} ${'x'.repeat(5000)}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());
  // Generous for what must answer (a loaded CI machine), short only where the wait is the point.
  const opts = { timeoutMs: 10_000, keepChars: 20, allowPrivate: true };

  it('posts the body and keeps the start of the answer', async () => {
    const answer = await postOutbound(`${base}/ok`, 'hello', {}, opts);
    expect(answer).toMatchObject({ ok: true, status: 200, body: 'got hello xxxxxxxxxx' });
  });
  it('answers a failing status, a redirect not followed, and a timeout', async () => {
    expect(await postOutbound(`${base}/fail`, '', {}, opts)).toMatchObject({ ok: false, status: 500, error: null });
    expect(await postOutbound(`${base}/moved`, '', {}, opts)).toMatchObject({
      ok: false,
      status: 302,
      error: 'redirect',
    });
    expect(await postOutbound(`${base}/slow`, '', {}, { ...opts, timeoutMs: 200 })).toMatchObject({
      ok: false,
      status: null,
      error: 'timeout',
    });
  });
  it('refuses a private address unless the installation allows it, literal or by name', async () => {
    const guarded = { ...opts, allowPrivate: false };
    expect(await postOutbound(`${base}/ok`, '', {}, guarded)).toMatchObject({ error: 'blocked_address' });
  });
  it('refuses, at connection time, a name that resolves to a private address', async () => {
    const looked = await new Promise<{ err: unknown; address: unknown }>((resolve) =>
      guardedLookup('localhost', {}, (err, address) => resolve({ err, address })),
    );
    expect((looked.err as { code?: string } | null)?.code).toBe('EBLOCKED');
  });
  it('says a refused connection', async () => {
    expect(await postOutbound('http://127.0.0.1:1/', '', {}, opts)).toMatchObject({ error: 'connection_failed' });
  });
});
