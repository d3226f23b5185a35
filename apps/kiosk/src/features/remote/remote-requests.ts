// The kiosk's side of remote requests (decision 044): it acknowledges a request as soon as it takes it
// (the server marks it delivered), then reports it running and finished over HTTP. Only those moves,
// in that order; a report the server refuses (the request was canceled or closed meanwhile) ends it.
// The effects are given, so the rules are tested without a browser.
import type { KioskDataTopic } from '@app/shared/kiosks/channel';
import type { DeviceKioskRequest, KioskFailureReason, KioskRequestProgressBody } from '@app/shared/kiosks/requests';
import { LIMITS } from '../../lib/limits';

export type RequestEffects = {
  progress: (id: string, body: KioskRequestProgressBody) => Promise<void>;
  /** The kiosk's door relay mode now (0: it drives none). */
  doorRelay: () => number;
  /** Shows the door as open for `seconds`; resolves when the time is up. */
  showDoorOpen: (door: string | null, seconds: number) => Promise<void>;
  /** Drops what the kiosk keeps: its data, the service worker's caches. */
  clearCaches: () => Promise<void>;
  reload: () => void;
  /** A picture of what the kiosk shows now. */
  captureScreen: () => Promise<Blob>;
  putScreen: (id: string, picture: Blob) => Promise<void>;
  /** What the kiosk holds, as one JSON document. */
  describeData: () => Promise<unknown>;
  putData: (id: string, data: Blob) => Promise<void>;
  setLogging: (on: boolean) => void;
  /** The version the server serves now, read from the network (never a cache). */
  servedVersion: () => Promise<{ version: string; key: string }>;
  /** Fetches the served build into the service worker and switches to it. */
  installUpdate: () => Promise<void>;
  /** Fetches the face library again: how many faces it holds, null while the company has face sign-in off. */
  refreshFaceLibrary: () => Promise<number | null>;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
  setTimer: (run: () => void, ms: number) => () => void;
};

type Active = { request: DeviceKioskRequest; stop: () => void; watch?: (on: boolean) => void };

const detail = (text: string) => text.slice(0, LIMITS.detailMax);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Thrown by a step whose request ended meanwhile: nothing more is reported. */
class Ended extends Error {}

export type RemoteRequests = {
  /** A request from the connection: answered at once (the acknowledgement), then run. */
  take: (request: DeviceKioskRequest) => { ok: boolean };
  /** The server ended a request (canceled, closed, or failed by its sweep): stop it. */
  ended: (id: string) => void;
  /** Someone started or stopped watching a shared screen. */
  watch: (id: string, watching: boolean) => void;
  /** The requests running now (a shared screen). */
  active: () => DeviceKioskRequest[];
  /** Stops everything (the app is leaving). */
  stopAll: () => void;
};

export function createRemoteRequests(fx: RequestEffects): RemoteRequests {
  const active = new Map<string, Active>();
  const seen = new Set<string>();

  const report = async (id: string, body: KioskRequestProgressBody) => {
    if (!active.has(id)) throw new Ended();
    try {
      await fx.progress(id, body);
    } catch (error) {
      fx.log('warn', `request ${id}: ${body.status} not taken: ${messageOf(error)}`);
      finish(id);
      throw new Ended();
    }
  };
  const fail = (id: string, reason: KioskFailureReason, text?: string) =>
    report(id, { status: 'failed', reason, ...(text ? { detail: detail(text) } : {}) });
  const succeed = (id: string, text?: string) =>
    report(id, { status: 'succeeded', ...(text ? { detail: detail(text) } : {}) });
  const finish = (id: string) => {
    active.get(id)?.stop();
    active.delete(id);
  };

  /** A shared screen: a picture every two seconds while someone watches, until the request ends. */
  function shareScreen(request: DeviceKioskRequest) {
    let watching = request.watching;
    let cancel: (() => void) | null = null;
    let sending = false;
    const tick = () => {
      cancel = fx.setTimer(tick, LIMITS.screenIntervalMs);
      if (!watching || sending || !active.has(request.id)) return;
      sending = true;
      void fx
        .captureScreen()
        .then((picture) => fx.putScreen(request.id, picture))
        .catch(async (error: unknown) => {
          fx.log('warn', `screen share: ${messageOf(error)}`);
          if (!active.has(request.id)) return;
          await fail(request.id, 'screen_unavailable', messageOf(error)).catch(() => undefined);
          finish(request.id);
        })
        .finally(() => {
          sending = false;
        });
    };
    const entry = active.get(request.id)!;
    entry.stop = () => cancel?.();
    entry.watch = (on) => {
      watching = on;
    };
    tick();
  }

  async function run(request: DeviceKioskRequest) {
    const { id, params } = request;
    switch (request.action) {
      case 'open_door': {
        if (fx.doorRelay() === 0) return fail(id, 'door_relay_off');
        const seconds = params.seconds ?? LIMITS.doorOpenSeconds;
        await report(id, { status: 'running' });
        await fx.showDoorOpen(params.door_name ?? null, seconds);
        return succeed(
          id,
          `Showed "door open" on the kiosk for ${seconds} s. The kiosk runs in a web browser, which cannot switch a door relay itself.`,
        );
      }
      case 'restart_app':
        await report(id, { status: 'running' });
        await succeed(id, 'Reloading the app.');
        finish(id);
        return fx.reload();
      case 'push_restart':
        await report(id, { status: 'running' });
        try {
          await fx.clearCaches();
        } catch (error) {
          return fail(id, 'restart_failed', messageOf(error));
        }
        await succeed(id, 'Dropped the saved data and the app’s caches; reloading and fetching everything again.');
        finish(id);
        return fx.reload();
      case 'remote_show_screen':
        await report(id, { status: 'running' });
        shareScreen(request);
        return;
      case 'pull_database': {
        await report(id, { status: 'running' });
        try {
          const text = JSON.stringify(await fx.describeData(), null, 2);
          const file = new Blob([text], { type: 'application/json' });
          if (file.size > LIMITS.dataBytesMax)
            return fail(id, 'data_unavailable', `${file.size} bytes is over the limit`);
          await fx.putData(id, file);
        } catch (error) {
          if (error instanceof Ended) throw error;
          return fail(id, 'data_unavailable', messageOf(error));
        }
        return succeed(id);
      }
      case 'kiosk_logging': {
        const on = params.enabled ?? false;
        await report(id, { status: 'running' });
        fx.setLogging(on);
        return succeed(id, on ? 'Sending log lines.' : 'Stopped sending log lines.');
      }
      case 'update_app': {
        await report(id, { status: 'running' });
        let served: { version: string; key: string };
        try {
          served = await fx.servedVersion();
        } catch (error) {
          return fail(id, 'update_failed', `Cannot read the served version: ${messageOf(error)}`);
        }
        if (served.key !== params.key) {
          return fail(id, 'update_key_mismatch', `The server serves ${served.version} with another key.`);
        }
        try {
          await fx.installUpdate();
        } catch (error) {
          return fail(id, 'update_failed', messageOf(error));
        }
        await succeed(id, `Switching to ${served.version}.`);
        finish(id);
        return fx.reload();
      }
      case 'refresh_face_library': {
        await report(id, { status: 'running' });
        let held: number | null;
        try {
          held = await fx.refreshFaceLibrary();
        } catch (error) {
          return fail(id, 'data_unavailable', `Cannot fetch the face library: ${messageOf(error)}`);
        }
        if (held === null) return fail(id, 'not_supported', 'This company has face sign-in turned off.');
        return succeed(id, `${held} ${held === 1 ? 'face' : 'faces'} in the library.`);
      }
    }
  }

  return {
    take(request) {
      if (seen.has(request.id)) return { ok: true };
      seen.add(request.id);
      active.set(request.id, { request, stop: () => undefined });
      fx.log('info', `request ${request.action} ${request.id} taken`);
      void run(request)
        .catch((error: unknown) => {
          if (!(error instanceof Ended)) fx.log('error', `request ${request.action}: ${messageOf(error)}`);
        })
        .finally(() => {
          // A shared screen goes on after its start; everything else is over.
          if (request.action !== 'remote_show_screen') finish(request.id);
        });
      return { ok: true };
    },
    ended(id) {
      if (active.has(id)) fx.log('info', `request ${id} ended by the server`);
      finish(id);
    },
    watch(id, watching) {
      active.get(id)?.watch?.(watching);
    },
    active: () => [...active.values()].map((a) => a.request),
    stopAll() {
      for (const id of [...active.keys()]) finish(id);
    },
  };
}

/** The parts of the kiosk's data a `dataChanged` names that it keeps (others are ignored). */
export const KEPT_TOPICS: readonly KioskDataTopic[] = ['journey', 'announcements'];
