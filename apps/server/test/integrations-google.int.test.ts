// Google Workspace through its local fake (decision 048): the consent round trip (no token in an
// address), a consent used once, the groups and a first sync, the token refreshed when older than 24
// hours, and a revoked grant failing the run as authentication failed (spec code 10, Google's words).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Integration, IntegrationRun } from '@app/shared/integrations/schemas';
import { rowsOf, withTenant } from '../src/db/client';
import { integrationRunsEnded } from '../src/modules/integrations/integration-runs';
import {
  GOOGLE_FAKE_CLIENT,
  startGoogleDirectoryFake,
  type GoogleFakeControl,
} from '../src/modules/integrations/fakes/google-directory-fake';
import type { FakeServer } from '../src/modules/integrations/fakes/fake-server';
import { peopleWorld, type PeopleWorld } from './helpers/people-world';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let w: PeopleWorld;
let fake: { server: FakeServer; control: GoogleFakeControl };

beforeAll(async () => {
  fake = await startGoogleDirectoryFake({ demo: true });
  ctx = await createTestApp({
    GOOGLE_AUTH_URL: fake.server.url,
    GOOGLE_TOKEN_URL: fake.server.url,
    GOOGLE_API_URL: fake.server.url,
    GOOGLE_CLIENT_ID: GOOGLE_FAKE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE_CLIENT.clientSecret,
  });
  w = await peopleWorld(ctx.app, ctx.db.db);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.server.close();
});

/** The admin's browser through Google's consent: answers where the dashboard sends it back. */
async function consent(integrationId?: string, choice: 'allow' | 'deny' = 'allow') {
  const start = await w.admin.post(
    '/integrations/google/authorize',
    integrationId ? { integration_id: integrationId } : {},
  );
  expect(start.statusCode, start.body).toBe(200);
  const page = await fetch(start.json<{ url: string }>().url);
  const html = await page.text();
  const href = new RegExp(`id="${choice}" href="([^"]+)"`).exec(html)![1]!.replaceAll('&amp;', '&');
  // The consent page sends the browser to our callback; its path and query come back to the app.
  const back = new URL(href, fake.server.url);
  expect(back.pathname).toBe('/api/v1/integrations/google/callback');
  const callback = await w.admin.get(`${back.pathname}${back.search}`);
  expect(callback.statusCode, callback.body).toBe(303);
  return callback.headers.location as string;
}

describe('a Google Workspace integration', () => {
  let integration: Integration;

  it('connects through the consent page; the address carries an opaque id, never a token', async () => {
    expect(await consent(undefined, 'deny')).toBe('/integration?google=denied');
    const location = await consent();
    const [, , , authorizationId, target, account] = location.split('/');
    expect(target).toBe('new');
    expect(decodeURIComponent(account!)).toBe(fake.control.adminEmail);
    expect(location).not.toMatch(/ya29|token/i);
    const auth = await w.admin.get(`/integrations/google/authorizations/${authorizationId}`);
    expect(auth.json()).toMatchObject({ ready: true, account: fake.control.adminEmail, integration_id: null });

    const res = await w.admin.post('/integrations', {
      name: 'Workspace',
      dir_code: 'googleAD',
      authorization_id: authorizationId,
    });
    expect(res.statusCode, res.body).toBe(201);
    integration = res.json<{ integration: Integration }>().integration;
    expect(integration).toMatchObject({
      account: fake.control.adminEmail,
      secrets_set: expect.arrayContaining(['refresh_token']),
    });
    expect(res.body).not.toMatch(/refresh_token"\s*:\s*"/);
    // Used once.
    const again = await w.admin.post('/integrations', {
      name: 'Workspace 2',
      dir_code: 'googleAD',
      authorization_id: authorizationId,
    });
    expect(again.statusCode).toBe(422);
  });

  it('maps a group and reads its members, refreshing a token older than 24 hours', async () => {
    const options = await w.admin.get(`/integrations/${integration.id}/directory-options`);
    expect(options.statusCode, options.body).toBe(200);
    const groups = options.json<{ groups: { id: string; name: string }[] }>().groups;
    expect(groups.length).toBeGreaterThan(1);
    const group = groups[0]!;
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.execute(
        sql`update integrations set token_refreshed_at = now() - interval '25 hours' where id = ${integration.id}`,
      ),
    );
    const saved = await w.admin.put(`/integrations/${integration.id}/settings`, {
      site_ids: [w.sites.hq],
      groups: [{ id: group.id, name: group.name, user_type_id: w.types.staff }],
      fields: ['email', 'phone', 'id_number', 'department'],
      sync_frequency: 'immediately',
      sync: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await integrationRunsEnded(ctx.app);
    const run = (
      await w.admin.get(`/integrations/${integration.id}/runs/${saved.json<{ run_id: string }>().run_id}`)
    ).json<IntegrationRun>();
    expect(run.sync_status.id, JSON.stringify(run)).toBe(3);
    expect(run.read).toBe(fake.control.usersOf(group.id).length);
    const [row] = rowsOf<{ hours: number }>(
      await withTenant(ctx.db.db, w.entity.id, (tx) =>
        tx.execute(
          sql`select extract(epoch from now() - token_refreshed_at) / 3600 as hours from integrations where id = ${integration.id}`,
        ),
      ),
    );
    expect(Number(row!.hours)).toBeLessThan(1);
  });

  it('fails a run as authentication failed when the grant is revoked, and re-authenticates through a new consent', async () => {
    fake.control.revokeRefreshTokens();
    await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.execute(
        sql`update integrations set token_refreshed_at = now() - interval '25 hours' where id = ${integration.id}`,
      ),
    );
    const started = await w.admin.post(`/integrations/${integration.id}/runs`, {});
    await integrationRunsEnded(ctx.app);
    const run = (
      await w.admin.get(`/integrations/${integration.id}/runs/${started.json<{ run_id: string }>().run_id}`)
    ).json<IntegrationRun>();
    // Spec code 10: authentication failed, in the directory's own words.
    expect(run.sync_status.id).toBe(10);
    expect(run.message).toMatch(/expired or revoked/);
    expect((await w.admin.get(`/integrations/${integration.id}`)).json<Integration>().status).toBe(
      'authentication_failed',
    );

    const location = await consent(integration.id);
    const [, , , authorizationId, target] = location.split('/');
    expect(target).toBe(integration.id);
    const reauth = await w.admin.post(`/integrations/${integration.id}/reauth`, { authorization_id: authorizationId });
    expect(reauth.statusCode, reauth.body).toBe(200);
    expect(reauth.json<Integration>().status).toBe('draft');
  });
});
