// Remote actions on a kiosk (spec §7 "Kiosks", §4 "Kiosk request status", decision 044): the admin asks,
// the request goes to the kiosk's connection, the kiosk acknowledges it and moves it on over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../src/db/client';
import { kioskEvents, kiosks } from '../src/db/schema/index';
import { sweepOverdueKioskRequests } from '../src/modules/kiosks/kiosks.jobs';
import { TestClient } from './helpers/http-client';
import { openKioskSocket, pairKiosk as pairKioskAt, until } from './helpers/kiosk-pairing';
import { makePng } from './helpers/images';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld, type VisitsWorld } from './helpers/visits-factories';

/** A kiosk hands over a picture of its screen (PNG) or its data (JSON) for one of its requests. */
const handOver = (kiosk: { device: TestClient }, id: string, what: 'screen' | 'data', content: Buffer) =>
  kiosk.device.upload(
    'PUT',
    `/kiosk-device/requests/${id}/${what}`,
    'file',
    content,
    what === 'screen' ? 's.png' : 'd.json',
    what === 'screen' ? 'image/png' : 'application/json',
  );

let ctx: TestContext;
let kioskDist: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  kioskDist = mkdtempSync(path.join(os.tmpdir(), 'fd-kiosk-dist-'));
  ctx = await createTestApp({ KIOSK_DIST: kioskDist });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
  rmSync(kioskDist, { recursive: true, force: true });
});

type Req = {
  id: string;
  status: string;
  action: string;
  error: string | null;
  error_code: string | null;
  history: { status: string }[];
  params: Record<string, unknown>;
  has_screen: boolean;
  has_data: boolean;
  watching: boolean;
  requested_by: { name: string };
};

const pairKiosk = (w: VisitsWorld, areaId = w.areas.reception) => pairKioskAt(ctx.app, w.admin, areaId);

type Heard = { event: string; payload: unknown };

/** A kiosk's connection: acknowledges each request with `answer`, and keeps what it heard. */
async function connectKiosk(token: string, answer: { ok: boolean } | null = { ok: true }) {
  const socket = await openKioskSocket(ctx.app, token);
  sockets.push(socket);
  const heard: Heard[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  socket.on('request', (_payload: unknown, ack: (a: { ok: boolean }) => void) => {
    if (answer) ack(answer);
  });
  return { socket, heard };
}

const ask = async (w: VisitsWorld, kioskId: string, body: Record<string, unknown>) => {
  const res = await w.admin.post(`/kiosks/${kioskId}/requests`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Req>();
};

const progress = (device: TestClient, id: string, body: Record<string, unknown>) =>
  device.post(`/kiosk-device/requests/${id}/progress`, body);

const statuses = (r: Req) => r.history.map((h) => h.status);
const fields = (res: { json: <T>() => T }) => res.json<{ fields: Record<string, string[]> }>().fields;

async function remoteActionLog(w: VisitsWorld, kioskId: string) {
  const rows = await withTenant(ctx.db.db, w.entity.id, (tx) =>
    tx
      .select({ kind: kioskEvents.kind, detail: kioskEvents.detail })
      .from(kioskEvents)
      .where(and(eq(kioskEvents.entityId, w.entity.id), eq(kioskEvents.kioskId, kioskId))),
  );
  return rows.filter((r) => r.kind === 'remote_action').map((r) => (r.detail as { status: string }).status);
}

describe('remote requests to a kiosk', () => {
  it('fails at once with “Cannot find the kiosk’s connection.” when the kiosk is not connected', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    const r = await ask(w, kiosk.id, { action: 'restart_app' });
    expect(r).toMatchObject({ status: 'failed', error_code: 'kiosk_not_connected' });
    expect(r.error).toBe("Cannot find the kiosk's connection.");
    expect(statuses(r)).toEqual(['placed', 'pending', 'failed']);
    expect(r.requested_by.name).not.toBe('');
    // The kiosk logs keep the asking and the end.
    expect(await remoteActionLog(w, kiosk.id)).toEqual(['placed', 'failed']);
    // In the reader's language.
    w.admin.lang = 'es';
    expect((await w.admin.get(`/kiosks/requests/${r.id}`)).json<Req>().error).toBe(
      'No se encuentra la conexión del quiosco.',
    );
    w.admin.lang = undefined;
  });

  it('is delivered when the kiosk acknowledges it, then runs and succeeds as the kiosk reports; a finished one cannot be moved', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    const { heard } = await connectKiosk(kiosk.token);
    const r = await ask(w, kiosk.id, { action: 'push_restart' });
    expect(r.status).toBe('delivered');
    expect(statuses(r)).toEqual(['placed', 'pending', 'delivered']);
    expect(heard.find((h) => h.event === 'request')?.payload).toMatchObject({ id: r.id, action: 'push_restart' });

    // After a restart the kiosk picks up what it was doing.
    const open = await kiosk.device.get('/kiosk-device/requests');
    expect(open.json<{ data: { id: string }[] }>().data.map((d) => d.id)).toEqual([r.id]);

    expect((await progress(kiosk.device, r.id, { status: 'running' })).json()).toMatchObject({ status: 'running' });
    const done = await progress(kiosk.device, r.id, { status: 'succeeded', detail: 'Back after 8 s' });
    expect(done.statusCode, done.body).toBe(200);
    const seen = (await w.admin.get(`/kiosks/requests/${r.id}`)).json<Req>();
    expect(seen).toMatchObject({ status: 'succeeded', error: null });
    expect(statuses(seen)).toEqual(['placed', 'pending', 'delivered', 'running', 'succeeded']);

    const again = await progress(kiosk.device, r.id, { status: 'failed', reason: 'restart_failed' });
    expect(again.statusCode).toBe(422);
    expect(fields(again).id).toEqual(['Cannot find the running request.']);
    const cancel = await w.admin.post(`/kiosks/requests/${r.id}/cancel`);
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json<{ message: string }>().message).toBe('Cannot find the running request.');
    expect((await kiosk.device.get('/kiosk-device/requests')).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('fails with the kiosk’s own reason, translated, and when the kiosk refuses to take it', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    const refusing = await connectKiosk(kiosk.token, { ok: false });
    const refused = await ask(w, kiosk.id, { action: 'restart_app' });
    expect(refused).toMatchObject({ status: 'failed', error_code: 'kiosk_no_answer' });
    refusing.socket.disconnect();

    await connectKiosk(kiosk.token);
    const r = await ask(w, kiosk.id, { action: 'restart_app' });
    const failed = await progress(kiosk.device, r.id, { status: 'failed', reason: 'not_supported', detail: 'iPadOS' });
    expect(failed.statusCode, failed.body).toBe(200);
    w.admin.lang = 'ar';
    const seen = (await w.admin.get(`/kiosks/requests/${r.id}`)).json<Req>();
    w.admin.lang = undefined;
    expect(seen).toMatchObject({ status: 'failed', error_code: 'kiosk_failed_not_supported', detail: 'iPadOS' });
    expect(seen.error).toBe('لا يستطيع الكشك تنفيذ ذلك على جهازه.');
    const unknown = await progress(kiosk.device, r.id, { status: 'failed', reason: 'gremlins' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(fields(unknown))).toEqual(['reason']);
  });

  it('cancels a request the kiosk has not begun, and tells the kiosk', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    const { heard } = await connectKiosk(kiosk.token);
    const r = await ask(w, kiosk.id, { action: 'pull_database' });
    const canceled = await w.admin.post(`/kiosks/requests/${r.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<Req>().status).toBe('canceled');
    await until(() => heard.some((h) => h.event === 'requestEnded'), 'the kiosk told');
    expect(heard.find((h) => h.event === 'requestEnded')?.payload).toEqual({ id: r.id, status: 'canceled' });
    // What the kiosk says afterwards is not taken.
    expect((await progress(kiosk.device, r.id, { status: 'running' })).statusCode).toBe(422);
    expect(await remoteActionLog(w, kiosk.id)).toEqual(['placed', 'canceled']);
  });

  it('shares the screen while someone watches, and closes it when the viewer leaves', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    const { heard } = await connectKiosk(kiosk.token);
    const r = await ask(w, kiosk.id, { action: 'remote_show_screen' });
    expect(r.watching).toBe(true);
    expect((await w.admin.get(`/kiosks/requests/${r.id}/screen`)).statusCode).toBe(404);
    await progress(kiosk.device, r.id, { status: 'running' });

    const png = makePng(64, 48);
    const sent = await handOver(kiosk, r.id, 'screen', png);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sequence: 1 });
    const again = await handOver(kiosk, r.id, 'screen', png);
    expect(again.json()).toEqual({ sequence: 2 });
    const notImage = await handOver(kiosk, r.id, 'screen', Buffer.from('not an image'));
    expect(notImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notImage.statusCode).toBeLessThan(500);
    expect(Object.keys(fields(notImage))).toEqual(['file']);

    const screen = await w.admin.get(`/kiosks/requests/${r.id}/screen`);
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['content-type']).toContain('image/png');
    expect(screen.headers['x-screen-sequence']).toBe('2');
    expect(screen.headers['cache-control']).toContain('no-store');

    // Data is not a screen's to hand over.
    const wrong = await handOver(kiosk, r.id, 'data', Buffer.from('{}'));
    expect(wrong.statusCode).toBe(422);

    const watching = await w.admin.post(`/kiosks/requests/${r.id}/screen-share/start`);
    expect(watching.json<Req>().watching).toBe(true);
    await until(() => heard.some((h) => h.event === 'screenWatch'), 'the kiosk told someone watches');

    const closed = await w.admin.post(`/kiosks/requests/${r.id}/screen-share/end`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<Req>()).toMatchObject({ status: 'closed', watching: false });
    await until(() => heard.some((h) => h.event === 'requestEnded'), 'the kiosk told to stop');
    expect(heard.find((h) => h.event === 'requestEnded')?.payload).toEqual({ id: r.id, status: 'closed' });
    expect((await w.admin.post(`/kiosks/requests/${r.id}/screen-share/start`)).statusCode).toBe(422);
  });

  it('hands over the kiosk’s data as one JSON document', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    await connectKiosk(kiosk.token);
    const r = await ask(w, kiosk.id, { action: 'pull_database' });
    const bad = await handOver(kiosk, r.id, 'data', Buffer.from('{nope'));
    expect(bad.statusCode).toBe(400);
    expect(fields(bad).file).toEqual(["The kiosk's data must be one JSON document."]);
    const doc = { people: 3, queue: [{ at: '2026-12-03T10:00:00Z' }] };
    const put = await kiosk.device.upload(
      'PUT',
      `/kiosk-device/requests/${r.id}/data`,
      'file',
      Buffer.from(JSON.stringify(doc, null, 2)),
      'd.json',
      'application/json',
    );
    expect(put.statusCode, put.body).toBe(200);
    await progress(kiosk.device, r.id, { status: 'succeeded' });
    const seen = (await w.admin.get(`/kiosks/requests/${r.id}`)).json<Req>();
    expect(seen).toMatchObject({ status: 'succeeded', has_data: true, has_screen: false });
    const got = await w.admin.get(`/kiosks/requests/${r.id}/data`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toContain('attachment');
    expect(JSON.parse(got.body)).toEqual(doc);
  });

  it('turns the kiosk’s logging on when the kiosk confirms it; log lines are kept only while it is on', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    await connectKiosk(kiosk.token);
    const line = { level: 'info', message: 'Camera ready', at: new Date().toISOString() };
    const off = await kiosk.device.post('/kiosk-device/logs', { lines: [line] });
    expect(off.statusCode).toBe(422);
    expect(fields(off).lines).toEqual(['Logging is off for this kiosk.']);

    const on = await ask(w, kiosk.id, { action: 'kiosk_logging', enabled: true });
    // Not on until the kiosk says it did it.
    expect((await kiosk.device.post('/kiosk-device/logs', { lines: [line] })).statusCode).toBe(422);
    await progress(kiosk.device, on.id, { status: 'succeeded' });
    const beat = await kiosk.device.post('/kiosk-device/heartbeat', { app_version: '3.1.0' });
    expect(beat.json()).toMatchObject({ logging: true });
    const kept = await kiosk.device.post('/kiosk-device/logs', {
      lines: [line, { ...line, level: 'error', message: 'Printer jam' }],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ accepted: 2 });
    const old = await kiosk.device.post('/kiosk-device/logs', {
      lines: [{ ...line, at: new Date(Date.now() - 8 * 86_400_000).toISOString() }],
    });
    expect(old.statusCode).toBe(400);

    const logs = await w.admin.get(`/reports/kiosk-logs?kiosk_id=${kiosk.id}&kind=log`);
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json<{ data: unknown[] }>().data).toHaveLength(2);

    const offAgain = await ask(w, kiosk.id, { action: 'kiosk_logging', enabled: false });
    await progress(kiosk.device, offAgain.id, { status: 'succeeded' });
    expect((await kiosk.device.post('/kiosk-device/logs', { lines: [line] })).statusCode).toBe(422);
  });

  it('checks what can be checked before asking: the door relay, the door, face recognition, the app version and its key', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    const other = await pairKiosk(w);
    await connectKiosk(kiosk.token);

    const relayOff = await w.admin.post(`/kiosks/${kiosk.id}/requests`, { action: 'open_door' });
    expect(relayOff.statusCode).toBe(422);
    expect(fields(relayOff).action).toEqual([
      'This kiosk does not drive a door relay. Turn on the door relay in its settings first.',
    ]);
    expect((await w.admin.put(`/kiosks/${kiosk.id}/settings`, { door_relay: 1 })).statusCode).toBe(200);
    const mine = await w.admin.post('/doors', { area_id: w.areas.reception, name: 'Front', kiosk_id: kiosk.id });
    const theirs = await w.admin.post('/doors', { area_id: w.areas.reception, name: 'Side', kiosk_id: other.id });
    const notMine = await w.admin.post(`/kiosks/${kiosk.id}/requests`, {
      action: 'open_door',
      door_id: theirs.json<{ id: string }>().id,
    });
    expect(notMine.statusCode).toBe(422);
    expect(fields(notMine).door_id).toEqual(['This door is not opened by this kiosk.']);
    const door = await ask(w, kiosk.id, { action: 'open_door', door_id: mine.json<{ id: string }>().id });
    expect(door).toMatchObject({ status: 'delivered', params: { door_name: 'Front' } });
    expect(door.params.seconds).toBeGreaterThan(0);

    // Refresh face library: refused while the company has face sign-in off, asked once it is on.
    const face = await w.admin.post(`/kiosks/${kiosk.id}/requests`, { action: 'refresh_face_library' });
    expect(face.statusCode).toBe(422);
    expect(fields(face).action).toEqual([expect.stringMatching(/Face sign-in is turned off/)]);
    expect((await w.admin.put('/face-settings', { enabled: true })).statusCode).toBe(200);
    expect(await ask(w, kiosk.id, { action: 'refresh_face_library' })).toMatchObject({ status: 'delivered' });

    // No kiosk app built: no version to update to.
    expect((await w.admin.get('/kiosks/app-versions')).json()).toEqual({ data: [] });
    const none = await w.admin.post(`/kiosks/${kiosk.id}/requests`, {
      action: 'update_app',
      version: '3.2.0',
      key: 'k',
    });
    expect(none.statusCode).toBe(422);
    expect(fields(none).version).toEqual(['This version of the kiosk app is not available.']);

    writeFileSync(
      path.join(kioskDist, 'version.json'),
      JSON.stringify({ version: '3.2.0', key: 'abc123', built_at: '2026-12-01T09:00:00Z' }),
    );
    const versions = (await w.admin.get('/kiosks/app-versions')).json<{ data: unknown[] }>().data;
    expect(versions).toEqual([
      { version: '3.2.0', key: 'abc123', built_at: '2026-12-01T09:00:00Z', current: true, kiosks: 0 },
    ]);
    const wrongKey = await w.admin.post(`/kiosks/${kiosk.id}/requests`, {
      action: 'update_app',
      version: '3.2.0',
      key: 'x',
    });
    expect(wrongKey.statusCode).toBe(422);
    expect(fields(wrongKey).key).toEqual(['The key does not match this version of the kiosk app.']);
    const update = await ask(w, kiosk.id, { action: 'update_app', version: '3.2.0', key: 'abc123' });
    expect(update.params).toEqual({ version: '3.2.0' });
    expect(JSON.stringify(update)).not.toContain('abc123');
    // The kiosk is told the key, to check what it downloads.
    const open = (await kiosk.device.get('/kiosk-device/requests')).json<{ data: { id: string; params: unknown }[] }>();
    expect(open.data.find((d) => d.id === update.id)?.params).toEqual({ version: '3.2.0', key: 'abc123' });
    rmSync(path.join(kioskDist, 'version.json'));

    const unknown = await w.admin.post(`/kiosks/${kiosk.id}/requests`, { action: 'self_destruct' });
    expect(unknown.statusCode).toBe(400);
  });

  it('lists requests newest first: the company’s, one kiosk’s, by state and only the reader’s own', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const a = await pairKiosk(w);
    const b = await pairKiosk(w);
    const first = await ask(w, a.id, { action: 'restart_app' });
    const second = await ask(w, b.id, { action: 'push_restart' });
    const ids = (q: string) =>
      w.admin.get(`/kiosks/requests${q}`).then((r) => r.json<{ data: Req[]; count: number }>().data.map((d) => d.id));
    expect(await ids('')).toEqual([second.id, first.id]);
    expect(await ids(`?kiosk_id=${a.id}`)).toEqual([first.id]);
    expect(await ids('?status=failed&mine=true')).toEqual([second.id, first.id]);
    expect(await ids('?action=push_restart')).toEqual([second.id]);
    expect(await ids('?status=succeeded')).toEqual([]);
  });

  it('tells the kiosk its new settings at once, and that it was deregistered, closing its connection', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    const { socket, heard } = await connectKiosk(kiosk.token);
    expect((await w.admin.put(`/kiosks/${kiosk.id}/settings`, { brightness: 40 })).statusCode).toBe(200);
    await until(() => heard.some((h) => h.event === 'settings'), 'settings told');
    expect(heard.find((h) => h.event === 'settings')?.payload).toMatchObject({
      settings: { brightness: 40 },
      logging: false,
    });

    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const deregistered = await w.admin.delete(`/kiosks/${kiosk.id}`);
    expect(deregistered.statusCode, deregistered.body).toBeLessThan(300);
    await gone;
    expect(heard.some((h) => h.event === 'deregistered')).toBe(true);
    // Its token no longer opens a connection.
    await expect(connectKiosk(kiosk.token)).rejects.toThrow('kiosk_not_registered');
    await expect(connectKiosk('made-up')).rejects.toThrow('kiosk_not_registered');
  });

  it('answers who is signed in at the kiosk’s area', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w, w.areas.warehouse);
    const ada = await w.person('Ada');
    const bo = await w.person('Bo');
    await w.signInOne(ada.id, w.areas.warehouse);
    await w.signInOne(bo.id, w.areas.reception);
    const room = await w.admin.get(`/kiosks/${kiosk.id}/room-data`);
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json()).toMatchObject({
      count: 1,
      area: { id: w.areas.warehouse },
      people: [{ person: { id: ada.id } }],
    });
  });
});

describe('another company', () => {
  it('can neither see, move nor ask another company’s kiosk, and its kiosk cannot report on them', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const o = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    const theirKiosk = await pairKiosk(o);
    await connectKiosk(kiosk.token);
    const r = await ask(w, kiosk.id, { action: 'pull_database' });

    expect((await o.admin.get(`/kiosks/requests/${r.id}`)).statusCode).toBe(404);
    expect((await o.admin.post(`/kiosks/requests/${r.id}/cancel`)).statusCode).toBe(404);
    expect((await o.admin.post(`/kiosks/requests/${r.id}/screen-share/start`)).statusCode).toBe(404);
    expect((await o.admin.get(`/kiosks/requests/${r.id}/data`)).statusCode).toBe(404);
    expect((await o.admin.get('/kiosks/requests')).json<{ data: Req[] }>().data.map((d) => d.id)).not.toContain(r.id);
    expect((await o.admin.post(`/kiosks/${kiosk.id}/requests`, { action: 'restart_app' })).statusCode).toBe(404);
    expect((await o.admin.get(`/kiosks/${kiosk.id}/room-data`)).statusCode).toBe(404);

    expect((await progress(theirKiosk.device, r.id, { status: 'running' })).statusCode).toBe(404);
    const theirUpload = await handOver(theirKiosk, r.id, 'data', Buffer.from('{}'));
    expect(theirUpload.statusCode).toBe(404);
    expect((await w.admin.get(`/kiosks/requests/${r.id}`)).json<Req>()).toMatchObject({
      status: 'delivered',
      has_data: false,
    });
    const noToken = new TestClient(ctx.app);
    expect((await noToken.post(`/kiosk-device/requests/${r.id}/progress`, { status: 'running' })).statusCode).toBe(401);
  });
});

describe('the sweep', () => {
  it('fails what a kiosk took and never finished, past its deadline, and tells the kiosk to stop', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const kiosk = await pairKiosk(w);
    const { heard } = await connectKiosk(kiosk.token);
    const r = await ask(w, kiosk.id, { action: 'restart_app' });
    await progress(kiosk.device, r.id, { status: 'running' });

    // Within its five minutes it stands.
    expect(await sweepOverdueKioskRequests(ctx.app, new Date(Date.now() + 4 * 60_000))).not.toContain(r.id);
    const failed = await sweepOverdueKioskRequests(ctx.app, new Date(Date.now() + 6 * 60_000));
    expect(failed).toContain(r.id);
    const seen = (await w.admin.get(`/kiosks/requests/${r.id}`)).json<Req>();
    expect(seen).toMatchObject({ status: 'failed', error: 'The kiosk did not finish in time.' });
    await until(() => heard.some((h) => h.event === 'requestEnded'), 'the kiosk told');
    expect(await sweepOverdueKioskRequests(ctx.app, new Date(Date.now() + 7 * 60_000))).not.toContain(r.id);
    const logging = await withTenant(ctx.db.db, w.entity.id, (tx) =>
      tx.select({ logging: kiosks.logging }).from(kiosks).where(eq(kiosks.id, kiosk.id)),
    );
    expect(logging).toEqual([{ logging: false }]);
  });
});
