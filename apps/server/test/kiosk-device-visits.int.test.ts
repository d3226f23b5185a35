// A kiosk signs people in and out at its own area with its device token, as its sign in/out mode
// allows (spec §4: sign in only, sign out only, both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { auditLog } from '../src/db/schema/index';
import { TestClient } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { newId } from '../src/lib/ids';
import { readVisit, visitsWorld, type VisitBody, type VisitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');

/** Pairs a kiosk into an area the way a tablet does; answers its id and device token. */
async function pairKiosk(w: VisitsWorld, areaId: string) {
  const device = new TestClient(ctx.app);
  const code = await device.post('/public/kiosk-pairings', { mac_address: randomMac(), app_version: '3.1.0' });
  expect(code.statusCode, code.body).toBe(201);
  const { code: shown, secret } = code.json<{ code: string; secret: string }>();
  const added = await w.admin.post('/kiosks', { code: shown, name: `Kiosk ${shown}`, area_id: areaId });
  expect(added.statusCode, added.body).toBe(201);
  const status = await device.get('/public/kiosk-pairings/status', { 'x-kiosk-pairing-secret': secret });
  return { id: added.json<{ id: string }>().id, token: status.json<{ device_token: string }>().device_token };
}

const asKiosk = (token: string | null) => {
  const device = new TestClient(ctx.app);
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  return {
    signIn: (body: Record<string, unknown>) => device.post('/kiosk-device/sign-in', body, headers),
    signOut: (body: Record<string, unknown>) => device.post('/kiosk-device/sign-out', body, headers),
  };
};

const setMode = async (w: VisitsWorld, kioskId: string, sign_mode: string) => {
  const res = await w.admin.put(`/kiosks/${kioskId}/settings`, { sign_mode });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ settings: { sign_mode: string } }>().settings.sign_mode).toBe(sign_mode);
};

describe('kiosk sign in/out modes', () => {
  it('signs in and out at the kiosk’s own area while set to both, recorded as the kiosk', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w, w.areas.warehouse);
    const ada = await w.person('Ada');
    const device = asKiosk(kiosk.token);
    // A new kiosk allows both.
    expect((await w.admin.get(`/kiosks/${kiosk.id}`)).json().settings.sign_mode).toBe('sign_in_sign_out');

    const arrived = await device.signIn({ people: [{ person_id: ada.id }] });
    expect(arrived.statusCode, arrived.body).toBe(201);
    const visit = arrived.json<{ data: VisitBody[] }>().data[0]!;
    expect(visit).toMatchObject({ state: 'on_site', area: { id: w.areas.warehouse }, sign_in_source: 'kiosk' });

    const left = await device.signOut({ person_ids: [ada.id] });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json<{ data: VisitBody[] }>().data[0]).toMatchObject({
      id: visit.id,
      state: 'left',
      sign_out_source: 'kiosk',
    });

    const audit = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx
        .select({ action: auditLog.action, actorKind: auditLog.actorKind })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.entity.id), eq(auditLog.targetId, visit.id))),
    );
    expect(audit.map((a) => a.actorKind)).toEqual(['kiosk', 'kiosk']);
  });

  it('refuses sign-outs at a sign-in-only kiosk and sign-ins at a sign-out-only kiosk, naming the mode', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w, w.areas.reception);
    const ada = await w.person('Ada');
    const device = asKiosk(kiosk.token);

    await setMode(w, kiosk.id, 'sign_in_only');
    const arrived = await device.signIn({ people: [{ person_id: ada.id }] });
    expect(arrived.statusCode, arrived.body).toBe(201);
    const visitId = arrived.json<{ data: VisitBody[] }>().data[0]!.id;
    const out = await device.signOut({ person_ids: [ada.id] });
    expect(out.statusCode).toBe(422);
    expect(out.json()).toMatchObject({
      code: 'rule_violation',
      fields: { sign_mode: ['This kiosk only signs people in. Sign out at another kiosk or at the front desk.'] },
    });
    // Still on site: nothing changed.
    expect((await readVisit(ctx.db.db, w.entity, visitId))?.state).toBe('on_site');

    await setMode(w, kiosk.id, 'sign_out_only');
    const bea = await w.person('Bea');
    const refused = await device.signIn({ people: [{ person_id: bea.id }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields.sign_mode).toEqual([
      'This kiosk only signs people out. Sign in at another kiosk or at the front desk.',
    ]);
    const inArabic = await new TestClient(ctx.app).post(
      '/kiosk-device/sign-in',
      { people: [{ person_id: bea.id }] },
      { authorization: `Bearer ${kiosk.token}`, 'x-lang': 'ar' },
    );
    expect(inArabic.json().fields.sign_mode[0]).toContain('لتسجيل الخروج فقط');
    expect((await device.signOut({ person_ids: [ada.id] })).statusCode).toBe(200);
  });

  it('refuses a bad body naming the field, an unknown token, and another site’s person', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w, w.areas.lobby);
    const device = asKiosk(kiosk.token);
    const empty = await device.signIn({ people: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(['people']);
    expect((await device.signOut({})).json().fields).toHaveProperty('person_ids');
    expect((await asKiosk('not-a-token').signIn({ people: [{ person_id: newId() }] })).statusCode).toBe(401);
    expect((await asKiosk(null).signOut({ person_ids: [newId()] })).statusCode).toBe(401);

    // Another company's person is not found at this kiosk.
    const other = await visitsWorld(ctx.app, ctx.db.db);
    const stranger = await other.person('Stranger');
    const res = await device.signIn({ people: [{ person_id: stranger.id }] });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).not.toContain('Stranger');
  });
});
