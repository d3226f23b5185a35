import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RfidKiosk } from '@app/shared/rfid/schemas';
import { api } from '@/lib/api-client';
import { rfidRootKey } from './rfid-query-key';

export const listRfidKiosks = (signal?: AbortSignal) => api.get<RfidKiosk[]>('/rfid/kiosks', { signal });

export const rfidKiosksQueryOptions = () =>
  queryOptions({ queryKey: [...rfidRootKey, 'kiosks'], queryFn: ({ signal }) => listRfidKiosks(signal) });

export const useRfidKiosks = () => useQuery(rfidKiosksQueryOptions());
