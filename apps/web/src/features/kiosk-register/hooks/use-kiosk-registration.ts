// The tablet's side of pairing, as a small state machine over what localStorage keeps:
//   no device known      → the page asks for the MAC address;
//   device, nothing kept → ask the server for a code;
//   a pairing kept       → show its code, count down, ask every few seconds whether it was added,
//                          and take a new code when it expires;
//   a device token kept  → registered: report alive every KIOSK_HEARTBEAT_MS.
// A deregistered kiosk (its token refused) starts pairing again by itself. Answers change the state in
// the callbacks that receive them, never in effects that watch them.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { KIOSK_PAIRING_TTL_MS, type KioskRegistration } from '@app/shared/kiosks/schemas';
import { ApiError } from '@/lib/api-client';
import { useCreatePairing } from '../api/create-pairing';
import { getPairingStatus, pairingStatusQueryOptions } from '../api/get-pairing-status';
import { heartbeatQueryOptions, sendHeartbeat } from '../api/send-heartbeat';
import {
  isSameDevice,
  readStoredKiosk,
  writeStoredKiosk,
  type KioskDevice,
  type StoredKiosk,
} from '../utils/kiosk-storage';
import type { QueryDevice } from '../utils/query-device';
import { useNow } from '@/lib/use-now';

/** After a failed request for a code (no network, the server busy), the next try comes this much later. */
const RETRY_MS = 5000;

export type KioskPhase =
  | { name: 'needs-device'; mac: string; version: string; error: string | null }
  | { name: 'requesting'; error: string | null }
  | { name: 'waiting'; code: string; remainingMs: number; totalMs: number; device: KioskDevice; connected: boolean }
  | {
      name: 'registered';
      registration: KioskRegistration;
      device: KioskDevice;
      /** null until the first report was answered. */
      online: boolean | null;
      lastReportAt: number | null;
    }
  | { name: 'token-lost' };

export type KioskNotice = 'deregistered' | null;

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

export function useKioskRegistration(query: QueryDevice) {
  const queryDevice = query.kind === 'device' ? query.device : null;
  const [stored, setStored] = useState<StoredKiosk | null>(() => {
    const kept = readStoredKiosk();
    // The kiosk app names another device than the one kept (storage copied, hardware swapped): start over.
    return kept && isSameDevice(kept, queryDevice) ? kept : null;
  });
  const [device, setDevice] = useState<KioskDevice | null>(() => queryDevice ?? stored?.device ?? null);
  // The address the server refused last, with its message, for the form to show again.
  const [refused, setRefused] = useState<{ mac: string; version: string; message: string } | null>(null);
  const [notice, setNotice] = useState<KioskNotice>(null);
  const [tokenLost, setTokenLost] = useState(false);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const now = useNow(1000);

  const save = useCallback((next: StoredKiosk | null) => {
    writeStoredKiosk(next);
    setStored(next);
  }, []);

  // A pairing whose time ran out on this tablet's clock counts as gone, whatever the last poll said.
  const pairing = stored?.kind === 'pairing' && now < stored.deadline ? stored : null;
  const registered = stored?.kind === 'registered' ? stored : null;

  // ---- asking for a code ----
  const create = useCreatePairing();
  const { mutate } = create;
  const asking = useRef(false);
  const needsCode = device !== null && pairing === null && registered === null && !tokenLost;
  const retryDue = retryAt === null || now >= retryAt;
  useEffect(() => {
    if (!needsCode || !retryDue || asking.current) return;
    asking.current = true;
    const target = device;
    mutate(
      { mac_address: target.mac, app_version: target.version },
      {
        onSuccess: (answer) => {
          setRetryAt(null);
          setRefused(null);
          // Counted on this tablet's clock from now, so a wrong clock neither shortens nor stretches it.
          save({
            kind: 'pairing',
            device: target,
            code: answer.code,
            secret: answer.secret,
            deadline: Date.now() + KIOSK_PAIRING_TTL_MS,
          });
        },
        onError: (error) => {
          // A MAC address the server refuses goes back to the form with its message.
          if (error instanceof ApiError && error.status === 400) {
            setRefused({
              mac: target.mac,
              version: target.version ?? '',
              message: error.fields.mac_address?.[0] ?? error.message,
            });
            setDevice(null);
            return;
          }
          setRetryAt(Date.now() + RETRY_MS);
        },
        onSettled: () => {
          asking.current = false;
        },
      },
    );
  }, [needsCode, retryDue, device, mutate, save]);

  // ---- waiting to be added ----
  const status = useQuery({
    ...pairingStatusQueryOptions(pairing?.secret ?? null),
    queryFn: async ({ signal }) => {
      const kept = pairing!;
      try {
        const answer = await getPairingStatus(kept.secret, signal);
        if (answer.status === 'expired') save(null);
        else if (answer.status === 'registered') {
          if (answer.device_token) {
            save({
              kind: 'registered',
              device: kept.device,
              token: answer.device_token,
              registration: answer.registration,
            });
          } else {
            // Added, but the one-time token went to another screen showing the same code.
            setTokenLost(true);
            save(null);
          }
        }
        return answer;
      } catch (error) {
        // The server forgot the pairing (cleared after a day): ask for a new code.
        if (isStatus(error, 404)) save(null);
        throw error;
      }
    },
  });

  // ---- registered ----
  const beat = useQuery({
    ...heartbeatQueryOptions(registered?.token ?? null, registered?.device.version ?? null),
    queryFn: async ({ signal }) => {
      const kept = registered!;
      try {
        const answer = await sendHeartbeat(kept.token, kept.device.version, signal);
        // An admin may have renamed or moved the kiosk since.
        if (JSON.stringify(answer.registration) !== JSON.stringify(kept.registration)) {
          save({ ...kept, registration: answer.registration });
        }
        return answer;
      } catch (error) {
        // The token is refused: an admin deregistered the kiosk. Pair again.
        if (isStatus(error, 401)) {
          setNotice('deregistered');
          save(null);
        }
        throw error;
      }
    },
  });

  // ---- what the page shows ----
  let phase: KioskPhase;
  if (tokenLost) phase = { name: 'token-lost' };
  else if (registered) {
    phase = {
      name: 'registered',
      registration: registered.registration,
      device: registered.device,
      online: beat.isPending ? null : !beat.isError,
      lastReportAt: beat.dataUpdatedAt || null,
    };
  } else if (pairing) {
    phase = {
      name: 'waiting',
      code: pairing.code,
      device: pairing.device,
      // `now` ticks once a second and may be a moment older than the deadline's start.
      remainingMs: Math.min(KIOSK_PAIRING_TTL_MS, Math.max(0, pairing.deadline - now)),
      totalMs: KIOSK_PAIRING_TTL_MS,
      // Polls that fail (no network) leave the code on screen; the page says it is reconnecting.
      connected: !status.isError,
    };
  } else if (device) {
    phase = { name: 'requesting', error: create.isError ? create.error.message : null };
  } else {
    const initial = refused ?? (query.kind === 'invalid' ? query : { mac: '', version: '' });
    phase = { name: 'needs-device', mac: initial.mac, version: initial.version, error: refused?.message ?? null };
  }

  return {
    phase,
    notice,
    /** The form's answer: a MAC address (and version) checked with the shared rules. */
    chooseDevice: (next: KioskDevice) => {
      setNotice(null);
      setRefused(null);
      setDevice(next);
    },
    /** After the token went elsewhere: forget everything and show a new code. */
    startOver: () => {
      setTokenLost(false);
      save(null);
    },
  };
}
