import { describe, expect, it, vi } from 'vitest';
import type { DeviceKioskRequest, KioskRequestProgressBody } from '@app/shared/kiosks/requests';
import { createRemoteRequests, type RequestEffects } from './remote-requests';

const request = (action: DeviceKioskRequest['action'], params: DeviceKioskRequest['params'] = {}, watching = false) =>
  ({ id: `${action}-${Math.random()}`, action, params, status: 'pending', watching }) as DeviceKioskRequest;

/** Effects that record what the runner did; timers run when the test says. */
function effects(overrides: Partial<RequestEffects> = {}) {
  const reports: { id: string; body: KioskRequestProgressBody }[] = [];
  const timers: (() => void)[] = [];
  const did: string[] = [];
  const fx: RequestEffects = {
    progress: async (id, body) => void reports.push({ id, body }),
    doorRelay: () => 1,
    showDoorOpen: async (door, seconds) => void did.push(`door ${door ?? '-'} ${seconds}`),
    clearCaches: async () => void did.push('clear'),
    reload: () => void did.push('reload'),
    captureScreen: async () => new Blob(['png']),
    putScreen: async (id) => void did.push(`screen ${id}`),
    describeData: async () => ({ counts: { flows: 2 } }),
    putData: async (_id, data) => void did.push(`data ${await data.text()}`),
    setLogging: (on) => void did.push(`logging ${on}`),
    servedVersion: async () => ({ version: '0.2.0', key: 'k2' }),
    installUpdate: async () => void did.push('install'),
    refreshFaceLibrary: async () => 3,
    log: () => undefined,
    setTimer: (run) => {
      timers.push(run);
      return () => {
        const i = timers.indexOf(run);
        if (i >= 0) timers.splice(i, 1);
      };
    },
    ...overrides,
  };
  const statuses = (id: string) => reports.filter((r) => r.id === id).map((r) => r.body.status);
  return { fx, reports, timers, did, statuses };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('remote requests', () => {
  it('acknowledges at once, then opens the door for its seconds and says what it did', async () => {
    const { fx, reports, did, statuses } = effects();
    const runner = createRemoteRequests(fx);
    const open = request('open_door', { door_name: 'Main door', seconds: 7 });
    expect(runner.take(open)).toEqual({ ok: true });
    await settle();
    expect(statuses(open.id)).toEqual(['running', 'succeeded']);
    expect(did).toEqual(['door Main door 7']);
    expect(reports.at(-1)!.body).toMatchObject({ detail: expect.stringContaining('cannot switch a door relay') });
    expect(runner.active()).toEqual([]);
  });

  it('refuses to open the door while the kiosk drives no relay', async () => {
    const { fx, reports, did } = effects({ doorRelay: () => 0 });
    const open = request('open_door');
    createRemoteRequests(fx).take(open);
    await settle();
    expect(reports.map((r) => r.body)).toEqual([{ status: 'failed', reason: 'door_relay_off' }]);
    expect(did).toEqual([]);
  });

  it('reports a restart done before it reloads; a cold restart drops the caches first', async () => {
    const { fx, did, statuses } = effects();
    const runner = createRemoteRequests(fx);
    const restart = request('restart_app');
    runner.take(restart);
    await settle();
    expect(statuses(restart.id)).toEqual(['running', 'succeeded']);
    expect(did).toEqual(['reload']);
    const cold = request('push_restart');
    runner.take(cold);
    await settle();
    expect(statuses(cold.id)).toEqual(['running', 'succeeded']);
    expect(did).toEqual(['reload', 'clear', 'reload']);
  });

  it('says why a cold restart failed, and does not reload then', async () => {
    const { fx, reports, did } = effects({ clearCaches: () => Promise.reject(new Error('quota')) });
    createRemoteRequests(fx).take(request('push_restart'));
    await settle();
    expect(reports.at(-1)!.body).toEqual({ status: 'failed', reason: 'restart_failed', detail: 'quota' });
    expect(did).not.toContain('reload');
  });

  it('shares the screen only while someone watches, every interval, until the server ends it', async () => {
    const { fx, timers, did, statuses } = effects();
    const runner = createRemoteRequests(fx);
    const share = request('remote_show_screen', {}, false);
    runner.take(share);
    await settle();
    expect(statuses(share.id)).toEqual(['running']);
    expect(did).toEqual([]);
    runner.watch(share.id, true);
    timers.shift()!();
    await settle();
    expect(did).toEqual([`screen ${share.id}`]);
    timers.shift()!();
    await settle();
    expect(did).toHaveLength(2);
    runner.watch(share.id, false);
    timers.shift()!();
    await settle();
    expect(did).toHaveLength(2);
    runner.ended(share.id);
    expect(timers).toEqual([]);
    expect(runner.active()).toEqual([]);
  });

  it('fails a shared screen it cannot picture', async () => {
    const { fx, reports } = effects({ captureScreen: () => Promise.reject(new Error('no canvas')) });
    const runner = createRemoteRequests(fx);
    const share = request('remote_show_screen', {}, true);
    runner.take(share);
    await settle();
    await settle();
    expect(reports.at(-1)!.body).toEqual({ status: 'failed', reason: 'screen_unavailable', detail: 'no canvas' });
    expect(runner.active()).toEqual([]);
  });

  it('sends what it holds as a JSON file', async () => {
    const { fx, did, statuses } = effects();
    const pull = request('pull_database');
    createRemoteRequests(fx).take(pull);
    await settle();
    expect(statuses(pull.id)).toEqual(['running', 'succeeded']);
    expect(JSON.parse(did[0]!.replace(/^data /, ''))).toEqual({ counts: { flows: 2 } });
  });

  it('switches its logging as asked', async () => {
    const { fx, did, statuses } = effects();
    const runner = createRemoteRequests(fx);
    const on = request('kiosk_logging', { enabled: true });
    runner.take(on);
    await settle();
    expect(statuses(on.id)).toEqual(['running', 'succeeded']);
    expect(did).toEqual(['logging true']);
  });

  it('updates only to the build whose key was named', async () => {
    const { fx, did, reports } = effects();
    const runner = createRemoteRequests(fx);
    runner.take(request('update_app', { version: '0.2.0', key: 'other' }));
    await settle();
    expect(reports.at(-1)!.body).toMatchObject({ status: 'failed', reason: 'update_key_mismatch' });
    expect(did).toEqual([]);
    runner.take(request('update_app', { version: '0.2.0', key: 'k2' }));
    await settle();
    expect(reports.at(-1)!.body).toMatchObject({ status: 'succeeded' });
    expect(did).toEqual(['install', 'reload']);
  });

  it('fetches the face library again and says how many faces it holds, or why not', async () => {
    const held = effects();
    createRemoteRequests(held.fx).take(request('refresh_face_library'));
    await settle();
    expect(held.reports.map((r) => r.body)).toEqual([
      { status: 'running' },
      { status: 'succeeded', detail: '3 faces in the library.' },
    ]);
    const off = effects({ refreshFaceLibrary: async () => null });
    createRemoteRequests(off.fx).take(request('refresh_face_library'));
    await settle();
    expect(off.reports.at(-1)!.body).toEqual({
      status: 'failed',
      reason: 'not_supported',
      detail: 'This company has face sign-in turned off.',
    });
    const down = effects({ refreshFaceLibrary: () => Promise.reject(new Error('offline')) });
    createRemoteRequests(down.fx).take(request('refresh_face_library'));
    await settle();
    expect(down.reports.at(-1)!.body).toEqual({
      status: 'failed',
      reason: 'data_unavailable',
      detail: 'Cannot fetch the face library: offline',
    });
  });

  it('stops when the server refuses a report (the request was canceled meanwhile)', async () => {
    const progress = vi.fn(async (_id: string, body: KioskRequestProgressBody) => {
      if (body.status === 'running') throw new Error('Cannot find the running request.');
    });
    const { fx, did } = effects({ progress });
    createRemoteRequests(fx).take(request('restart_app'));
    await settle();
    expect(progress).toHaveBeenCalledTimes(1);
    expect(did).toEqual([]);
  });

  it('takes a request once, however often it is sent', async () => {
    const { fx, did } = effects();
    const runner = createRemoteRequests(fx);
    const restart = request('restart_app');
    runner.take(restart);
    runner.take(restart);
    await settle();
    expect(did).toEqual(['reload']);
  });
});
