import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogList, AuditLogOptions, AuditLogQuery } from '@app/shared/reports/audit-log';
import { api } from '@/lib/api-client';
import { useKeysetQuery } from '@/lib/keyset-cursor';

// Under the company root, reading every other data: any change anywhere writes an entry, so the log is
// read again after each.
export const auditLogKey = ['company', 'audit-log'] as const;

export type AuditLogParams = Partial<Omit<AuditLogQuery, 'page' | 'limit'>> & { page: number; limit: number };

export const auditLogQueryOptions = (query: AuditLogParams) =>
  queryOptions({
    queryKey: [...auditLogKey, query],
    meta: {
      reads: [
        'announcements',
        'attendance',
        'compliances',
        'custom-fields',
        'expected-visits',
        'journeys',
        'people',
        'sites',
        'user-types',
        'visit-permits',
        'visits',
      ],
    },
    queryFn: ({ signal }) => api.get<AuditLogList>('/audit-log', { params: query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditLogParams, enabled: boolean) =>
  useQuery({ ...auditLogQueryOptions(useKeysetQuery(auditLogKey, query)), enabled });

/** The members, actions and target types the filters offer in the days shown. */
export const useAuditLogOptions = (range: { from: string; to: string }) =>
  useQuery({
    queryKey: [...auditLogKey, 'options', range],
    queryFn: ({ signal }) => api.get<AuditLogOptions>('/audit-log/options', { params: range, signal }),
    placeholderData: keepPreviousData,
  });
