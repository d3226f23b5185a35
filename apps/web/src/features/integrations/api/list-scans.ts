import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SCAN_STATUSES, scanListSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { scansKey } from './view-query-keys';

export type ScanList = z.infer<typeof scanListSchema>;
export type IntegrationScan = ScanList['data'][number];
export type ScanStatus = (typeof SCAN_STATUSES)[number];
export type ScansParams = { page: number; limit: number; status?: ScanStatus };

/** GET /integrations/{id}/scans: the sign-ins and sign-outs written back to the directory, latest first. */
export const listScans = (id: string, params: ScansParams, signal?: AbortSignal) =>
  api.get<ScanList>(`/integrations/${id}/scans`, { params, signal });

export const scansQueryOptions = (id: string, params: ScansParams) =>
  queryOptions({
    queryKey: [...scansKey(id), params],
    queryFn: ({ signal }) => listScans(id, params, signal),
    placeholderData: keepPreviousData,
  });

export const useScans = (id: string | null, params: ScansParams) =>
  useQuery({ ...scansQueryOptions(id ?? '', params), enabled: id !== null });
