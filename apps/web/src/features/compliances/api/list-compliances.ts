import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ComplianceFormat,
  ComplianceFrequency,
  ComplianceListItem,
  ComplianceSortField,
} from '@app/shared/compliances/schemas';
import { api } from '@/lib/api-client';
import { compliancesRootKey } from './compliances-query-key';

/** GET /compliances's query, as the grid sends it (listCompliancesQuerySchema reads it). */
export type CompliancesQuery = {
  page: number;
  limit: number;
  search?: string;
  sortField: ComplianceSortField;
  orderBy: 'asc' | 'desc';
  format?: ComplianceFormat;
  frequency?: ComplianceFrequency;
};

export const listCompliances = (query: CompliancesQuery, signal?: AbortSignal) =>
  api.get<{ data: ComplianceListItem[]; count: number }>('/compliances', { params: query, signal });

export const compliancesQueryOptions = (query: CompliancesQuery) =>
  queryOptions({
    queryKey: [...compliancesRootKey, 'list', query],
    // Also shows the journeys that ask each compliance: read again when they change (lib/data-tags.ts).
    meta: { reads: ['journeys'] },
    queryFn: ({ signal }) => listCompliances(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` waits for the grid's saved preference, so the first page is asked for once. */
export const useCompliances = (query: CompliancesQuery, enabled: boolean) =>
  useQuery({ ...compliancesQueryOptions(query), enabled });
