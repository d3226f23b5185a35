// A company for the emergency-session tests: the visits world (HQ with Reception, Warehouse and the
// check-in-only Dock; Branch with Lobby), its fire warden signed in, people signed in at places, and a
// kiosk paired into an area with its fire-alarm setting.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SessionDetail } from '@app/shared/emergency/schemas';
import type { App } from '../../src/app';
import { rowsOf, withTenant, type Executor } from '../../src/db/client';
import { signIn, TestClient } from './http-client';
import { visitsWorld, type VisitsWorld } from './visits-factories';
import { PASSWORD } from './world';

export async function emergencyWorld(app: App, db: Executor) {
  const w = await visitsWorld(app, db);
  const { client: warden } = await signIn(app, w.people.fire_warden.email, PASSWORD);
  /** A person signed in at an area now; answers the person and the visit. */
  const onSite = async (
    firstName: string,
    areaId: string,
    siteId: string = w.sites.hq,
    extra: Record<string, unknown> = {},
  ) => {
    const person = await w.person(firstName, w.types.visitors, siteId, extra);
    const visit = await w.signInOne(person.id, areaId);
    return { person, visit };
  };
  /** Starts a session as the fire warden (or `client`), expecting 201. */
  const start = async (body: Record<string, unknown>, client: TestClient = warden) => {
    const res = await client.post('/emergency/sessions', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SessionDetail>();
  };
  return { ...w, warden, onSite, start };
}

export type EmergencyWorld = Awaited<ReturnType<typeof emergencyWorld>>;

const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');

/** A kiosk paired into an area as a tablet is; `alarm` raises its fire alarm with its device token. */
export async function pairAlarmKiosk(app: App, w: VisitsWorld, areaId: string, name: string) {
  const device = new TestClient(app);
  const code = await device.post('/public/kiosk-pairings', { mac_address: randomMac(), app_version: '3.1.0' });
  expect(code.statusCode, code.body).toBe(201);
  const { code: shown, secret } = code.json<{ code: string; secret: string }>();
  const added = await w.admin.post('/kiosks', { code: shown, name, area_id: areaId });
  expect(added.statusCode, added.body).toBe(201);
  const kioskId = added.json<{ id: string }>().id;
  const status = await device.get('/public/kiosk-pairings/status', { 'x-kiosk-pairing-secret': secret });
  const token = status.json<{ device_token: string }>().device_token;
  return {
    id: kioskId,
    token,
    alarm: (headers: Record<string, string> = {}) =>
      device.post('/kiosk-device/fire-alarm', {}, { authorization: `Bearer ${token}`, ...headers }),
    setFireAlarm: async (on: boolean) => {
      const res = await w.admin.put(`/kiosks/${kioskId}/settings`, { fire_alarm: on });
      expect(res.statusCode, res.body).toBe(200);
    },
  };
}

/** The audit rows of a session. */
export async function auditOf(db: Executor, entityId: string, sessionId: string) {
  return withTenant(db, entityId, async (tx) =>
    rowsOf<{ action: string; actor_kind: string; actor_user_id: string | null; after: Record<string, unknown> | null }>(
      await tx.execute(sql`
        select action, actor_kind, actor_user_id, after from audit_log
         where entity_id = ${entityId} and target_id = ${sessionId} order by created_at, id`),
    ),
  );
}

/** The stored roll of a session (every entry, whoever reads it). */
export async function storedRoll(db: Executor, entityId: string, sessionId: string) {
  return withTenant(db, entityId, async (tx) =>
    rowsOf<{
      id: string;
      person_id: string | null;
      visit_id: string | null;
      full_name: string;
      email: string | null;
      status: string;
      source: string;
      safe_token_hash: string | null;
      marked_at: string;
    }>(
      await tx.execute(sql`
        select id, person_id, visit_id, full_name, email, status, source, safe_token_hash, marked_at::text as marked_at
          from emergency_roll where entity_id = ${entityId} and session_id = ${sessionId} order by full_name`),
    ),
  );
}
