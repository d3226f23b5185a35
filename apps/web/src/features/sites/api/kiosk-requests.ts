// Remote actions on a kiosk (decision 044): ask, cancel, watch a shared screen, and the kiosk's requests.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KioskAppVersion, KioskRequest, KioskRequestBody } from '@app/shared/kiosks/requests';
import { api } from '@/lib/api-client';
import { kiosksRootKey } from './kiosks-query-key';

/** The requests of every kiosk sit under one key: an event about one kiosk refreshes its list only. */
export const kioskRequestsRootKey = [...kiosksRootKey, 'requests'] as const;
export const kioskRequestsKey = (kioskId: string) => [...kioskRequestsRootKey, kioskId] as const;

/** The most recent requests a kiosk's panel shows. */
export const KIOSK_REQUESTS_SHOWN = 20;

export const listKioskRequests = (kioskId: string, signal?: AbortSignal) =>
  api.get<{ data: KioskRequest[]; count: number }>('/kiosks/requests', {
    params: { kiosk_id: kioskId, limit: KIOSK_REQUESTS_SHOWN },
    signal,
  });

export const kioskRequestsQueryOptions = (kioskId: string) =>
  queryOptions({
    queryKey: kioskRequestsKey(kioskId),
    queryFn: ({ signal }) => listKioskRequests(kioskId, signal),
  });

export const useKioskRequests = (kioskId: string | null) =>
  useQuery({ ...kioskRequestsQueryOptions(kioskId ?? ''), enabled: kioskId !== null });

/** The answer is the request: failed with its reason when the kiosk could not be reached (spec §8). */
export const placeKioskRequest = ({ kioskId, body }: { kioskId: string; body: KioskRequestBody }) =>
  api.post<KioskRequest>(`/kiosks/${kioskId}/requests`, body);

export const cancelKioskRequest = (id: string) => api.post<KioskRequest>(`/kiosks/requests/${id}/cancel`);

/** The viewer of a shared screen opened (the kiosk sends pictures) or closed it (the request is closed). */
export const watchKioskScreen = (id: string, watching: boolean) =>
  api.post<KioskRequest>(`/kiosks/requests/${id}/screen-share/${watching ? 'start' : 'end'}`);

/** Each change puts the request into its kiosk's list at once; the event that follows confirms it. */
function useRequestMutation<V>(mutationFn: (variables: V) => Promise<KioskRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (request) => queryClient.invalidateQueries({ queryKey: kioskRequestsKey(request.kiosk_id) }),
  });
}

export const usePlaceKioskRequest = () => useRequestMutation(placeKioskRequest);
export const useCancelKioskRequest = () => useRequestMutation(cancelKioskRequest);

export const useKioskAppVersions = (enabled: boolean) =>
  useQuery({
    queryKey: [...kiosksRootKey, 'app-versions'],
    queryFn: ({ signal }) => api.get<{ data: KioskAppVersion[] }>('/kiosks/app-versions', { signal }),
    enabled,
  });

/** Ends a screen share; `leaving`: the page is being left, so the call must outlive it. */
export const endScreenShare = (id: string, leaving: boolean) =>
  void api
    .post(`/kiosks/requests/${id}/screen-share/end`, undefined, { keepalive: leaving, handleErrors: false })
    .catch(() => undefined);

/** Where the latest picture of a shared screen is read, and the data a kiosk handed over. */
export const kioskScreenUrl = (id: string, sequence: number) => `/api/v1/kiosks/requests/${id}/screen?n=${sequence}`;
export const kioskDataUrl = (id: string) => `/api/v1/kiosks/requests/${id}/data`;
