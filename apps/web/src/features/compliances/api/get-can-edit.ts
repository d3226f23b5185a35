import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplianceCanEdit } from '@app/shared/compliances/schemas';
import { api } from '@/lib/api-client';
import { compliancesRootKey } from './compliances-query-key';

/** Spec can_edit_compliance: whether it has been answered, so the form can warn about versions. */
export const getCanEdit = (id: string, signal?: AbortSignal) =>
  api.get<ComplianceCanEdit>(`/compliances/${id}/can-edit`, { signal });

export const canEditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...compliancesRootKey, 'can-edit', id],
    // Also shows whether journeys or visits use it: read again when they change (lib/data-tags.ts).
    meta: { reads: ['journeys', 'visits'] },
    queryFn: ({ signal }) => getCanEdit(id, signal),
  });

export const useCanEdit = (id: string | null) => useQuery({ ...canEditQueryOptions(id ?? ''), enabled: id !== null });
