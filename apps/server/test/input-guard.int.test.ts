import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../src/plugins/errors';
import { MAX_DEPTH } from '../src/plugins/input-guard';
import { signIn, TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  const { people } = await createCompany(ctx.db.db);
  admin = (await signIn(ctx.app, people.admin.email, PASSWORD)).client;
});
afterAll(() => ctx.close());

const CHARACTERS = /contains a character that is not allowed/;
/** The request as a client sends it, raw: the JSON text, not an object the test client would re-encode. */
const raw = (client: TestClient, method: 'POST' | 'PUT', url: string, payload: string, type = 'application/json') =>
  client.request(method, url, Buffer.from(payload), { 'content-type': type });

/** A body nested `levels` arrays deep, as JSON text. */
const deepJson = (levels: number) => `{"name":${'['.repeat(levels)}1${']'.repeat(levels)}}`;

function expectField(res: { statusCode: number; json: () => unknown }, field: string, message: RegExp) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { code: string; message: string; fields: Record<string, string[]> };
  expect(body.code).toBe('validation_failed');
  expect(Object.keys(body.fields)).toEqual([field]);
  expect(body.fields[field]![0]).toMatch(message);
  expect(body.message).toBe(body.fields[field]![0]);
  expect(JSON.stringify(body)).not.toMatch(/errors:|fields\.|\{\{/);
}

describe('strings no database or screen can hold', () => {
  it('refuses a NUL in a list search, naming the search field', async () => {
    for (const url of ['/people?search=%00', '/sites?search=a%00b', '/kiosks?search=%00', '/journeys?search=%00']) {
      const res = await admin.get(url);
      expectField(res, 'search', /^Search contains a character that is not allowed/);
    }
  });

  it('refuses a NUL or a lone surrogate in a body, at any depth, naming the field by its label', async () => {
    expectField(await raw(admin, 'POST', '/sites', '{"name":"a\\u0000b"}'), 'name', /^Name contains/);
    expectField(await raw(admin, 'POST', '/sites', '{"name":"a\\ud800b"}'), 'name', /^Name contains/);
    expectField(await raw(admin, 'POST', '/sites', '{"name":"\\udfff"}'), 'name', CHARACTERS);
    const grid = '{"table_head":{},"url":{"filters":{"status":["ok","x\\ud800"]}}}';
    expectField(await raw(admin, 'PUT', '/table-preferences/users', grid), 'url.filters.status.1', /^Filters contains/);
    const search = '{"table_head":{"order":["\\u0000"]},"url":{}}';
    expectField(await raw(admin, 'PUT', '/table-preferences/users', search), 'table_head.order.0', /^Column order/);
  });

  it('refuses such a character in an object key, naming the object that holds it', async () => {
    const key = '{"table_head":{},"url":{"filters":{"st\\u0000atus":"x"}}}';
    expectField(await raw(admin, 'PUT', '/table-preferences/users', key), 'url.filters', /^Filters contains/);
    expectField(await raw(admin, 'POST', '/sites', '{"\\ud800":1,"name":"Fine"}'), 'body', /^Request body contains/);
  });

  it('refuses them in the address too', async () => {
    expectField(await admin.get('/sites/%00'), 'id', /^Id contains/);
  });

  it('answers an address Fastify cannot route (bad UTF-8, an overlong parameter) with a 400 naming it', async () => {
    for (const url of ['/api/v1/sites/%ED%A0%80', `/api/v1/sites/${'a'.repeat(101)}`]) {
      const res = await ctx.app.inject({ url, headers: { 'x-lang': 'es' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields.params[0], url).toMatch(/no es válid/);
    }
  });

  it('keeps real characters of every script, emoji included', async () => {
    const res = await admin.post('/sites', { name: 'Zoë 😀 مرحبا' });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Zoë 😀 مرحبا');
  });

  it('guards the public routes as well', async () => {
    const anon = new TestClient(ctx.app);
    const res = await raw(anon, 'POST', '/public/kiosk-pairings', '{"mac_address":"aa:bb:cc:dd:ee:\\u0000"}');
    expectField(res, 'mac_address', /^MAC address contains/);
  });

  it('speaks the caller’s language', async () => {
    const client = (await signIn(ctx.app, (await createCompany(ctx.db.db)).people.admin.email, PASSWORD)).client;
    client.lang = 'ar';
    const ar = await client.get('/people?search=%00');
    expect(ar.json().fields.search[0]).toMatch(/[\u0600-\u06ff]/);
    client.lang = 'es';
    const es = await client.get('/people?search=%00');
    expect(es.json().fields.search[0]).toMatch(/^Buscar|carácter/);
    for (const res of [ar, es]) expect(res.body).not.toMatch(/errors:|fields\.|\{\{/);
  });
});

describe('nesting', () => {
  it(`refuses more than ${MAX_DEPTH} levels, naming the field, and never overflows on a very deep body`, async () => {
    expect((await raw(admin, 'POST', '/sites', deepJson(MAX_DEPTH - 1))).statusCode).toBe(400);
    expectField(await raw(admin, 'POST', '/sites', deepJson(MAX_DEPTH)), 'name', /^Name is nested too deeply/);
    // Half a megabyte of brackets: deeper than any recursive walk survives.
    expectField(await raw(admin, 'POST', '/sites', deepJson(250_000)), 'name', /nested too deeply/);
    expectField(await raw(admin, 'POST', '/sites', `${'['.repeat(50)}${']'.repeat(50)}`), 'body', /nested/);
  });
});

describe('the access check comes first', () => {
  it('answers 401 to a caller who is not signed in, and 403 to one without the permission, before any guard', async () => {
    const anon = new TestClient(ctx.app);
    expect((await raw(anon, 'POST', '/sites', '{"name":"a\\u0000b"}')).statusCode).toBe(401);
    expect((await anon.get('/people?search=%00')).statusCode).toBe(401);
    const { people } = await createCompany(ctx.db.db);
    const { client: warden } = await signIn(ctx.app, people.fire_warden.email, PASSWORD);
    expect((await raw(warden, 'POST', '/sites', deepJson(MAX_DEPTH + 5))).statusCode).toBe(403);
  });
});

describe('what Fastify refuses before our code', () => {
  it('names the body, with a translated sentence, for malformed JSON, reserved keys, no body and a wrong type', async () => {
    expectField(await raw(admin, 'POST', '/sites', '{"name":'), 'body', /^Request body is not valid JSON/);
    expectField(await raw(admin, 'POST', '/sites', '{"__proto__":{"admin":true}}'), 'body', /not valid JSON/);
    const constructor = '{"name":"Ok","constructor":{"prototype":{"admin":true}}}';
    expectField(await raw(admin, 'POST', '/sites', constructor), 'body', /not valid JSON/);
    expectField(await raw(admin, 'POST', '/sites', ''), 'body', /^Request body is required/);
    expectField(await raw(admin, 'POST', '/sites', '<site/>', 'application/xml'), 'body', /must be sent as JSON/);
    expectField(await raw(admin, 'POST', '/sites', 'name=x', 'text/plain'), 'body', /^Request body has the wrong type/);
    expectField(await raw(admin, 'POST', '/sites', '[]'), 'body', /^Request body has the wrong type/);
  });

  it('names the body of a request over the size limit', async () => {
    const res = await raw(admin, 'POST', '/sites', JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.body[0]).toBe('Request body must be at most 1 MB.');
  });
});

describe('the last line of defence', () => {
  it('answers a value the database refuses (a data exception) with a 400, logged as a warning with its route', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const probe = Fastify({ logger: { level: 'warn', stream } });
    probe.decorateRequest('lang', 'en');
    await probe.register(errorsPlugin);
    probe.get('/api/v1/probe', async () => ctx.db.db.execute(sql`select ${'not a number'}::int as n`));
    const res = await probe.inject({ method: 'GET', url: '/api/v1/probe' });
    await probe.close();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: 'Some fields are not valid.' });
    const warning = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l.sqlState);
    expect(warning).toMatchObject({ level: 40, sqlState: '22P02', route: 'GET /api/v1/probe' });
  });
});

describe('an emptied number field', () => {
  it('is required, not of the wrong type; a word in it is of the wrong type', async () => {
    const body = (grace: unknown) => ({
      name: 'Guests',
      registration_method: 'registration_allowed',
      grace_period_minutes: grace,
    });
    expectField(
      await admin.post('/user-types', body('')),
      'grace_period_minutes',
      /^Visit grace period is required\.$/,
    );
    expectField(
      await admin.post('/user-types', body(null)),
      'grace_period_minutes',
      /^Visit grace period is required\.$/,
    );
    expectField(
      await admin.post('/user-types', body('soon')),
      'grace_period_minutes',
      /^Visit grace period has the wrong type\.$/,
    );
  });
});
