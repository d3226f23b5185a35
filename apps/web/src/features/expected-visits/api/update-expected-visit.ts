import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpectedVisit, ExpectedVisitBody } from '@app/shared/expected-visits/schemas';
import { api } from '@/lib/api-client';
import { invalidateExpectedVisits } from './expected-visits-query-key';

export const updateExpectedVisit = ({ id, body }: { id: string; body: ExpectedVisitBody }) =>
  api.put<{ message: string; data: ExpectedVisit }>(`/expected-visits/${encodeURIComponent(id)}`, body);

export const useUpdateExpectedVisit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpectedVisit,
    onSuccess: () => invalidateExpectedVisits(queryClient),
  });
};
