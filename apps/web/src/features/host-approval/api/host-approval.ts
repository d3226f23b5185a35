import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostApproval, HostApprovalDecision, HostApprovalDecisionBody } from '@app/shared/webhooks/host-approvals';
import { ApiError, api } from '@/lib/api-client';

// The page explains every refusal itself (an unknown, used or expired link): no navigation to the error
// pages, no toast. Reading the link decides nothing; only the host's button does.
const url = (token: string) => `/public/host-approvals/${encodeURIComponent(token)}`;

export const hostApprovalQueryKey = (token: string) => ['host-approval', token] as const;

/** A refusal of the link itself, as opposed to a network failure worth trying again. */
export const isLinkRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export const useHostApproval = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: hostApprovalQueryKey(token),
      queryFn: ({ signal }) => api.get<HostApproval>(url(token), { handleErrors: false, signal }),
      staleTime: 0,
      retry: (count, error) => count < 2 && !isLinkRefusal(error),
    }),
  );

export const useDecideHostApproval = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HostApprovalDecisionBody) =>
      api.post<HostApprovalDecision>(url(token), body, { handleErrors: false }),
    onSuccess: (answer) => queryClient.setQueryData(hostApprovalQueryKey(token), answer.data),
    // Used or decided meanwhile: the page reads the link again and says so.
    onError: (error) => {
      if (isLinkRefusal(error)) void queryClient.invalidateQueries({ queryKey: hostApprovalQueryKey(token) });
    },
  });
};
