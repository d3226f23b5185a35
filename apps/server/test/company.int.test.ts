import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, entities } from '../src/db/schema/index';
import { sha256 } from '../src/lib/tokens';
import { createTestApp, type TestContext } from './helpers/test-app';
import { signIn, TestClient } from './helpers/http-client';
import { makePng, readImage } from './helpers/images';
import { createCompany, PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function adminOf() {
  const company = await createCompany(ctx.db.db);
  const { client } = await signIn(ctx.app, company.people.admin.email, PASSWORD);
  return { ...company, client };
}

const auditRows = (entityId: string, action: string) =>
  ctx.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

describe('company details', () => {
  it('shows and changes name and subdomain, writing an audit row', async () => {
    const { client, entity } = await adminOf();
    const details = (await client.get('/company')).json();
    expect(details).toMatchObject({
      id: entity.id,
      package: 'Cloud',
      plan: 3,
      subscription: 'cloud',
      has_client_token: false,
    });
    expect(details.roles.map((r: { name: string }) => r.name)).toContain('Fire warden');
    const subdomain = `new-${entity.id.slice(-8)}`;
    const res = await client.put('/company', { name: 'Renamed Ltd', subdomain: subdomain.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed Ltd', subdomain });
    const [row] = await auditRows(entity.id, 'company.update');
    expect(row).toMatchObject({ targetId: entity.id, after: { name: 'Renamed Ltd', subdomain } });
    expect(row!.actorUserId).not.toBeNull();
  });

  it('keeps subdomains unique, checked live and on save', async () => {
    const a = await adminOf();
    const b = await createCompany(ctx.db.db);
    const live = await a.client.get(`/company/subdomain-availability?subdomain=${b.entity.subdomain}`);
    expect(live.json()).toEqual({ available: false, reason: 'subdomain_taken' });
    expect(
      (await a.client.get(`/company/subdomain-availability?subdomain=${a.entity.subdomain}`)).json().available,
    ).toBe(true);
    expect((await a.client.get('/company/subdomain-availability?subdomain=www')).json().reason).toBe(
      'subdomain_reserved',
    );
    expect((await a.client.get('/company/subdomain-availability?subdomain=no_underscores')).json().available).toBe(
      false,
    );
    const save = await a.client.put('/company', { name: 'Whatever', subdomain: b.entity.subdomain });
    expect(save.statusCode).toBe(409);
    expect(save.json().fields.subdomain[0]).toBe('This subdomain is already taken.');
  });

  it("sets the company's time zone, which the dashboard's today follows, and refuses an unknown one", async () => {
    const { client, entity } = await adminOf();
    const subdomain = entity.subdomain!;
    expect((await client.get('/company')).json().timezone).toBe('UTC');
    const res = await client.put('/company', { name: 'Clocked Ltd', subdomain, timezone: 'Pacific/Kiritimati' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().timezone).toBe('Pacific/Kiritimati');
    const dashboard = (await client.get('/dashboard')).json<{ date: string; timezone: string }>();
    expect(dashboard.timezone).toBe('Pacific/Kiritimati');
    // Kiritimati runs 14 hours ahead of UTC: its date is the one at UTC+14 now.
    expect(dashboard.date).toBe(new Date(Date.now() + 14 * 3600_000).toISOString().slice(0, 10));
    const [row] = await auditRows(entity.id, 'company.update');
    expect(row).toMatchObject({ before: { timezone: 'UTC' }, after: { timezone: 'Pacific/Kiritimati' } });

    // Leaving it out keeps it; a name the runtime does not know is refused with the field named.
    expect((await client.put('/company', { name: 'Clocked Ltd', subdomain })).json().timezone).toBe(
      'Pacific/Kiritimati',
    );
    const bad = await client.put('/company', { name: 'Clocked Ltd', subdomain, timezone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.timezone).toEqual(['Choose a time zone from the list.']);
    expect((await client.get('/company')).json().timezone).toBe('Pacific/Kiritimati');
  });

  it('names the field in the caller’s language when input is bad', async () => {
    const { client } = await adminOf();
    client.lang = 'ar';
    const res = await client.put('/company', { name: 'A', subdomain: '-bad-' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.name[0]).toContain('الاسم');
    expect(res.json().fields.subdomain).toBeDefined();
  });
});

describe('logo', () => {
  it('accepts a PNG of at least 200×45 and serves it publicly', async () => {
    const { client, entity } = await adminOf();
    const png = makePng(200, 45);
    const res = await client.upload('PUT', '/company/logo', 'file', png, 'logo.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const logo = res.json().logo as string;
    expect(logo).toMatch(new RegExp(`^/api/v1/public/entities/${entity.id}/logo\\.png\\?v=`));
    const served = await ctx.app.inject({ url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `inline; filename="logo.png"; filename*=UTF-8''logo.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      // Shown on the passport's origin too (its invitations list).
      'cross-origin-resource-policy': 'cross-origin',
    });
    // What is served is our own encoding of the upload, not the upload.
    expect(served.rawPayload.equals(png)).toBe(false);
    expect(await readImage(served.rawPayload)).toEqual({ format: 'png', width: 200, height: 45, hasMetadata: false });
    expect((await client.delete('/company/logo')).json().logo).toBeNull();
    expect((await ctx.app.inject({ url: logo })).statusCode).toBe(404);
  });

  it('checks the image by content, size and dimensions, naming the field', async () => {
    const { client } = await adminOf();
    const small = await client.upload('PUT', '/company/logo', 'file', makePng(199, 45), 'logo.png', 'image/png');
    expect(small.statusCode).toBe(422);
    expect(small.json().fields.logo[0]).toBe('The image must be at least 200×45 pixels.');
    const fake = await client.upload(
      'PUT',
      '/company/logo',
      'file',
      Buffer.from('<svg onload=alert(1)>'),
      'logo.png',
      'image/png',
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json().code).toBe('invalid_image');
    const big = await client.upload(
      'PUT',
      '/company/logo',
      'file',
      makePng(400, 100, { padTo: 2 * 1024 * 1024 + 10 }),
      'logo.png',
      'image/png',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().fields.logo[0]).toContain('2 MB');
    const none = await client.put('/company/logo', {});
    expect(none.statusCode).toBe(400);
  });
});

describe('API client token', () => {
  it('is shown once, stored hashed, authenticates API calls as the company, and stops on delete', async () => {
    const { client, entity } = await adminOf();
    const created = await client.post('/company/client-token');
    expect(created.statusCode).toBe(200);
    const { token, hint } = created.json();
    expect(token).toMatch(/^ct_/);
    expect(token.endsWith(hint)).toBe(true);
    const [row] = await ctx.db.db.select().from(entities).where(eq(entities.id, entity.id));
    expect(row!.clientTokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await client.get('/company')).json()).toMatchObject({ has_client_token: true, client_token_hint: hint });
    expect((await client.get('/company')).body).not.toContain(token);

    const api = new TestClient(ctx.app);
    api.bearer = token;
    const people = await api.get('/people?limit=100');
    expect(people.statusCode).toBe(200);
    expect(people.json().count).toBeGreaterThan(0);
    // The token exchanges data; it cannot manage the company, itself, or act as a person (decision 017).
    expect((await api.get('/company')).statusCode).toBe(403);
    expect((await api.post('/company/client-token')).statusCode).toBe(403);
    expect((await api.get('/auth/me')).statusCode).toBe(403);
    expect((await api.put('/me/lang', { lang: 'ar' })).statusCode).toBe(403);

    expect((await client.delete('/company/client-token')).statusCode).toBe(204);
    expect((await api.get('/people')).statusCode).toBe(401);
    expect(await auditRows(entity.id, 'company.client_token.generate')).toHaveLength(1);
    expect(await auditRows(entity.id, 'company.client_token.delete')).toHaveLength(1);
  });

  it('refuses an unknown token', async () => {
    const api = new TestClient(ctx.app);
    api.bearer = 'ct_not-a-real-token';
    expect((await api.get('/company')).statusCode).toBe(401);
  });
});
