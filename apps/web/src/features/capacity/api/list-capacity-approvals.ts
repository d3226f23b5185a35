import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CapacityApprovalList, CapacityApprovalState } from '@app/shared/capacity/schemas';
import { api } from '@/lib/api-client';
import { capacityApprovalsKey } from './capacity-query-keys';

/** As many as the dashboard's card shows at once (the newest first). */
export const APPROVALS_SHOWN = 25;

export const listCapacityApprovals = (state: CapacityApprovalState, signal?: AbortSignal) =>
  api.get<CapacityApprovalList>('/capacity/approvals', { params: { state, limit: APPROVALS_SHOWN }, signal });

export const capacityApprovalsQueryOptions = (state: CapacityApprovalState) =>
  queryOptions({
    queryKey: [...capacityApprovalsKey, state],
    // Names people and places: read again when they change (lib/data-tags.ts).
    meta: { reads: ['people', 'sites'] },
    queryFn: ({ signal }) => listCapacityApprovals(state, signal),
  });

/** The requests to come in past a full place that wait for an admin, read while `enabled`. */
export const useWaitingApprovals = (enabled: boolean) =>
  useQuery({ ...capacityApprovalsQueryOptions('waiting'), enabled });
