// A kiosk's fire alarm (issue 15 item 7): with its fire-alarm setting on, the kiosk's call starts a
// session over its area named after it (origin kiosk), the roll being the people on site there; a
// second alarm answers the running session; with the setting off it is refused; only a registered
// kiosk's device token is heard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FireAlarmResult, SessionDetail } from '@app/shared/emergency/schemas';
import { evacuationMailsSent } from '../src/modules/emergency/evacuation-mails';
import { auditOf, emergencyWorld, pairAlarmKiosk, type EmergencyWorld } from './helpers/emergency-sessions-world';
import { TestClient } from './helpers/http-client';
import { mailsTo } from './helpers/mail';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let w: EmergencyWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await emergencyWorld(ctx.app, ctx.db.db);
}, 180_000);
afterAll(async () => {
  await evacuationMailsSent(ctx.app);
  await ctx.close();
});

describe('the kiosk fire alarm', () => {
  it('is refused while the kiosk’s fire alarm is off, then starts a session over its area, once', async () => {
    const kiosk = await pairAlarmKiosk(ctx.app, w, w.areas.warehouse, 'Warehouse door');
    const inside = await w.onSite('Wanda', w.areas.warehouse);
    const elsewhere = await w.onSite('Rita', w.areas.reception);

    const off = await kiosk.alarm();
    expect(off.statusCode, off.body).toBe(422);
    expect(off.json()).toMatchObject({
      code: 'rule_violation',
      fields: { fire_alarm: [expect.stringContaining('fire alarm')] },
    });
    expect((await w.warden.get('/emergency/sessions/active')).json<{ data: unknown[] }>().data).toEqual([]);

    await kiosk.setFireAlarm(true);
    const first = await kiosk.alarm();
    expect(first.statusCode, first.body).toBe(201);
    const started = first.json<FireAlarmResult>();
    expect(started).toMatchObject({ started: true, session_name: 'Fire alarm: Warehouse door' });

    const detail = (await w.warden.get(`/emergency/sessions/${started.session_id}`)).json<SessionDetail>();
    expect(detail.session).toMatchObject({
      name: 'Fire alarm: Warehouse door',
      origin: 'kiosk',
      kiosk: { id: kiosk.id, name: 'Warehouse door' },
      is_drill: false,
      started_by: null,
      status: 'active',
      areas: [{ id: w.areas.warehouse, name: 'Warehouse', site_id: w.sites.hq }],
    });
    expect(detail.roll.map((e) => e.person_id)).toEqual([inside.person.id]);
    const audit = await auditOf(ctx.db.db, w.entity.id, started.session_id);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'emergency.session_start', actor_kind: 'kiosk', actor_user_id: null }),
    ]);
    await evacuationMailsSent(ctx.app);
    expect(await mailsTo(ctx.db.db, inside.person.email!)).toHaveLength(1);
    expect(await mailsTo(ctx.db.db, elsewhere.person.email!)).toHaveLength(0);

    // The alarm keeps ringing: the running session is the answer, nothing new starts.
    const again = await kiosk.alarm();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<FireAlarmResult>()).toEqual({ ...started, started: false });
    // A second kiosk of the same area too.
    const other = await pairAlarmKiosk(ctx.app, w, w.areas.warehouse, 'Warehouse back');
    await other.setFireAlarm(true);
    const second = await other.alarm();
    expect(second.statusCode).toBe(200);
    expect(second.json<FireAlarmResult>().session_id).toBe(started.session_id);
    expect((await w.warden.get('/emergency/sessions/active')).json<{ data: unknown[] }>().data).toHaveLength(1);
    // A session started from the dashboard over the area also answers the alarm.
    const end = await w.warden.post(`/emergency/sessions/${started.session_id}/end`);
    expect(end.statusCode, end.body).toBe(200);
    const manual = await w.start({ name: 'Manual', area_ids: [w.areas.warehouse, w.areas.reception] });
    const third = await kiosk.alarm();
    expect(third.statusCode).toBe(200);
    expect(third.json<FireAlarmResult>()).toEqual({
      session_id: manual.session.id,
      session_name: 'Manual',
      started: false,
    });
  });

  it('names the session in the kiosk’s language', async () => {
    const kiosk = await pairAlarmKiosk(ctx.app, w, w.areas.lobby, 'Lobby');
    await kiosk.setFireAlarm(true);
    const res = await kiosk.alarm({ 'x-lang': 'es' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<FireAlarmResult>().session_name).toBe('Alarma de incendio: Lobby');
  });

  it('hears only a registered kiosk’s device token', async () => {
    const stranger = new TestClient(ctx.app);
    expect((await stranger.post('/kiosk-device/fire-alarm', {})).statusCode).toBe(401);
    const wrong = await stranger.post('/kiosk-device/fire-alarm', {}, { authorization: 'Bearer not-a-token' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ fields: { authorization: [expect.any(String)] } });
    // A member's session is not a kiosk.
    expect((await w.warden.post('/kiosk-device/fire-alarm', {})).statusCode).toBe(401);
  });
});
