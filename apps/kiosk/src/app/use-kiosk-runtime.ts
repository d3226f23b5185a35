// The kiosk's run: its data (fetched, kept in IndexedDB, used from there while offline for its offline
// window), its reports (heartbeat, log lines), its connection (settings, data changes, remote
// requests, deregistration), and what the screen needs to know of all that. A refused token ends the
// run at once: the token is forgotten and the tablet goes back to pairing.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import type { KioskFaceLibrary } from '@app/shared/kiosks/face-library';
import type { HeartbeatResponse, KioskSettings } from '@app/shared/kiosks/schemas';
import type { KioskRequestProgressBody } from '@app/shared/kiosks/requests';
import { connectKiosk } from '../lib/connection';
import {
  clearCache,
  describeCache,
  readBundle,
  readLogo,
  saveBundle,
  saveLogo,
  type CachedBundle,
} from '../lib/data-cache';
import { createDeviceApi, TOKEN_CHECK, TokenRefused, Unreachable, type DeviceApi } from '../lib/device-api';
import { forgetDeviceToken, pairingPageUrl, type DeviceToken } from '../lib/device-token';
import { createFaceLibrary, type FaceLibrary } from '../lib/face-library';
import { kioskLog } from '../lib/kiosk-log';
import { LIMITS } from '../lib/limits';
import { readPeopleMeta, syncPeople } from '../lib/people-cache';
import { createPeopleSync } from '../lib/people-sync';
import type { PeopleMeta } from '../lib/data-cache';
import { dataAge } from '../lib/offline-window';
import { pictureScreen } from '../lib/screen-picture';
import { dropAppCaches, installUpdate, servedVersion } from '../lib/service-worker';
import { useNow } from '../lib/use-now';
import { createRemoteRequests, KEPT_TOPICS } from '../features/remote/remote-requests';

export const APP_VERSION = __KIOSK_VERSION__;

/** While the server cannot be reached, the kiosk asks again this often. */
const OFFLINE_RETRY_MS = 10_000;
const LOG_SEND_MS = 5_000;
/** The people kept for offline use are fetched again this often while online (and when they change)… */
const PEOPLE_REFRESH_MS = 15 * 60_000;
/** …but never sooner than this after the last fetch. */
const PEOPLE_MIN_GAP_MS = 2 * 60_000;
/** The first fetch waits this long after the kiosk could reach the server (its first screen comes first). */
const PEOPLE_FIRST_DELAY_MS = 5_000;
const TOKEN_DOUBT = 'kiosk-token-doubt';

export type DoorOpen = { door: string | null; until: number };
export type Busy = 'restarting' | 'updating' | null;

export type KioskRuntime = {
  api: DeviceApi;
  /** The data the kiosk runs with (fresh, or kept), or null before any. */
  data: CachedBundle | null;
  /** The kiosk's settings now: as last told by the server, else as kept with the data. */
  settings: KioskSettings | null;
  logoUrl: string | null;
  /** null until the first call answered or failed. */
  reachable: boolean | null;
  connected: boolean;
  /** Whether the kept data is too old to use (offline past the offline window). */
  expired: boolean;
  /** The server could be reached but the data could not be had (and none is kept). */
  failed: boolean;
  door: DoorOpen | null;
  /** Shows the door open for `seconds` (a browser cannot switch the relay itself). */
  openDoor: (seconds: number) => void;
  busy: Busy;
  /** The people kept for offline use: how many, as of when; null before the first list. */
  people: PeopleMeta | null;
  /** The face library the kiosk holds in memory (decision 050). */
  faces: FaceLibrary;
};

let leaving = false;
/** Back to pairing, once: a deregistration and a refused token often say so together. */
function leave(reason: string) {
  if (leaving) return;
  leaving = true;
  kioskLog.write('warn', `leaving for pairing: ${reason}`);
  forgetDeviceToken();
  void clearCache().finally(() => location.replace(pairingPageUrl(APP_VERSION)));
}

export function useKioskRuntime(device: DeviceToken): KioskRuntime {
  const [data, setData] = useState<CachedBundle | null>(null);
  const [liveSettings, setLiveSettings] = useState<KioskSettings | null>(null);
  const [logging, setLogging] = useState<boolean | null>(null);
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const [reachable, setReachable] = useState<boolean | null>(null);
  const [connected, setConnected] = useState(false);
  const [failed, setFailed] = useState(false);
  const [door, setDoor] = useState<DoorOpen | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [people, setPeople] = useState<PeopleMeta | null>(null);
  const now = useNow(30_000);

  const api = useMemo(
    () =>
      createDeviceApi(device.token, {
        onTokenRefused: () => leave('token refused'),
        // Another call refused: the heartbeat (the token check) says whether the token is really gone.
        onTokenDoubt: () => window.dispatchEvent(new Event(TOKEN_DOUBT)),
        onReachable: (ok) => setReachable(ok),
      }),
    [device.token],
  );

  const settings = liveSettings ?? data?.bundle.kiosk.settings ?? null;
  const settingsRef = useRef(settings);
  useEffect(() => {
    settingsRef.current = settings;
  }, [settings]);

  // ---- data ----
  const showLogo = useCallback((blob: Blob | null) => {
    setLogoUrl((old) => {
      if (old) URL.revokeObjectURL(old);
      return blob ? URL.createObjectURL(blob) : null;
    });
  }, []);

  const fetchData = useCallback(async () => {
    try {
      const bundle = await api.json<KioskJourneyBundle>('GET', '/kiosk-device/journey');
      const logo = bundle.logo ? await api.blob('/kiosk-device/logo') : null;
      const cached = await saveBundle(bundle);
      await saveLogo(logo);
      setData(cached);
      setLiveSettings(null);
      setLogging(bundle.kiosk.logging);
      showLogo(logo);
      setFailed(false);
      kioskLog.write(
        'info',
        `data fetched (${bundle.flows.length} flows, ${bundle.announcements.length} announcements)`,
      );
    } catch (error) {
      if (error instanceof TokenRefused) return;
      if (!(error instanceof Unreachable)) setFailed(true);
      kioskLog.write('warn', `data not fetched: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, [api, showLogo]);

  // The people for offline use: fetched in the background, never in the way, and not again sooner
  // than PEOPLE_MIN_GAP_MS whatever the server says changed (decision 046).
  const peopleSync = useMemo(
    () =>
      createPeopleSync(
        async () => {
          try {
            const meta = await syncPeople(api);
            setPeople(meta);
            kioskLog.write('info', `people kept for offline use: ${meta.count}`);
          } catch (error) {
            if (!(error instanceof TokenRefused))
              kioskLog.write('warn', `people not fetched: ${error instanceof Error ? error.message : String(error)}`);
          }
        },
        { minGapMs: PEOPLE_MIN_GAP_MS },
      ),
    [api],
  );
  useEffect(() => () => peopleSync.stop(), [peopleSync]);
  const fetchPeople = useCallback(() => peopleSync.request(), [peopleSync]);
  useEffect(() => {
    void readPeopleMeta().then(
      (kept) => setPeople((fresh) => fresh ?? kept),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    if (reachable !== true) return;
    // Once the first screen is up and the tablet idle: the list is for later, the welcome is for now.
    const first = setTimeout(fetchPeople, PEOPLE_FIRST_DELAY_MS);
    const timer = setInterval(fetchPeople, PEOPLE_REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [reachable, fetchPeople]);

  // The face library: in memory only, fetched when the server is reachable and when faces change.
  const faces = useMemo(
    () => createFaceLibrary(() => api.json<KioskFaceLibrary>('GET', '/kiosk-device/face-library')),
    [api],
  );
  const fetchFaces = useCallback(() => {
    faces.refresh().then(
      (held) => kioskLog.write('info', held === null ? 'face sign-in off' : `face library: ${held} faces`),
      (error: unknown) =>
        kioskLog.write('warn', `face library not fetched: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, [faces]);
  useEffect(() => {
    if (reachable === true) fetchFaces();
  }, [reachable, fetchFaces]);

  // The kept data first (the screen is up at once, online or not), then the server's.
  useEffect(() => {
    let stop = false;
    void (async () => {
      try {
        const [kept, logo] = await Promise.all([readBundle(), readLogo()]);
        if (!stop && kept) {
          setData((fresh) => fresh ?? kept);
          showLogo(logo);
        }
      } catch (error) {
        kioskLog.write('warn', `kept data unreadable: ${String(error)}`);
      }
      if (!stop) await fetchData();
    })();
    return () => {
      stop = true;
    };
  }, [fetchData, showLogo]);

  // ---- heartbeat ----
  const beat = useCallback(async () => {
    try {
      const answer = await api.json<HeartbeatResponse>('POST', TOKEN_CHECK, { app_version: APP_VERSION });
      setLiveSettings(answer.settings);
      setLogging(answer.logging);
      return true;
    } catch {
      return false;
    }
  }, [api]);
  useEffect(() => {
    const check = () => void beat();
    window.addEventListener(TOKEN_DOUBT, check);
    return () => window.removeEventListener(TOKEN_DOUBT, check);
  }, [beat]);
  const wasReachable = useRef<boolean | null>(null);
  useEffect(() => {
    const every = reachable === false ? OFFLINE_RETRY_MS : LIMITS.heartbeatMs;
    const first = setTimeout(() => void beat(), 0);
    const timer = setInterval(() => void beat(), every);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [beat, reachable]);
  // Back online: what changed meanwhile is fetched again.
  useEffect(() => {
    if (wasReachable.current === false && reachable === true) void fetchData();
    wasReachable.current = reachable;
  }, [reachable, fetchData]);

  // ---- log lines while logging is on ----
  useEffect(() => {
    kioskLog.sending(logging === true);
    if (!logging) return;
    const timer = setInterval(() => {
      const lines = kioskLog.take();
      if (lines.length === 0) return;
      api.json('POST', '/kiosk-device/logs', { lines }).catch(() => kioskLog.putBack(lines));
    }, LOG_SEND_MS);
    return () => clearInterval(timer);
  }, [api, logging]);

  // ---- the door: opened by a remote request, or by the flow on a sign-in ----
  const showDoorOpen = useCallback(
    (name: string | null, seconds: number) =>
      new Promise<void>((resolve) => {
        const open: DoorOpen = { door: name, until: Date.now() + seconds * 1000 };
        setDoor(open);
        kioskLog.write('info', `door open for ${seconds} s${name ? ` (${name})` : ''}`);
        setTimeout(() => {
          // A later opening keeps the door open for its own time.
          setDoor((now) => (now === open ? null : now));
          resolve();
        }, seconds * 1000);
      }),
    [],
  );

  // ---- connection, and the remote requests it brings ----
  useEffect(() => {
    const requests = createRemoteRequests({
      progress: async (id, body: KioskRequestProgressBody) => {
        await api.json('POST', `/kiosk-device/requests/${id}/progress`, body);
      },
      doorRelay: () => settingsRef.current?.door_relay ?? 0,
      showDoorOpen,
      clearCaches: async () => {
        setBusy('restarting');
        await Promise.all([clearCache(), dropAppCaches()]);
      },
      reload: () => {
        setBusy((b) => b ?? 'restarting');
        // A moment for the last report to leave and the screen to say so.
        setTimeout(() => location.reload(), 300);
      },
      captureScreen: () => pictureScreen(),
      putScreen: async (id, picture) => {
        if (picture.size > LIMITS.screenBytesMax) throw new Error('The picture is too large');
        await api.upload(`/kiosk-device/requests/${id}/screen`, picture, 'screen.png');
      },
      describeData: async () => ({
        kiosk: { ...device.registration, app_version: APP_VERSION },
        taken_at: new Date().toISOString(),
        online: navigator.onLine,
        settings: settingsRef.current,
        cache: await describeCache(),
        faces: { version: faces.current()?.version ?? null, people: faces.current()?.matcher.size ?? 0 },
        log: kioskLog.recent(),
      }),
      putData: async (id, file) => {
        await api.upload(`/kiosk-device/requests/${id}/data`, file, 'kiosk-data.json');
      },
      setLogging: (on) => setLogging(on),
      servedVersion,
      refreshFaceLibrary: () => faces.refresh(),
      installUpdate: async () => {
        setBusy('updating');
        try {
          await installUpdate();
        } catch (error) {
          setBusy(null);
          throw error;
        }
      },
      log: (level, message) => kioskLog.write(level, message),
      setTimer: (run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
    });
    const disconnect = connectKiosk(device.token, {
      connected: (on) => {
        setConnected(on);
        if (on) {
          kioskLog.write('info', 'connected');
          void beat();
        }
      },
      // The handshake says so also when the server could not look the token up: the heartbeat asks.
      refused: () => void beat(),
      request: (request) => requests.take(request),
      requestEnded: ({ id }) => requests.ended(id),
      screenWatch: ({ id, watching }) => requests.watch(id, watching),
      settings: (payload) => {
        setLiveSettings(payload.settings);
        setLogging(payload.logging);
        kioskLog.write('info', 'settings changed');
      },
      dataChanged: ({ topics }) => {
        if (topics.some((topic) => KEPT_TOPICS.includes(topic))) void fetchData();
        if (topics.includes('people')) fetchPeople();
        if (topics.includes('faces')) fetchFaces();
      },
      deregistered: () => leave('deregistered'),
    });
    return () => {
      disconnect();
      requests.stopAll();
    };
  }, [api, device.token, device.registration, beat, fetchData, fetchPeople, fetchFaces, faces, showDoorOpen]);

  const expired =
    reachable === false &&
    data !== null &&
    !dataAge(data.fetched_at, settings?.offline_hours ?? LIMITS.offlineHours, now).usable;

  return {
    api,
    data,
    settings,
    logoUrl,
    reachable,
    connected,
    expired,
    failed: failed && data === null,
    door,
    openDoor: (seconds: number) => void showDoorOpen(null, seconds),
    busy,
    people,
    faces,
  };
}
