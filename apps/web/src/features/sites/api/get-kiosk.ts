import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Kiosk } from '@app/shared/kiosks/schemas';
import { api } from '@/lib/api-client';
import { kiosksRootKey } from './kiosks-query-key';

export const getKiosk = (id: string, signal?: AbortSignal) => api.get<Kiosk>(`/kiosks/${id}`, { signal });

export const kioskQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...kiosksRootKey, 'one', id], queryFn: ({ signal }) => getKiosk(id, signal) });

/** One kiosk with its settings (spec: get_kiosk_with_setting), for the settings form. */
export const useKiosk = (id: string | null) => useQuery({ ...kioskQueryOptions(id ?? ''), enabled: id !== null });
