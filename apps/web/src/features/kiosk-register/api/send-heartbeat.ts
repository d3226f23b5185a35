import { queryOptions } from '@tanstack/react-query';
import { KIOSK_HEARTBEAT_MS, type HeartbeatResponse } from '@app/shared/kiosks/schemas';
import { api } from '@/lib/api-client';

export const sendHeartbeat = (token: string, appVersion: string | null, signal?: AbortSignal) =>
  api.post<HeartbeatResponse>(
    '/kiosk-device/heartbeat',
    { app_version: appVersion },
    { headers: { authorization: `Bearer ${token}` }, handleErrors: false, signal },
  );

/**
 * The registered kiosk reports that it is alive every KIOSK_HEARTBEAT_MS, so the dashboard shows it
 * online; each answer says where the kiosk stands now (an admin may have renamed or moved it).
 */
export const heartbeatQueryOptions = (token: string | null, appVersion: string | null) =>
  queryOptions({
    queryKey: ['kiosk-register', 'heartbeat', token, appVersion],
    queryFn: ({ signal }) => sendHeartbeat(token!, appVersion, signal),
    enabled: token !== null,
    refetchInterval: KIOSK_HEARTBEAT_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
  });
