import { queryOptions } from '@tanstack/react-query';
import { KIOSK_PAIRING_POLL_MS, KIOSK_PAIRING_SECRET_HEADER, type PairingStatus } from '@app/shared/kiosks/schemas';
import { api } from '@/lib/api-client';

export const getPairingStatus = (secret: string, signal?: AbortSignal) =>
  api.get<PairingStatus>('/public/kiosk-pairings/status', {
    headers: { [KIOSK_PAIRING_SECRET_HEADER]: secret },
    handleErrors: false,
    signal,
  });

/** Asks every few seconds whether an admin has added the kiosk, also while the tablet's screen is dimmed. */
export const pairingStatusQueryOptions = (secret: string | null) =>
  queryOptions({
    queryKey: ['kiosk-register', 'status', secret],
    queryFn: ({ signal }) => getPairingStatus(secret!, signal),
    enabled: secret !== null,
    refetchInterval: KIOSK_PAIRING_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
  });
